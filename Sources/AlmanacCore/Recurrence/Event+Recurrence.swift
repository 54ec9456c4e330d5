/// What the recurrence engine reads from an event: its rule, and the RDATE, EXDATE,
/// STATUS and RECURRENCE-ID lines an iCalendar source kept in its `ics` extras.
extension Event {
    /// The kept iCalendar lines of the event (`extras.ics.properties`), read as content lines.
    private var keptLines: [KeptLine] {
        guard let members = extras["ics"]?.members,
              let properties = members.first(where: { $0.key == "properties" })?.value.elements else { return [] }
        return properties.compactMap { $0.string.flatMap(KeptLine.init) }
    }

    /// Whether the event repeats: it has a rule, or RDATEs.
    public var isRecurring: Bool {
        if let recurrence, !recurrence.isEmpty { return true }
        return keptLines.contains { $0.name == "RDATE" || $0.name == "RRULE" }
    }

    /// The event's recurrence set, `nil` without a start; throws when a rule is not RFC 5545 text.
    public func recurrenceSet() throws(RecurrenceRuleError) -> RecurrenceSet? {
        guard let start else { return nil }
        var set = RecurrenceSet(start: start, end: end)
        if let recurrence, !recurrence.isEmpty { set.rules.append(try RecurrenceRule(parsing: recurrence)) }
        for line in keptLines {
            switch line.name {
            case "RRULE": set.rules.append(try RecurrenceRule(parsing: line.value))
            case "RDATE": set.dates += line.recurrenceDates
            case "EXDATE": set.exceptions += line.times
            default: break
            }
        }
        return set
    }

    /// Whether the event (or this occurrence) is cancelled: `STATUS:CANCELLED`.
    public var isCancelled: Bool {
        keptLines.contains { $0.name == "STATUS" && $0.value.uppercased() == "CANCELLED" }
    }

    /// Whether this changed occurrence changes the later ones too (`RECURRENCE-ID;RANGE=THISANDFUTURE`).
    public var changesLaterOccurrences: Bool {
        keptLines.contains { $0.name == "RECURRENCE-ID" && $0.parameters["RANGE"]?.uppercased() == "THISANDFUTURE" }
    }

    /// The first occurrence of a recurring event that starts on `day` or later; its start
    /// for an event that does not repeat or whose rule cannot be read.
    public func nextOccurrence(onOrAfter day: CivilDate) -> CalendarTime? {
        guard isRecurring, let set = try? recurrenceSet() else { return start }
        return set.firstOccurrence(onOrAfter: day)?.start
    }
}
