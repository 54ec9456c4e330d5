@testable import AlmanacICalendar
import AlmanacCore
@testable import AlmanacICalendarModel
import Testing

@Suite("Reading iCalendar")
struct ReaderTests {
    static func dt(_ y: Int, _ m: Int, _ d: Int, _ h: Int, _ mi: Int, _ s: Int = 0) -> CivilDateTime {
        CivilDateTime(date: CivilDate(year: y, month: m, day: d)!, hour: h, minute: mi, second: s)!
    }

    @Test("the four kinds of time, DURATION instead of DTEND")
    func timeKinds() throws {
        let result = try ICS.decode(ICS.calendar([
            "BEGIN:VEVENT", "UID:a", "DTSTART;VALUE=DATE:20261224", "DURATION:P2D", "END:VEVENT",
            "BEGIN:VEVENT", "UID:b", "DTSTART:20261224T170000Z", "DURATION:PT1H30M", "END:VEVENT",
            "BEGIN:VEVENT", "UID:c", "DTSTART;TZID=Europe/Berlin:20270328T013000", "DURATION:PT1H", "END:VEVENT",
            "BEGIN:VEVENT", "UID:d", "DTSTART:20261231T233000", "DTEND:20270101T003000", "END:VEVENT",
        ]))
        #expect(result.diagnostics.isEmpty)
        let events = result.document.events
        #expect(events[0].start == .date(CivilDate(year: 2026, month: 12, day: 24)!))
        #expect(events[0].end == .date(CivilDate(year: 2026, month: 12, day: 26)!))
        #expect(events[1].end == .utc(Self.dt(2026, 12, 24, 18, 30)))
        // One elapsed hour across the spring-forward gap lands at 03:30 local.
        #expect(events[2].end == .zoned(Self.dt(2027, 3, 28, 3, 30), timeZone: "Europe/Berlin"))
        #expect(events[3].start == .floating(Self.dt(2026, 12, 31, 23, 30)))
    }

    @Test(
        "Windows, vendor-prefixed and IANA TZIDs become IANA zones",
        arguments: [
            ("W. Europe Standard Time", "Europe/Berlin"),
            ("Romance Standard Time", "Europe/Paris"),
            ("Eastern Standard Time", "America/New_York"),
            ("\"Tokyo Standard Time\"", "Asia/Tokyo"),
            ("/mozilla.org/20070129_1/America/New_York", "America/New_York"),
            ("/freeassociation.sourceforge.net/Tzfile/America/Argentina/Buenos_Aires", "America/Argentina/Buenos_Aires"),
            ("Europe/Vienna", "Europe/Vienna"),
        ]
    )
    func zoneNames(tzid: String, iana: String) throws {
        let result = try ICS.decode(ICS.calendar([
            "BEGIN:VEVENT", "UID:a", "DTSTART;TZID=\(tzid):20270107T093000",
            "EXDATE;TZID=\(tzid):20270114T093000", "END:VEVENT",
        ]))
        let event = try #require(result.document.events.first)
        #expect(event.start == .zoned(Self.dt(2027, 1, 7, 9, 30), timeZone: iana))
        // Kept lines name the IANA zone too, so the VTIMEZONE written for it matches.
        #expect(ICalendarExtras(event.extras).properties == ["EXDATE;TZID=\(iana):20270114T093000"])
    }

    @Test("a TZID only the file's VTIMEZONE defines is converted to UTC with it")
    func inFileTimeZone() throws {
        let result = try ICS.decode(ICS.calendar([
            "BEGIN:VTIMEZONE", "TZID:GMT +0100 (Standard) / GMT +0200 (Daylight)",
            "BEGIN:STANDARD", "DTSTART:16010101T030000", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100",
            "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10", "END:STANDARD",
            "BEGIN:DAYLIGHT", "DTSTART:16010101T020000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200",
            "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3", "END:DAYLIGHT", "END:VTIMEZONE",
            "BEGIN:VEVENT", "UID:a", "DTSTART;TZID=\"GMT +0100 (Standard) / GMT +0200 (Daylight)\":20270701T120000",
            "DTEND;TZID=\"GMT +0100 (Standard) / GMT +0200 (Daylight)\":20270115T120000", "END:VEVENT",
        ]))
        let event = try #require(result.document.events.first)
        #expect(event.start == .utc(Self.dt(2027, 7, 1, 10, 0)))
        #expect(event.end == .utc(Self.dt(2027, 1, 15, 11, 0)))
        // The definition is kept for lines that still name it.
        #expect(ICalendarExtras(result.document.extras).components.count == 1)
        #expect(result.diagnostics.map(\.severity) == [.note])
    }

    @Test("X-WR-TIMEZONE gives floating times its zone; unknown TZIDs warn and read as floating")
    func calendarTimeZone() throws {
        let result = try ICS.decode(ICS.calendar([
            "X-WR-TIMEZONE:Europe/Vienna",
            "BEGIN:VEVENT", "UID:a", "DTSTART:20270107T093000", "END:VEVENT",
            "BEGIN:VEVENT", "UID:b", "DTSTART;TZID=Mars/Olympus:20270107T093000", "END:VEVENT",
        ]))
        #expect(result.document.events[0].start == .zoned(Self.dt(2027, 1, 7, 9, 30), timeZone: "Europe/Vienna"))
        #expect(result.document.events[1].start == .floating(Self.dt(2027, 1, 7, 9, 30)))
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics.first?.position?.line == 11)
        #expect(ICalendarExtras(result.document.extras).properties == ["X-WR-TIMEZONE:Europe/Vienna"])
    }

    @Test("VTODOs related to an event become its tasks; the rest become events of their own")
    func tasks() throws {
        let result = try ICS.decode(ICS.calendar([
            "BEGIN:VTODO", "UID:t1", "SUMMARY:Buy candles", "STATUS:COMPLETED", "RELATED-TO;RELTYPE=PARENT:e1", "END:VTODO",
            "BEGIN:VEVENT", "UID:e1", "SUMMARY:Party", "DTSTART:20261224T170000Z", "END:VEVENT",
            "BEGIN:VTODO", "UID:t2", "SUMMARY:Cake", "RELATED-TO:e1", "COMPLETED:20261220T100000Z", "END:VTODO",
            "BEGIN:VTODO", "UID:t3", "SUMMARY:Icing", "STATUS:IN-PROCESS", "RELATED-TO:t2", "END:VTODO",
            "BEGIN:VTODO", "UID:p1", "SUMMARY:Taxes", "DUE;VALUE=DATE:20270415", "STATUS:NEEDS-ACTION", "END:VTODO",
            "BEGIN:VTODO", "UID:p2", "SUMMARY:Receipts", "RELATED-TO;RELTYPE=PARENT:p1", "END:VTODO",
            "BEGIN:VTODO", "UID:o1", "SUMMARY:Orphan", "RELATED-TO:missing", "END:VTODO",
        ]))
        let events = result.document.events
        #expect(events.map(\.id) == ["e1", "p1", "o1"])
        #expect(events[0].tasks.map(\.text) == ["Buy candles", "Cake", "Icing"])
        #expect(events[0].tasks.map(\.isCompleted) == [true, true, false])
        // The grandchild keeps its own parent link and its status.
        #expect(ICalendarExtras(events[0].tasks[2].extras).properties == ["STATUS:IN-PROCESS", "RELATED-TO:t2"])
        #expect(ICalendarExtras(events[1].extras).component == "VTODO")
        #expect(events[1].end == .date(CivilDate(year: 2027, month: 4, day: 15)!))
        #expect(events[1].tasks.map(\.text) == ["Receipts"])
        #expect(ICalendarExtras(events[2].extras).properties == ["RELATED-TO:missing"])
    }

    @Test("a task's parent link names its event as Strings compare them: U+212A KELVIN SIGN is K")
    func parentLinkComparedAsStrings() throws {
        let result = try ICS.decode(ICS.calendar([
            "BEGIN:VEVENT", "UID:\u{212A}1", "SUMMARY:Kelvin", "DTSTART:20261224T170000Z", "END:VEVENT",
            "BEGIN:VTODO", "UID:t1", "SUMMARY:Measure", "RELATED-TO:K1", "END:VTODO",
        ]))
        #expect(result.document.events.map(\.title) == ["Kelvin"])
        #expect(result.document.events.first?.tasks.map(\.text) == ["Measure"])
    }

    @Test("a broken property is a warning with its line, and the rest converts")
    func brokenProperty() throws {
        let result = try ICS.decode(ICS.calendar([
            "BEGIN:VEVENT", "UID:a", "SUMMARY:Kept", "DTSTART:2026-12-24", "COLOR:notacolor", "END:VEVENT",
            "BEGIN:VEVENT", "UID:b", "DTSTART:20261224T170000Z", "DTEND;VALUE=DATE:20261225", "END:VEVENT",
            "BEGIN:VEVENT", "UID:c", "this is not a content line", "SUMMARY:Fine", "END:VEVENT",
        ]))
        #expect(result.document.events.map(\.title) == ["Kept", "", "Fine"])
        #expect(result.diagnostics.map { $0.position?.line } == [7, 8, 13, 17])
        #expect(result.diagnostics.allSatisfy { $0.severity == .warning && $0.source == "test.ics" })
        // What could not be read is kept as written.
        #expect(ICalendarExtras(result.document.events[0].extras).properties == ["DTSTART:2026-12-24", "COLOR:notacolor"])
    }

    @Test(
        "a broken structure throws with the line",
        arguments: [
            ("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a\r\nEND:VCALENDAR\r\n", 4, "END:VCALENDAR does not close BEGIN:VEVENT of line 2"),
            ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:a\r\n", 3, "BEGIN:VEVENT has no END:VEVENT"),
            ("BEGIN:VEVENT\r\nEND:VEVENT\r\n", 1, "expected BEGIN:VCALENDAR, found 'BEGIN:VEVENT'"),
            ("", 1, "no VCALENDAR in the input"),
            ("hello world\n", 1, "expected BEGIN:VCALENDAR, found 'hello world'"),
            ("BEGIN:VCALENDAR\nEND:VEVENT\n", 2, "END:VEVENT does not close BEGIN:VCALENDAR of line 1"),
        ]
    )
    func structure(text: String, line: Int, message: String) throws {
        let error = try #require(throws: ICalendarDecodingError.self) { try ICS.decode(text) }
        #expect(error.position?.line == line)
        #expect(error.message == message)
    }

    @Test("several VCALENDARs in one stream are merged")
    func multipleCalendars() throws {
        let one = ICS.calendar(["BEGIN:VEVENT", "UID:a", "END:VEVENT"])
        let two = ICS.calendar(["BEGIN:VEVENT", "UID:b", "END:VEVENT"])
        let result = try ICS.decode(one + two)
        #expect(result.document.events.map(\.id) == ["a", "b"])
    }

    @Test("color: exact X-ALMANAC-COLOR, CSS name alone, and a COLOR changed elsewhere")
    func colors() throws {
        let result = try ICS.decode(ICS.calendar([
            "BEGIN:VEVENT", "UID:a", "COLOR:rebeccapurple", "X-ALMANAC-COLOR:color(srgb 0.4 0.2 0.6 / 0.5)", "END:VEVENT",
            "BEGIN:VEVENT", "UID:b", "COLOR:Teal", "END:VEVENT",
            "BEGIN:VEVENT", "UID:c", "COLOR:red", "X-ALMANAC-COLOR:#0000FFFF", "END:VEVENT",
            "BEGIN:VEVENT", "UID:d", "COLOR:blue", "X-ALMANAC-COLOR:#0000FFFF", "END:VEVENT",
        ]))
        let colors = result.document.events.map(\.color)
        // rebeccapurple is CSS4, not a CSS3 keyword: a warning, and the exact color stands.
        #expect(colors[0] == RGBAColor(red: 0.4, green: 0.2, blue: 0.6, alpha: 0.5))
        #expect(colors[1] == RGBAColor(red: 0, green: 128.0 / 255, blue: 128.0 / 255))
        #expect(colors[2] == RGBAColor(red: 1, green: 0, blue: 0))
        #expect(colors[3] == RGBAColor(red: 0, green: 0, blue: 1))
        #expect(CSSColorNames.nearestName(to: RGBAColor(red: 1, green: 0.01, blue: 0)) == "red")
        #expect(CSSColorNames.table.count == 147)
    }

    /// A first CATEGORIES whose parts are all there becomes the list as it is; empty parts
    /// are left out, and a later CATEGORIES adds to the list.
    @Test("categories: empty parts left out, several lines joined")
    func categories() throws {
        let result = try ICS.decode(ICS.calendar([
            "BEGIN:VEVENT", "UID:a", "CATEGORIES:one,two", "END:VEVENT",
            "BEGIN:VEVENT", "UID:b", "CATEGORIES:,one,,two,", "END:VEVENT",
            "BEGIN:VEVENT", "UID:c", "CATEGORIES:one", "CATEGORIES:two,,three", "END:VEVENT",
            "BEGIN:VEVENT", "UID:d", "CATEGORIES:", "CATEGORIES:one\\,two,x", "END:VEVENT",
        ]))
        #expect(result.document.events.map(\.categories) == [["one", "two"], ["one", "two"], ["one", "two", "three"], ["one,two", "x"]])
    }

    /// Colors met again are remembered by their bytes: each event, read after others with
    /// the same or nearly the same color lines, gets the color, warnings and kept lines it
    /// gets read alone.
    @Test("a color met again maps as it does the first time")
    func rememberedColors() throws {
        let pairs: [[String]] = [
            ["COLOR:gold", "X-ALMANAC-COLOR:#FFD700FF"], ["COLOR:gold"], ["X-ALMANAC-COLOR:#FFD700FF"],
            ["COLOR:Gold", "X-ALMANAC-COLOR:#FFD700FF"], ["COLOR: gold", "X-ALMANAC-COLOR:#FFD700FF"],
            ["COLOR:gold", "X-ALMANAC-COLOR:#FFD700"], ["COLOR:red", "X-ALMANAC-COLOR:#FFD700FF"],
            ["COLOR:notacolor"], ["COLOR:notacolor", "X-ALMANAC-COLOR:#FFD700FF"], ["X-ALMANAC-COLOR:#GG0000FF"],
            ["COLOR:gold", "X-ALMANAC-COLOR:junk"], ["COLOR:golden"], ["COLOR:", "X-ALMANAC-COLOR:"], [],
            ["X-ALMANAC-COLOR:color(srgb 1 0.84 0 / 1)"], ["COLOR:gőld"], ["COLOR;X-A=1:gold"],
        ]
        // Every pair, twice and in both orders, after every other: each is met anew and again.
        let order = pairs.indices + pairs.indices.reversed() + pairs.indices
        let together = try ICS.decode(ICS.calendar(order.flatMap { ["BEGIN:VEVENT", "UID:e"] + pairs[$0] + ["END:VEVENT"] }))
        for (number, index) in order.enumerated() {
            let alone = try ICS.decode(ICS.calendar(["BEGIN:VEVENT", "UID:e"] + pairs[index] + ["END:VEVENT"]))
            let event = together.document.events[number]
            #expect(event.color == alone.document.events[0].color, "\(pairs[index])")
            #expect(event.extras == alone.document.events[0].extras, "\(pairs[index])")
            let line = 5 + order[..<number].reduce(0) { $0 + pairs[$1].count + 3 }
            let found = together.diagnostics.filter { ($0.position?.line ?? 0) > line && ($0.position?.line ?? 0) < line + pairs[index].count + 2 }
            #expect(found.map(\.message) == alone.diagnostics.map(\.message), "\(pairs[index])")
        }
    }
}

@Suite("Reading published all-day calendars")
struct HolidayCalendarTests {
    /// The shape of calendarlabs.com's holiday files: DTEND equal to DTSTART on all-day events.
    static let holidays = ICS.calendar([
        "X-WR-CALNAME:US Holidays", "METHOD:PUBLISH",
        "BEGIN:VEVENT", "SUMMARY:New Year's Day", "UID:6a3d1f@calendarlabs.com", "SEQUENCE:0", "STATUS:CONFIRMED",
        "TRANSP:TRANSPARENT", "DTSTART;VALUE=DATE:20190101", "DTEND;VALUE=DATE:20190101", "DTSTAMP:20180101T000000Z",
        "LOCATION:United States", "DESCRIPTION:Visit https://calendarlabs.com/holidays/us/new-years-day.php", "END:VEVENT",
        "BEGIN:VEVENT", "SUMMARY:Independence Day", "UID:9b2e44@calendarlabs.com",
        "DTSTART;VALUE=DATE:20190704", "DTEND;VALUE=DATE:20190704", "END:VEVENT",
        "BEGIN:VEVENT", "SUMMARY:Backwards", "UID:back@example.com",
        "DTSTART;VALUE=DATE:20190710", "DTEND;VALUE=DATE:20190709", "END:VEVENT",
    ])

    @Test("DTEND equal to DTSTART on an all-day event is one day long, with a warning naming the line")
    func equalDates() throws {
        let result = try ICS.decode(Self.holidays)
        let events = result.document.events
        #expect(events.map(\.end) == [
            .date(CivilDate(year: 2019, month: 1, day: 2)!), .date(CivilDate(year: 2019, month: 7, day: 5)!),
            .date(CivilDate(year: 2019, month: 7, day: 9)!),
        ])
        let warnings = result.diagnostics.filter { $0.severity == .warning }
        #expect(warnings.map(\.rendered) == [
            "test.ics:13:1: warning: DTEND equals DTSTART on an all-day event; read as one day long (DTEND is exclusive: 20190102)",
            "test.ics:22:1: warning: DTEND equals DTSTART on an all-day event; read as one day long (DTEND is exclusive: 20190705)",
        ])
    }

    @Test("the file converts, and only the real backwards event is an error that says 'before'")
    func validation() throws {
        let result = try ICS.decode(Self.holidays)
        let items = result.document.events.enumerated().map { LocatedItem(.event($0.element), source: "test.ics") }
        let findings = EndAfterStartRule().check(items, settings: ValidationSettings())
        #expect(findings.map(\.itemIndex) == [2])
        #expect(findings.map(\.message) == ["it ends (2019-07-09) before it starts (2019-07-10)"])
    }
}
