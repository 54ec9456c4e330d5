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

    /// The first occurrence of a recurring event that starts on `day` or later (on its own
    /// clock); `nil` for an event that does not repeat, has no later occurrence, or whose
    /// rule cannot be read.
    public func nextOccurrence(onOrAfter day: CivilDate) -> RecurrenceSet.Occurrence? {
        guard isRecurring, let set = try? recurrenceSet() else { return nil }
        return set.firstOccurrence(onOrAfter: day)
    }

    /// The event as a calendar places it relative to `day`: a recurring event at its next
    /// occurrence on or after `day` (start and end), any other event as it is.
    public func placed(onOrAfter day: CivilDate) -> Event {
        guard let next = nextOccurrence(onOrAfter: day) else { return self }
        var copy = self
        copy.start = next.start
        copy.end = next.end
        return copy
    }

    /// The rule in words ("every week on Monday"), `nil` without a readable rule.
    public var recurrenceWords: String? {
        guard let recurrence, let rule = try? RecurrenceRule(parsing: recurrence) else { return nil }
        return rule.words(start: start)
    }
}
