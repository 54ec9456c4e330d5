import AlmanacCore
import Testing
@testable import AlmanacMarkdown

/// The agenda's schedule memo (rules read once per text, words once per rule and start day,
/// a start on or after the day taken as the next occurrence) gives what the recurrence
/// engine gives for each event on its own.
@Suite("Agenda schedule shortcuts")
struct AgendaScheduleTests {
    static func time(_ text: String) -> CalendarTime { CalendarTimeText.parse(text)! }

    static let rules = [
        "FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=12", "FREQ=MONTHLY;BYDAY=2TU", "FREQ=DAILY;INTERVAL=2;UNTIL=20271231T235959Z",
        "FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=12", "FREQ=WEEKLY", "FREQ=MONTHLY", "FREQ=YEARLY", "FREQ=YEARLY;COUNT=1", "NOT A RULE", "",
    ]

    /// Starts and ends of every kind: all-day, floating, UTC, zoned (also in a spring-forward
    /// gap and in a fall-back fold), fractional and leap seconds, ends of another kind or zone.
    static let times: [(String, String?)] = [
        ("2026-06-10", "2026-06-11"), ("2026-05-01", nil), ("2026-06-10", "2026-06-10T12:00:00"),
        ("2026-06-10T09:00:00", "2026-06-10T10:00:00"), ("2026-07-01T09:00:00.25", nil), ("2026-07-01T09:00:60", nil),
        ("2026-06-10T09:00:00Z", "2026-06-10T10:00:00Z"), ("2026-06-10T09:00:00Z", "2026-06-10T10:00:00"),
        ("2026-06-10T09:00:00[Europe/Berlin]", "2026-06-10T10:00:00[Europe/Berlin]"),
        ("2027-03-28T02:30:00[Europe/Berlin]", "2027-03-28T03:30:00[Europe/Berlin]"),
        ("2026-10-25T02:30:00[Europe/Berlin]", nil), ("2026-11-01T01:30:00[America/New_York]", "2026-11-01T02:30:00[America/New_York]"),
        ("2026-06-10T09:00:00[Europe/Berlin]", "2026-06-10T10:00:00[Asia/Tokyo]"), ("2026-06-10T09:00:00[Nowhere/Unknown]", nil),
        ("2025-01-15T18:00:00[America/Los_Angeles]", "2025-01-15T20:00:00[America/Los_Angeles]"),
        // Past the engine's 400 years ahead of the day asked, and just inside them.
        ("2500-01-01", nil), ("2500-01-01T09:00:00Z", nil), ("2400-01-01T09:00:00", nil),
    ]

    static var events: [Event] {
        var events: [Event] = []
        for rule in rules {
            for (start, end) in times {
                events.append(Event(id: "\(events.count)", title: "E", start: time(start), end: end.map(time), recurrence: rule))
            }
            events.append(Event(id: "\(events.count)", title: "No start", recurrence: rule))
        }
        // Kept iCalendar lines take the engine's own path.
        let kept = Extras(["ics": .object([OpaqueMember("properties", .array([.string("EXDATE:20260615T090000Z")]))])])
        events.append(Event(id: "kept", title: "Kept", start: time("2026-06-08T09:00:00Z"), recurrence: "FREQ=WEEKLY", extras: kept))
        events.append(Event(id: "plain", title: "Once", start: time("2026-06-08T09:00:00Z")))
        return events
    }

    @Test("the memo's schedule is the engine's, for every day asked", arguments: ["2026-06-01", "2027-03-01", "2026-06-10"])
    func sameSchedule(day: String) throws {
        let today = try #require(CivilDate(year: Int(day.prefix(4))!, month: Int(day.dropFirst(5).prefix(2))!, day: Int(day.suffix(2))!))
        let memo = AgendaScheduleMemo()
        for event in Self.events {
            let expected = AgendaSchedule(event, onOrAfter: today)
            // Twice: worked out, then from the memo.
            for _ in 0..<2 {
                let schedule = memo.schedule(of: event, onOrAfter: today)
                #expect(schedule.isRecurring == expected.isRecurring, "\(event.start.map(CalendarTimeText.format) ?? "-") \(event.recurrence ?? "")")
                #expect(schedule.next == expected.next, "\(event.start.map(CalendarTimeText.format) ?? "-") \(event.recurrence ?? "")")
                #expect(schedule.words == expected.words, "\(event.start.map(CalendarTimeText.format) ?? "-") \(event.recurrence ?? "")")
            }
        }
    }

    @Test("words kept for one start are the rule's words for every start with the same key")
    func wordsByKey() throws {
        let today = try #require(CivilDate(year: 2026, month: 6, day: 1))
        let rules = Self.rules + [
            "FREQ=YEARLY;BYMONTH=3", "FREQ=YEARLY;BYMONTH=3,9", "FREQ=YEARLY;BYWEEKNO=20", "FREQ=YEARLY;BYYEARDAY=100",
            "FREQ=MONTHLY;BYMONTHDAY=-1", "FREQ=MONTHLY;INTERVAL=3", "FREQ=WEEKLY;INTERVAL=2;WKST=SU", "FREQ=WEEKLY;BYDAY=TU",
            "FREQ=DAILY;BYHOUR=9,17", "FREQ=HOURLY;COUNT=3", "FREQ=YEARLY;UNTIL=20300101",
        ]
        let memo = AgendaScheduleMemo()
        // Starts on every day of a leap year and then some, in several kinds of time: each rule's
        // words are made once per key and then come from the memo.
        let first = try #require(CivilDate(year: 2028, month: 1, day: 1)).daysSinceEpoch
        for rule in rules {
            for day in stride(from: first, to: first + 400, by: 1) {
                let date = CivilDate(daysSinceEpoch: day)
                let start: CalendarTime = switch day % 3 {
                case 0: .date(date)
                case 1: .zoned(CivilDateTime(midnightOf: date), timeZone: "Europe/Berlin")
                default: .utc(CivilDateTime(midnightOf: date))
                }
                let event = Event(id: "\(day)", title: "E", start: start, recurrence: rule)
                let expected = try? RecurrenceRule(parsing: rule).words(start: start)
                #expect(memo.schedule(of: event, onOrAfter: today).words == expected, "\(rule) \(date)")
            }
        }
    }

    @Test("an event with the same start and rule as the one before is not taken for it when its kept lines differ")
    func keptLinesAreNotMemoized() throws {
        let today = try #require(CivilDate(year: 2026, month: 6, day: 1))
        let start = Self.time("2026-06-08T09:00:00Z")
        let plain = Event(id: "a", title: "A", start: start, recurrence: "FREQ=WEEKLY")
        let excluded = Extras(["ics": .object([OpaqueMember("properties", .array([.string("EXDATE:20260608T090000Z")]))])])
        let kept = Event(id: "a", title: "A", start: start, recurrence: "FREQ=WEEKLY", extras: excluded)
        let memo = AgendaScheduleMemo()
        #expect(memo.schedule(of: plain, onOrAfter: today).next?.start == start)
        #expect(memo.schedule(of: kept, onOrAfter: today).next?.start == Self.time("2026-06-15T09:00:00Z"))
    }

    @Test("an event right after another is taken for it only when start, end, rule and extras are the same")
    func eventAfterEvent() throws {
        let today = try #require(CivilDate(year: 2026, month: 6, day: 1))
        // The same wall-clock times as a date, floating, UTC and in two zones, one rule.
        var events = ["2026-06-10", "2026-06-10T00:00:00", "2026-06-10T00:00:00Z", "2026-06-10T00:00:00[Europe/Berlin]",
                      "2026-06-10T00:00:00[Asia/Tokyo]", "2026-06-10T00:00:00.5"].map {
            Event(id: "e", title: "E", start: Self.time($0), recurrence: "FREQ=MONTHLY")
        }
        let kept = Extras(["ics": .object([OpaqueMember("properties", .array([.string("EXDATE:20260710T000000Z")]))])])
        events.append(Event(id: "e", title: "E", start: Self.time("2026-06-10T00:00:00Z"), recurrence: "FREQ=MONTHLY", extras: kept))
        events.append(Event(id: "e", title: "E", start: Self.time("2026-06-10T00:00:00Z"), recurrence: "FREQ=MONTHLY", extras: Extras(["md": .string("x")])))
        events.append(Event(id: "e", title: "E", start: Self.time("2026-05-10"), end: Self.time("2026-05-11"), recurrence: "FREQ=MONTHLY"))
        events.append(Event(id: "e", title: "E", start: Self.time("2026-05-10"), end: Self.time("2026-05-12"), recurrence: "FREQ=MONTHLY"))
        for first in events {
            for second in events {
                let memo = AgendaScheduleMemo()
                _ = memo.schedule(of: first, onOrAfter: today)
                let expected = AgendaSchedule(second, onOrAfter: today)
                let schedule = memo.schedule(of: second, onOrAfter: today)
                #expect(schedule.next == expected.next && schedule.words == expected.words && schedule.isRecurring == expected.isRecurring)
            }
        }
    }
}
