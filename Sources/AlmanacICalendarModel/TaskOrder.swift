import AlmanacCore

/// The order of an event's tasks where the input's order cannot carry it: a calendar
/// folder holds each task in a file of its own, and files have no order. There, each
/// VEVENT lists its tasks in order with `RELATED-TO;RELTYPE=CHILD` lines (RFC 5545), as
/// ``CalendarResources`` writes them; reading, those lines order the event's tasks and
/// are not kept (the task's own `RELATED-TO;RELTYPE=PARENT` is the same link, written
/// afresh). CHILD lines that name no task of the event are kept as they were.
enum TaskOrder {
    /// The CHILD lines listing `event`'s tasks in order, for its component.
    static func childLinks(of event: Event) -> [ICalProperty] {
        event.tasks.map { ICalProperty("RELATED-TO", [("RELTYPE", "CHILD")], TextValue.escape($0.id).value) }
    }

    /// `event` with its tasks in the order its CHILD lines give (tasks they do not name
    /// after those they do, in the order they came) and those lines taken out of its extras.
    static func ordered(_ event: Event) -> Event {
        var result = event
        order(&result)
        return result
    }

    /// Puts `event`'s tasks in the order ``ordered(_:)`` gives, in place: an event that
    /// keeps no RELATED-TO line (nearly every one) is left as it is, with no copy.
    static func order(_ event: inout Event) {
        guard !event.tasks.isEmpty, keepsLink(event.extras) else { return }
        event = reordered(event)
    }

    private static func reordered(_ event: Event) -> Event {
        var extras = ICalendarExtras(event.extras)
        let taskIDs = Set(event.tasks.map(\.id))
        var rank: [String: Int] = [:]
        extras.properties.removeAll { raw in
            guard mayBeLink(raw), case .line(let line)? = ContentLineParser.parse(raw),
                  line.name == "RELATED-TO", line.parameter("RELTYPE")?.uppercased() == "CHILD",
                  let uid = ItemLinks.identifier(line.value), taskIDs.contains(uid) else { return false }
            if rank[uid] == nil { rank[uid] = rank.count }
            return true
        }
        guard !rank.isEmpty else { return event }
        var result = event
        result.tasks = event.tasks.enumerated()
            .sorted { (rank[$0.element.id] ?? Int.max, $0.offset) < (rank[$1.element.id] ?? Int.max, $1.offset) }
            .map(\.element)
        result.extras = extras.stored(in: event.extras)
        return result
    }

    /// Whether the `ics` extras keep a line that may be a RELATED-TO, looked for in
    /// place (most events keep none, and are then left as they are).
    private static func keepsLink(_ extras: Extras) -> Bool {
        guard let members = extras[ICalendarExtras.key]?.members else { return false }
        return members.contains { member in
            member.key == "properties" && member.value.elements?.contains { $0.string.map(mayBeLink) ?? false } == true
        }
    }

    /// Whether a kept line may be a RELATED-TO (its first bytes, in any case).
    private static func mayBeLink(_ raw: String) -> Bool {
        raw.utf8.count > 10 && raw.utf8.prefix(10).elementsEqual("RELATED-TO".utf8) { $0 | 0x20 == $1 | 0x20 }
    }
}
