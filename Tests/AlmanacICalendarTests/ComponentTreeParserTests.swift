@testable import AlmanacICalendar
import AlmanacCore
import AlmanacICalendarModel
import Testing

/// The reader maps each VEVENT and VTODO straight from its content lines' bytes, with no
/// tree (``ComponentTreeParser/take(_:number:offset:item:)``); the tree path
/// (``ComponentTreeParser/parse(_:)`` then ``EventMapper``) is what jCal and xCal map
/// through. Both must read every input alike: same document, same origins, same
/// diagnostics with the same places.
@Suite("Items read without a tree")
struct ComponentTreeParserTests {
    /// What the tree path makes of `bytes`: the document with its origins, and the
    /// parser's and the mapper's diagnostics in the order the reader sorts them.
    static func treeReading(_ bytes: [UInt8]) throws -> DecodeResult {
        var parser = ComponentTreeParser(options: ICalendarDecodingOptions(), source: "test.ics")
        let calendars = try bytes.withUnsafeBufferPointer { try parser.parse($0) }
        var mapper = EventMapper(source: "test.ics")
        let (document, origins) = mapper.located(from: calendars)
        let diagnostics = (parser.diagnostics + mapper.diagnostics).sorted { ($0.position?.offset ?? 0) < ($1.position?.offset ?? 0) }
        return DecodeResult(document: document, diagnostics: diagnostics, origins: origins)
    }

    /// Expects the item path (whole input and streamed) to read `text` as the tree path does.
    static func expectSameReading(_ text: String) throws {
        let bytes = Array(text.utf8)
        try expectSameReading(bytes)
    }

    static func expectSameReading(_ bytes: [UInt8]) throws {
        let tree = try treeReading(bytes)
        let direct = try ICS.codec.decode(bytes, source: "test.ics")
        #expect(direct.document == tree.document)
        #expect(direct.origins == tree.origins)
        #expect(direct.diagnostics == tree.diagnostics)
        #expect(!tree.document.events.isEmpty)
    }

    @Test("names in any case, quoted and caret-escaped parameters, folds, escapes and duplicates")
    func propertiesAlike() throws {
        try Self.expectSameReading(ICS.calendar([
            "begin:vevent",
            "uid:Mixed-Case-1",
            "Summary;LANGUAGE=de:Caf\\, \\;Bar\\nNeu",
            "SUMMARY:a second summary",
            "DESCRIPTION;X-ALMANAC-BREAKS=c:line one\\nline two",
            "LOCATION;ALTREP=\"http://example.com/a;b\":Room ^ 5",
            "ATTENDEE;CN=\"Doe, Jane\";X-NOTE=caret^nnew^'q^^:mailto:jane@example.com",
            "CATEGORIES:A\\,B,C,,D",
            "DTSTART;TZID=W. Europe Standard Time:20270107T093000",
            "DTEND;TZID=W. Europe Standard Time:20270107T103000",
            "EXDATE;TZID=W. Europe Standard Time:20270114T093000",
            "PRIORITY:eleven",
            "RRULE:FREQ=WEEKLY;COUNT=3",
            "RRULE:FREQ=DAILY",
            "COLOR:notacolor",
            "X-ALMANAC-COLOR:#11223344",
            "X-UNKNOWN;VALUE=TEXT:kept as it is",
            "URL: https://example.com/x ",
            "end:vevent",
        ]))
    }

    @Test("sub-components are kept as text, their own lines before the components inside them")
    func subcomponentsAlike() throws {
        try Self.expectSameReading(ICS.calendar([
            "BEGIN:VEVENT",
            "UID:with-alarms",
            "DTSTART:20270107T093000Z",
            "BEGIN:VALARM",
            "ACTION:DISPLAY",
            "BEGIN:X-INNER",
            "X-A:1",
            "END:X-INNER",
            "trigger:-PT5M",
            "END:VALARM",
            "BEGIN;X-P=1:valarm",
            "ACTION:AUDIO",
            "X-ALMANAC-RECIPE:soup",
            "END:VALARM",
            "SUMMARY:after the alarms",
            "END:VEVENT",
        ]))
    }

    @Test("tasks before and after their event, a VTODO without a parent, an item without a UID")
    func linksAlike() throws {
        try Self.expectSameReading(ICS.calendar([
            "BEGIN:VTODO",
            "UID:early-task",
            "SUMMARY:read before its event",
            "RELATED-TO;RELTYPE=parent:event-1",
            "STATUS:COMPLETED",
            "END:VTODO",
            "BEGIN:VEVENT",
            "UID:event-1",
            "DTSTART;VALUE=DATE:20270107",
            "DTEND;VALUE=DATE:20270107",
            "END:VEVENT",
            "BEGIN:VTODO",
            "UID:late-task",
            "RELATED-TO:event-1",
            "RELATED-TO;RELTYPE=SIBLING:other",
            "COMPLETED:20270101T000000Z",
            "BEGIN:VALARM",
            "ACTION:DISPLAY",
            "END:VALARM",
            "END:VTODO",
            "BEGIN:VTODO",
            "UID:lonely",
            "DUE:20270110T120000Z",
            "DTSTART:20270110T100000Z",
            "DTEND:20270110T110000Z",
            "END:VTODO",
            "BEGIN:VEVENT",
            "SUMMARY:no uid here",
            "DTSTART:20270107T093000",
            "DURATION:PT1H30M",
            "END:VEVENT",
        ]))
    }

    @Test("TZIDs met again (known by their bytes) read alike: quoted, caret-escaped, in any case, Windows, unknown, VTIMEZONE and many zones")
    func repeatedTZIDsAlike() throws {
        var lines = [
            "BEGIN:VTIMEZONE", "TZID:Custom/Zone", "BEGIN:STANDARD", "DTSTART:19700101T000000",
            "TZOFFSETFROM:+0300", "TZOFFSETTO:+0300", "END:STANDARD", "END:VTIMEZONE",
        ]
        let zones = [
            "Europe/London", "Europe/Paris", "Europe/Rome", "Europe/Madrid", "Europe/Vienna", "Europe/Prague",
            "Europe/Warsaw", "Europe/Oslo", "Europe/Stockholm", "Europe/Helsinki", "Europe/Athens", "Europe/Lisbon",
            "Europe/Dublin", "America/Chicago", "America/Denver", "America/Los_Angeles", "Asia/Kolkata", "Australia/Sydney",
        ]
        let tzids = [
            "TZID=America/New_York", "tzid=\"America/New_York\"", "TZID=Europe/Berlin", "TZID=W. Europe Standard Time",
            "TZID=/mozilla.org/20050126_1/Europe/Paris", "TZID=Custom/Zone", "TZID=Nowhere/Unknown", "TZID=Europe^'Berlin",
            "X-A=1;TZID=Asia/Tokyo", "TZID=Asia/Tokyo,Europe/Berlin", "TZID=", "X-TZID=Asia/Tokyo",
        ] + zones.map { "TZID=\($0)" }
        for round in 0..<3 {
            for (index, tzid) in tzids.enumerated() {
                lines += ["BEGIN:VEVENT", "UID:tz-\(round)-\(index)", "DTSTART;\(tzid):20270107T093000", "DTEND;\(tzid):20270107T103000", "END:VEVENT"]
            }
        }
        try Self.expectSameReading(ICS.calendar(lines))
        let events = try ICS.decode(ICS.calendar(lines)).document.events
        #expect(Set(events.compactMap { if case .zoned(_, let zone) = $0.start { return zone } else { return nil } }).count > 16)
    }

    @Test("broken lines inside items warn alike, with their line, and invalid UTF-8 is noted alike")
    func brokenLinesAlike() throws {
        var bytes = Array(ICS.calendar([
            "BEGIN:VEVENT",
            "UID:broken-lines",
            ":no name",
            "DTSTART;TZID=Europe/Berlin 20270107T093000",
            "ATTENDEE;CN=\"unclosed:mailto:a@example.com",
            "X-PARAM;=x:y",
            "DTEND:not a date",
            "SUMMARY:INVALID",
            "END:VEVENT",
        ]).utf8)
        // Bytes that are not UTF-8 in the SUMMARY's value and in a kept line.
        let marker = Array("INVALID".utf8)
        let at = bytes.firstRange(of: marker)!
        bytes.replaceSubrange(at, with: Array("bad ".utf8) + [0xC3, 0x28, 0xFF])
        try Self.expectSameReading(bytes)
        let reading = try ICS.codec.decode(bytes, source: "test.ics")
        #expect(reading.diagnostics.contains { $0.message.contains("invalid UTF-8") && $0.position?.line == 11 })
        #expect(reading.diagnostics.contains { $0.message.contains("has no closing quote") && $0.position?.line == 8 })
    }

    /// Items larger than an item's first room (1 KiB), after and before small ones, and a
    /// task read before its event (kept while later items reuse the room): each read as
    /// the tree reads it.
    @Test("large items, and items kept while later ones are read, are read alike")
    func largeAndKeptItemsAlike() throws {
        let long = String(repeating: "0123456789", count: 300)
        var lines = ["BEGIN:VTODO", "UID:early", "RELATED-TO:big", "SUMMARY:Early task " + long, "END:VTODO"]
        for round in 0..<3 {
            lines += ["BEGIN:VEVENT", "UID:small-\(round)", "SUMMARY:Small", "END:VEVENT"]
            lines += ["BEGIN:VEVENT", "UID:big" + (round == 0 ? "" : "-\(round)"), "DESCRIPTION:" + long]
            lines += (0..<60).map { "X-LINE-\($0):" + String(repeating: "x", count: $0 * 7) } + ["END:VEVENT"]
            lines += ["BEGIN:VTODO", "UID:task-\(round)", "RELATED-TO:small-\(round)", "SUMMARY:" + long, "END:VTODO"]
        }
        try Self.expectSameReading(ICS.calendar(lines))
        let events = try ICS.decode(ICS.calendar(lines)).document.events
        #expect(events.first { $0.id == "big" }?.tasks.map(\.id) == ["early"])
    }

    /// A VTODO that follows its parent is linked by the RELATED-TO its item found (not
    /// compared again): with links before it that name no UID, other kinds of link, the
    /// parent named twice, in another case and spacing, and VTODOs whose link names
    /// another event, each read as the tree reads it.
    @Test("the link of a task that follows its parent is the one the tree finds")
    func followingTaskLinksAlike() throws {
        try Self.expectSameReading(ICS.calendar([
            "BEGIN:VEVENT", "UID:p", "END:VEVENT",
            "BEGIN:VTODO", "UID:t1", "RELATED-TO:", "RELATED-TO;RELTYPE=CHILD:p", "RELATED-TO;RELTYPE=parent: p ", "RELATED-TO:p", "END:VTODO",
            "BEGIN:VTODO", "UID:t2", "RELATED-TO;RELTYPE=SIBLING:x", "related-to:p", "END:VTODO",
            "BEGIN:VTODO", "UID:t3", "RELATED-TO:q", "RELATED-TO:p", "END:VTODO",
            "BEGIN:VEVENT", "UID:q", "END:VEVENT",
            "BEGIN:VTODO", "UID:t4", "RELATED-TO:p", "END:VTODO",
            "BEGIN:VTODO", "UID:t5", "RELATED-TO:q\\,", "RELATED-TO:q", "END:VTODO",
            "BEGIN:VTODO", "UID:t6", "RELATED-TO:q", "END:VTODO",
        ]))
    }
}
