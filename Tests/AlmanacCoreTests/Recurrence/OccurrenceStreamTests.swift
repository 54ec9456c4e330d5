import Testing
import AlmanacCore

/// ``OccurrenceStream``: its entries are the occurrences without their events made, and
/// the occurrences of a series share one base.
@Suite struct OccurrenceStreamTests {
    static func time(_ text: String) -> CalendarTime {
        ISO8601Text.parseCalendarTime(Array(text.utf8))!
    }

    static let events = [
        Event(id: "w", title: "Weekly", start: .zoned(time("2026-01-05T09:00:00").civil, timeZone: "Europe/Berlin"), end: .zoned(time("2026-01-05T10:00:00").civil, timeZone: "Europe/Berlin"), recurrence: "FREQ=WEEKLY"),
        Event(id: "w", title: "Weekly, moved", start: .zoned(time("2026-01-13T11:00:00").civil, timeZone: "Europe/Berlin"), recurrenceID: .zoned(time("2026-01-12T09:00:00").civil, timeZone: "Europe/Berlin")),
        Event(id: "d", title: "Daily", start: time("2026-01-01"), end: time("2026-01-02"), recurrence: "FREQ=DAILY;COUNT=20"),
        Event(id: "o", title: "Once", start: time("2026-01-10T08:00:00Z")),
    ]

    @Test func entriesAreTheOccurrencesWithoutTheirEvents() {
        let expander = OccurrenceExpander()
        let from = CivilDate(year: 2026, month: 1, day: 1)!, to = CivilDate(year: 2026, month: 4, day: 1)!
        var made = expander.occurrences(of: Self.events, from: from, to: to)
        var entries = expander.occurrences(of: Self.events, from: from, to: to)
        let count = made.count
        var events: [(Event, Int)] = []
        while let next = made.next() { events.append(next) }
        var fromEntries: [(Event, Int)] = []
        var timed = 0
        while let entry = entries.nextEntry() {
            let base = entries.bases[entry.base]
            if entry.times != nil { timed += 1 }
            fromEntries.append((entry.times?.applied(to: base) ?? base, entry.origin))
        }
        #expect(events.count == count && fromEntries.count == count)
        #expect(events.map(\.0) == fromEntries.map(\.0))
        #expect(events.map(\.1) == fromEntries.map(\.1))
        #expect(timed == count - 2, "the moved occurrence and the single event are kept as they are")
        #expect(entries.bases.count == 4)
        #expect(events.filter { $0.0.id == "d" }.count == 20)
        #expect(events.first { $0.0.id == "w" }?.0.recurrenceID == Self.events[0].start)
    }
}
