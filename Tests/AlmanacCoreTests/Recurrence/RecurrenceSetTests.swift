import AlmanacCore
import Testing

/// The recurrence engine on RFC 5545 3.8.5.3's examples and on the edges the RFC names.
@Suite struct RecurrenceSetTests {
    static func local(_ text: String) -> CivilDateTime {
        guard case .floating(let value)? = ISO8601Text.parseCalendarTime(Array(text.utf8)) else { fatalError(text) }
        return value
    }

    static func day(_ text: String) -> CivilDate {
        guard case .date(let value)? = ISO8601Text.parseCalendarTime(Array(text.utf8)) else { fatalError(text) }
        return value
    }

    /// Starts (as ISO text, zones left out) of a rule from a New York start, in a window.
    static func starts(_ rule: String, from start: String, zone: String = "America/New_York", window: (String, String) = ("1997-01-01", "2001-01-01")) throws -> [String] {
        let set = RecurrenceSet(start: .zoned(local(start), timeZone: zone), rules: [try RecurrenceRule(parsing: rule)])
        return set.occurrences(from: day(window.0), to: day(window.1)).occurrences.map { occurrence in
            var bytes: [UInt8] = []
            ISO8601Text.append(occurrence.start.civil, to: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    @Test("daily for 10 occurrences")
    func dailyCount() throws {
        let result = try Self.starts("FREQ=DAILY;COUNT=10", from: "1997-09-02T09:00:00")
        #expect(result.count == 10)
        #expect(result.first == "1997-09-02T09:00:00" && result.last == "1997-09-11T09:00:00")
    }

    @Test("monthly on the first Friday for 10 occurrences")
    func firstFriday() throws {
        let result = try Self.starts("FREQ=MONTHLY;COUNT=10;BYDAY=1FR", from: "1997-09-05T09:00:00")
        #expect(result.prefix(4) == ["1997-09-05T09:00:00", "1997-10-03T09:00:00", "1997-11-07T09:00:00", "1997-12-05T09:00:00"])
        #expect(result.last == "1998-06-05T09:00:00")
    }

    @Test("every other week on Tuesday and Thursday, WKST=SU, for 8 occurrences")
    func weeklyWeekStart() throws {
        let result = try Self.starts("FREQ=WEEKLY;INTERVAL=2;COUNT=8;WKST=SU;BYDAY=TU,TH", from: "1997-09-02T09:00:00")
        #expect(result.map { String($0.prefix(10)) } == ["1997-09-02", "1997-09-04", "1997-09-16", "1997-09-18", "1997-09-30", "1997-10-02", "1997-10-14", "1997-10-16"])
        // WKST matters: the same rule from Tuesday 1997-08-05 with WKST=MO and WKST=SU differs.
        let monday = try Self.starts("FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO", from: "1997-08-05T09:00:00")
        let sunday = try Self.starts("FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU", from: "1997-08-05T09:00:00")
        #expect(monday.map { String($0.prefix(10)) } == ["1997-08-05", "1997-08-10", "1997-08-19", "1997-08-24"])
        #expect(sunday.map { String($0.prefix(10)) } == ["1997-08-05", "1997-08-17", "1997-08-19", "1997-08-31"])
    }

    @Test("the last weekday of the month (BYSETPOS=-1)")
    func lastWorkday() throws {
        let result = try Self.starts("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", from: "1997-09-30T09:00:00", window: ("1997-09-01", "1998-01-01"))
        #expect(result.map { String($0.prefix(10)) } == ["1997-09-30", "1997-10-31", "1997-11-28", "1997-12-31"])
    }

    @Test("Friday the 13th, the 20th Monday, Monday of week 20, day -1 of the year")
    func yearlyParts() throws {
        let friday13 = try Self.starts("FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13", from: "1997-09-02T09:00:00", window: ("1997-01-01", "1999-01-01"))
        #expect(friday13.map { String($0.prefix(10)) } == ["1997-09-02", "1998-02-13", "1998-03-13", "1998-11-13"])
        let twentieth = try Self.starts("FREQ=YEARLY;BYDAY=20MO", from: "1997-05-19T09:00:00", window: ("1997-01-01", "2000-01-01"))
        #expect(twentieth.map { String($0.prefix(10)) } == ["1997-05-19", "1998-05-18", "1999-05-17"])
        let week20 = try Self.starts("FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO", from: "1997-05-12T09:00:00", window: ("1997-01-01", "2000-01-01"))
        #expect(week20.map { String($0.prefix(10)) } == ["1997-05-12", "1998-05-11", "1999-05-17"])
        let lastDay = try Self.starts("FREQ=YEARLY;BYYEARDAY=-1;COUNT=3", from: "1997-12-31T09:00:00")
        #expect(lastDay.map { String($0.prefix(10)) } == ["1997-12-31", "1998-12-31", "1999-12-31"])
    }

    @Test("invalid dates are skipped: the 30th of February, the 31st of short months")
    func invalidDates() throws {
        let thirtieth = try Self.starts("FREQ=MONTHLY;BYMONTHDAY=30;COUNT=3", from: "1998-01-30T09:00:00")
        #expect(thirtieth.map { String($0.prefix(10)) } == ["1998-01-30", "1998-03-30", "1998-04-30"])
        let never = try Self.starts("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30", from: "1998-01-30T09:00:00")
        #expect(never == ["1998-01-30T09:00:00"], "only the start")
    }

    @Test("09:00 in Berlin stays 09:00 across the change of clocks; a time in the gap moves forward")
    func daylightSaving() throws {
        let set = RecurrenceSet(start: .zoned(Self.local("2026-03-27T09:00:00"), timeZone: "Europe/Berlin"), rules: [try RecurrenceRule(parsing: "FREQ=DAILY;COUNT=3")])
        let found = set.occurrences(from: Self.day("2026-03-01"), to: Self.day("2026-04-01")).occurrences
        #expect(found.map(\.start) == ["2026-03-27T09:00:00", "2026-03-28T09:00:00", "2026-03-29T09:00:00"].map { .zoned(Self.local($0), timeZone: "Europe/Berlin") })
        #expect(found.compactMap { $0.start.instant()?.timeIntervalSince1970 }.map { Int($0) % 86_400 / 3_600 } == [8, 8, 7], "UTC hours: CET, CET, CEST")
        let gap = RecurrenceSet(start: .zoned(Self.local("2026-03-28T02:30:00"), timeZone: "Europe/Berlin"), rules: [try RecurrenceRule(parsing: "FREQ=DAILY;COUNT=2")])
        #expect(gap.occurrences(from: Self.day("2026-03-01"), to: Self.day("2026-04-01")).occurrences.last?.start == .zoned(Self.local("2026-03-29T03:30:00"), timeZone: "Europe/Berlin"))
    }

    @Test("RDATE periods, EXDATE, UNTIL as a date; all-day series stay all-day")
    func datesAndExceptions() throws {
        let start = CalendarTime.date(Self.day("2026-12-24"))
        let set = RecurrenceSet(start: start, end: .date(Self.day("2026-12-25")), rules: [try RecurrenceRule(parsing: "FREQ=YEARLY;UNTIL=20291224")],
                                dates: [.time(.date(Self.day("2027-07-01")))], exceptions: [.date(Self.day("2028-12-24"))])
        let found = set.occurrences(from: Self.day("2026-01-01"), to: Self.day("2035-01-01")).occurrences
        #expect(found.map(\.start) == ["2026-12-24", "2027-07-01", "2027-12-24", "2029-12-24"].map { .date(Self.day($0)) })
        #expect(found.map(\.end) == ["2026-12-25", "2027-07-02", "2027-12-25", "2029-12-25"].map { .date(Self.day($0)) })
    }

    @Test("a rule past the limit stops there and says so")
    func limit() throws {
        let set = RecurrenceSet(start: .floating(Self.local("2026-01-01T00:00:00")), rules: [try RecurrenceRule(parsing: "FREQ=SECONDLY")])
        let result = set.occurrences(from: Self.day("2026-01-01"), to: Self.day("2027-01-01"), limit: 1_000)
        #expect(result.occurrences.count == 1_000)
        #expect(result.truncated)
    }

    @Test("rules that are not RFC 5545 text are typed errors")
    func errors() {
        #expect(throws: RecurrenceRuleError.missingFrequency) { try RecurrenceRule(parsing: "COUNT=3") }
        #expect(throws: RecurrenceRuleError.countAndUntil) { try RecurrenceRule(parsing: "FREQ=DAILY;COUNT=3;UNTIL=20260101") }
        #expect(throws: RecurrenceRuleError.invalidValue(part: "BYMONTHDAY", value: "32")) { try RecurrenceRule(parsing: "FREQ=MONTHLY;BYMONTHDAY=32") }
        #expect(throws: RecurrenceRuleError.unknownPart("BYEASTER")) { try RecurrenceRule(parsing: "FREQ=YEARLY;BYEASTER=0") }
    }

    @Test("the rule in words")
    func words() throws {
        let start = CalendarTime.date(Self.day("2025-01-06"))
        #expect(try RecurrenceRule(parsing: "FREQ=WEEKLY;BYDAY=MO").words(start: start) == "every week on Monday")
        #expect(try RecurrenceRule(parsing: "FREQ=YEARLY").words(start: .date(Self.day("2026-12-12"))) == "every year on 12 December")
        #expect(try RecurrenceRule(parsing: "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE,FR;COUNT=10").words(start: start) == "every 2 weeks on Monday, Wednesday and Friday, 10 times")
        #expect(try RecurrenceRule(parsing: "FREQ=MONTHLY;BYDAY=-1FR").words(start: start) == "every month on the last Friday")
    }
}
