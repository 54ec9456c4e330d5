@testable import AlmanacICalendar
import AlmanacCore
@testable import AlmanacICalendarModel
import Testing

/// The first look of the outline pass takes a VEVENT's lines starting with `u` only until
/// its UID is taken, a VTODO's starting with `r` only until its parent is, tells `BEGIN:`
/// and `END:` by one word and a task's usual `RELATED-TO;RELTYPE=PARENT:` without scanning
/// its parameters. Its outline must be the one the whole component tree gives
/// (``ICalendarOutline/init(calendars:)``, which looks at every property), over links in
/// every shape and items in any order; and items that keep the same `ics` extras share them
/// without any item getting another's.
@Suite("First look of the outline pass")
struct FirstLookTests {
    static func expectTreeOutline(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = ICalendarOutline(calendars: try ICS.codec.components(from: bytes))
        let scanned = OutlinePassTests.outlineScanned(bytes).outline
        #expect(scanned.movedOwners == expected.movedOwners, sourceLocation: sourceLocation)
        #expect(scanned.lastMovedItem == expected.lastMovedItem, sourceLocation: sourceLocation)
        #expect(scanned.calendarTimeZones == expected.calendarTimeZones, sourceLocation: sourceLocation)
        #expect(scanned.timeZones.map { ICalendarCodec.bytes(of: $0) } == expected.timeZones.map { ICalendarCodec.bytes(of: $0) }, sourceLocation: sourceLocation)
        OutlinePassTests.expectSameOutline(bytes)
        try OutlinePassTests.expectStreamedAlike(bytes)
    }

    /// Link lines in the shapes the first look tells apart: plain, with parameters, in lower
    /// case, broken, empty, folded, naming no parent, and lines that only start like them.
    static let eventLinks: [[String]] = [
        ["UID:e"],
        ["URL:https://example.com/u", "uid:e"],
        ["UID;X-A=1:e", "UID:other"],
        ["UID;X-A:broken", "UID:e"],
        ["UID: ", "UID:second"],
        ["UI", " D:e"],
        ["UID:e", "RELATED-TO;RELTYPE=PARENT:elsewhere"],
        ["UIDX:no", "UID:e"],
        [],
    ]
    static let taskLinks: [[String]] = [
        ["RELATED-TO;RELTYPE=PARENT:e"],
        ["RELATED-TO:e"],
        ["related-to;reltype=parent:e"],
        ["RELATED-TO;RELTYPE=CHILD:x", "RELATED-TO;RELTYPE=PARENT:e"],
        ["RELATED-TO;RELTYPE=PARENT:", "RELATED-TO;RELTYPE=PARENT:e"],
        ["RELATED-TO;RELTYPE=PARENTS:e", "RELATED-TO:e"],
        ["RELATED-TO;RELTYPE=\"PARENT\":e"],
        ["RELATED-TO;RELTYPE=PARENT;X-A=1:e"],
        ["RELATED-TO;RELTYPE=PARENT:e", "RELATED-TO:other"],
        ["RELATED-TO;RELTYPE=PAR", " ENT:e"],
        ["RELATED-TO;RELTYPE=SIBLING:e"],
        ["RELATED-TO;RELTYPE=PARENT:  e\\, "],
        ["RRULE:FREQ=DAILY", "RELATED-TO;RELTYPE=PARENT:e"],
        ["RELATED-TO;RELTYPE=PARENT:missing"],
        [],
    ]

    @Test("links in every shape give the tree's outline")
    func linkShapes() throws {
        for (eventIndex, event) in Self.eventLinks.enumerated() {
            for (taskIndex, task) in Self.taskLinks.enumerated() {
                let uid = "UID:t\(eventIndex)-\(taskIndex)"
                let eventLines = ["BEGIN:VEVENT"] + event.map { $0.replacingOccurrences(of: ":e", with: ":ev") } + ["SUMMARY:E", "END:VEVENT"]
                let taskLines = ["BEGIN:VTODO", uid] + task.map { $0.replacingOccurrences(of: ":e", with: ":ev") } + ["SUMMARY:T", "END:VTODO"]
                // After its event, before it, and after another event with the same UID.
                try Self.expectTreeOutline(Array(ICS.calendar(eventLines + taskLines).utf8))
                try Self.expectTreeOutline(Array(ICS.calendar(taskLines + eventLines).utf8))
                try Self.expectTreeOutline(Array(ICS.calendar(eventLines + eventLines + taskLines).utf8))
            }
        }
    }

    @Test("items in any order, with alarms, folds and CRLF or LF, give the tree's outline")
    func mutatedCalendars() throws {
        var random = SeededRandom(seed: 15)
        let parts: [[String]] = [
            ["BEGIN:VEVENT", "UID:a", "SUMMARY:A", "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT5M", "END:VALARM", "END:VEVENT"],
            ["BEGIN:VEVENT", "UID:b", "RECURRENCE-ID:20270101T100000Z", "SUMMARY:B", "END:VEVENT"],
            ["BEGIN:VEVENT", "UID:b", "RRULE:FREQ=DAILY", "END:VEVENT"],
            ["BEGIN:VTODO", "UID:ta", "RELATED-TO;RELTYPE=PARENT:a", "END:VTODO"],
            ["BEGIN:VTODO", "UID:tb", "RELATED-TO;RELTYPE=PARENT:b", "END:VTODO"],
            ["BEGIN:VTODO", "UID:tt", "RELATED-TO;RELTYPE=PARENT:ta", "END:VTODO"],
            ["BEGIN:VTODO", "UID:orphan", "RELATED-TO;RELTYPE=PARENT:nobody", "END:VTODO"],
            ["BEGIN:VTODO", "UID:free", "SUMMARY:alone", "END:VTODO"],
            ["begin:vevent", "uid:c", "url:https://example.com", "end:vevent"],
            ["BEGIN:VTODO", "UID:tc", "RELATED-TO;RELTYPE=PAR", " ENT:c", "END:VTODO"],
            ["BEGIN:VTIMEZONE", "TZID:Custom/Zone", "BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0100", "END:STANDARD", "END:VTIMEZONE"],
            ["X-WR-TIMEZONE:Europe/Berlin"],
        ]
        for round in 0..<300 {
            var lines: [String] = []
            for _ in 0..<random.below(9) + 1 {
                lines += parts[random.below(parts.count)]
            }
            let text = ICS.calendar(lines)
            try Self.expectTreeOutline(Array((round % 2 == 0 ? text : text.replacingOccurrences(of: "\r\n", with: "\n")).utf8))
            // Parents, chains, cycles, missing parents and shared UIDs from a small pool.
            try Self.expectTreeOutline(Array(ICS.calendar(OutOfPlaceTaskTests.randomItems(&random)).utf8))
        }
    }

    @Test("items that keep the same ics extras share them, and each keeps its own")
    func repeatedExtras() throws {
        func alarm(_ minutes: Int) -> [String] { ["BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT\(minutes)M", "END:VALARM"] }
        let events: [[String]] = [
            ["BEGIN:VEVENT", "UID:1"] + alarm(10) + ["END:VEVENT"],
            ["BEGIN:VEVENT", "UID:2"] + alarm(10) + ["END:VEVENT"],
            ["BEGIN:VEVENT", "UID:3", "X-KEPT:1"] + alarm(10) + ["END:VEVENT"],
            ["BEGIN:VEVENT", "UID:4"] + alarm(15) + ["END:VEVENT"],
            ["BEGIN:VEVENT", "UID:5", "SUMMARY:none kept", "END:VEVENT"],
            ["BEGIN:VEVENT", "UID:6"] + alarm(10) + ["END:VEVENT"],
            ["BEGIN:VTODO", "UID:7", "RELATED-TO:6", "X-KEPT:1", "END:VTODO"],
            ["BEGIN:VTODO", "UID:8", "X-KEPT:1", "END:VTODO"],
            ["BEGIN:VTODO", "UID:9", "X-KEPT:1", "END:VTODO"],
        ]
        let expected: [ICalendarExtras] = [
            ICalendarExtras(components: ["BEGIN:VALARM\nACTION:DISPLAY\nTRIGGER:-PT10M\nEND:VALARM"]),
            ICalendarExtras(components: ["BEGIN:VALARM\nACTION:DISPLAY\nTRIGGER:-PT10M\nEND:VALARM"]),
            ICalendarExtras(properties: ["X-KEPT:1"], components: ["BEGIN:VALARM\nACTION:DISPLAY\nTRIGGER:-PT10M\nEND:VALARM"]),
            ICalendarExtras(components: ["BEGIN:VALARM\nACTION:DISPLAY\nTRIGGER:-PT15M\nEND:VALARM"]),
            ICalendarExtras(),
            ICalendarExtras(components: ["BEGIN:VALARM\nACTION:DISPLAY\nTRIGGER:-PT10M\nEND:VALARM"]),
            ICalendarExtras(component: "VTODO", properties: ["X-KEPT:1"]),
            ICalendarExtras(component: "VTODO", properties: ["X-KEPT:1"]),
        ]
        let bytes = Array(ICS.calendar(events.flatMap { $0 }).utf8)
        let decoded = try ICS.decode(bytes).document.events
        #expect(decoded.map { ICalendarExtras($0.extras) } == expected)
        #expect(decoded.map(\.extras) == expected.map { $0.stored(in: Extras()) })
        #expect(decoded[4].extras.isEmpty)
        #expect(decoded[5].tasks.map { ICalendarExtras($0.extras) } == [ICalendarExtras(properties: ["X-KEPT:1"])])
        try OutlinePassTests.expectStreamedAlike(bytes)
        // More different alarms than are remembered, in turn and at random.
        var random = SeededRandom(seed: 8)
        let minutes = (0..<60).map { $0 < 30 ? $0 % 11 : random.below(13) }
        let many = Array(ICS.calendar(minutes.enumerated().flatMap { ["BEGIN:VEVENT", "UID:m\($0)"] + alarm($1) + ["END:VEVENT"] }).utf8)
        let alarms = try ICS.decode(many).document.events.map { ICalendarExtras($0.extras).components }
        #expect(alarms == minutes.map { ["BEGIN:VALARM\nACTION:DISPLAY\nTRIGGER:-PT\($0)M\nEND:VALARM"] })
        try OutlinePassTests.expectStreamedAlike(many)
    }

    @Test("an event's CHILD lines order its tasks, in any case, and an event without one keeps their order")
    func childLinesOrderTasks() throws {
        let tasks = ["BEGIN:VTODO", "UID:t1", "SUMMARY:one", "RELATED-TO:e", "END:VTODO", "BEGIN:VTODO", "UID:t2", "SUMMARY:two", "RELATED-TO:e", "END:VTODO"]
        for links in [["RELATED-TO;RELTYPE=CHILD:t2", "RELATED-TO;RELTYPE=CHILD:t1"], ["related-to;reltype=child:t2"], ["X-OTHER:1"], []] {
            let bytes = Array(ICS.calendar(["BEGIN:VEVENT", "UID:e"] + links + ["END:VEVENT"] + tasks).utf8)
            let event = try #require(try ICS.decode(bytes).document.events.first)
            let reordered = links.first?.lowercased().hasPrefix("related-to") ?? false
            #expect(event.tasks.map(\.id) == (reordered ? ["t2", "t1"] : ["t1", "t2"]))
            #expect(ICalendarExtras(event.extras).properties.contains { $0.lowercased().hasPrefix("related-to") } == false)
            try OutlinePassTests.expectStreamedAlike(bytes)
        }
    }
}
