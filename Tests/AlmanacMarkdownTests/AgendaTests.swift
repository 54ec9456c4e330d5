import AlmanacCore
import Foundation
import Testing
@testable import AlmanacMarkdown

/// Events as an agenda: grouped by period relative to `today`, each a heading with when
/// and where and a GFM task list; read back with ids, times and zones kept.
@Suite("Agenda")
struct AgendaTests {
    static func time(_ text: String) -> CalendarTime { CalendarTimeText.parse(text)! }

    /// One event per period and per kind of time, plus one without a start.
    static let events: [Event] = [
        Event(id: "future", title: "Camping", start: time("2027-02-01"), end: time("2027-02-04"),
              categories: ["Outdoors", "Trip, long"], tasks: [EventTask(id: "t1", text: "Tent", isCompleted: true)]),
        Event(id: "past", title: "Last Week's Dinner", start: time("2026-12-01T19:00:00Z"), location: "Home"),
        Event(id: "soon", title: "Maya's Birthday", symbol: "gift.fill", color: RGBAColor(red: 1, green: 0.5, blue: 0.25, alpha: 0.75),
              start: time("2026-12-12T15:00:00[America/Los_Angeles]"), end: time("2026-12-12T19:00:00[America/Los_Angeles]"),
              location: "Maya's place", notes: "Surprise!\nKeep it quiet.", url: "https://example.org/?a=1&b=\"2\"",
              recurrence: "FREQ=YEARLY;BYMONTH=12",
              tasks: [EventTask(id: "k 1", text: "Guava kombucha"), EventTask(id: "k2", text: "Cheese plate", isCompleted: true)]),
        Event(id: "month", title: "New Year's Eve", start: time("2026-12-31T23:30:00"), end: time("2027-01-01T00:30:00")),
        Event(id: "flight", title: "Flight", start: time("2027-01-04T16:05:00[America/Los_Angeles]"), end: time("2027-01-05T12:10:00.5[Europe/Berlin]")),
        Event(id: "someday", title: "Someday", tasks: [EventTask(id: "s1", text: "")]),
    ]

    @Test("the agenda matches the golden file")
    func golden() throws {
        let text = MarkdownTesting.text(try MarkdownTesting.encode(AlmanacDocument(events: Self.events), today: "2026-12-10"))
        try GoldenFile.check(text, "agenda.md")
        let headings = text.split(separator: "\n").filter { $0.hasPrefix("## ") }
        #expect(headings == ["## Past", "## Next 7 Days", "## Next 30 Days", "## Future", "## No Date"])
        #expect(text.contains("- [ ] Guava kombucha\n- [x] Cheese plate"))
        #expect(text.contains("**When:** Sat 2026-12-12 15:00 – 19:00 (America/Los\\_Angeles)"))
    }

    @Test("reading the agenda back gives the same events, tasks, ids, times and zones")
    func roundTrip() throws {
        let text = MarkdownTesting.text(try MarkdownTesting.encode(AlmanacDocument(events: Self.events)))
        let read = try MarkdownTesting.decode(text).document.events
        #expect(Set(read) == Set(Self.events))
        #expect(read.count == Self.events.count)
    }

    @Test("periods follow --today")
    func periodsFollowToday() throws {
        let event = Event(id: "e", title: "Party", start: Self.time("2026-12-12T15:00:00Z"))
        let before = MarkdownTesting.text(try MarkdownTesting.encode(AlmanacDocument(events: [event]), today: "2026-12-10"))
        let after = MarkdownTesting.text(try MarkdownTesting.encode(AlmanacDocument(events: [event]), today: "2026-12-20"))
        let early = MarkdownTesting.text(try MarkdownTesting.encode(AlmanacDocument(events: [event]), today: "2026-11-01"))
        #expect(before.contains("## Next 7 Days"))
        #expect(after.contains("## Past"))
        #expect(early.contains("## Future"))
    }

    @Test("a hand-written agenda reads, with ids made up stably")
    func handWritten() throws {
        let text = "# Agenda\n\n## Soon\n\n### Picnic\n\n**Where:** The park\n\nBring a blanket.\n\n- [ ] Sandwiches\n- [X] Lemonade\n"
        let first = try MarkdownTesting.decode(text).document.events
        let second = try MarkdownTesting.decode(text).document.events
        #expect(first == second)
        let event = try #require(first.first)
        #expect(event.title == "Picnic")
        #expect(event.location == "The park")
        #expect(event.notes == "Bring a blanket.")
        #expect(event.tasks.map(\.text) == ["Sandwiches", "Lemonade"])
        #expect(event.tasks.map(\.isCompleted) == [false, true])
        #expect(!event.id.isEmpty && event.tasks[0].id != event.tasks[1].id)
    }

    @Test("a bad attribute is an error at its line")
    func badAttribute() throws {
        let text = "<!-- almanac:agenda -->\n\n# Agenda\n\n### X\n\n<!-- almanac:event id=\"x\" start=\"tomorrow\" -->\n"
        do {
            _ = try MarkdownTesting.decode(text)
            Issue.record("read a bad start")
        } catch let error as MarkdownDecodingError {
            #expect(error.position?.line == 7)
        }
    }

    @Test("a recurring event is placed by its next occurrence, and the When line says the rule in words")
    func recurring() throws {
        let standup = Event(id: "standup", title: "Weekly standup", start: Self.time("2025-01-06T09:00:00Z"), recurrence: "FREQ=WEEKLY;BYDAY=MO")
        let birthday = Event(id: "maya", title: "Maya's Birthday", start: Self.time("2026-12-12T15:00:00[America/Los_Angeles]"),
                             end: Self.time("2026-12-12T19:00:00[America/Los_Angeles]"), recurrence: "FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=12")
        let text = MarkdownTesting.text(try MarkdownTesting.encode(AlmanacDocument(events: [standup, birthday]), today: "2027-12-01"))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true).filter { $0.hasPrefix("## ") || $0.hasPrefix("**When:**") }
        #expect(lines == [
            "## Next 7 Days",
            "**When:** Mon 2027-12-06 09:00 UTC, every week on Monday (next occurrence; first Mon 2025-01-06)",
            "## Next 30 Days",
            "**When:** Sun 2027-12-12 15:00 – 19:00 (America/Los\\_Angeles), every year on 12 December (next occurrence; first Sat 2026-12-12)",
        ])
        // The attribute line keeps the series' own start, so reading the agenda back gives the series.
        let events = try MarkdownTesting.decode(text).document.events
        #expect(events.map(\.start) == [standup.start, birthday.start])
    }
}

