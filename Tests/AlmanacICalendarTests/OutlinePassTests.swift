@testable import AlmanacICalendar
import AlmanacCore
@testable import AlmanacICalendarModel
import Testing

/// The first pass passes over most lines by their first byte (``OutlineScanner/scan(_:)``,
/// ``ContentLineReader/passLines(where:)``), and the streamed second pass checks UTF-8 a
/// chunk at a time (``ContentLineReader/isValidUTF8``). Both must read every input as
/// taking and checking each line does.
@Suite("Outline pass and UTF-8 by chunk")
struct OutlinePassTests {
    /// The outline of `bytes` as the scanner gathers it when handed every logical line,
    /// and the line count its reader reached.
    static func outlineTakingEveryLine(_ bytes: [UInt8]) -> (outline: ICalendarOutline, lines: Int) {
        bytes.withUnsafeBufferPointer { buffer in
            var count = 0
            let outline = ICalendarCodec.outline { scanner in
                var lines = ContentLineReader(buffer)
                while lines.nextLine({ scanner.take($0, number: $1, offset: $2) }) != nil {}
                count = lines.lineNumber
            }.outline
            return (outline, count)
        }
    }

    /// The outline of `bytes` as the reader gathers it, and the line count its reader reached.
    static func outlineScanned(_ bytes: [UInt8]) -> (outline: ICalendarOutline, lines: Int) {
        bytes.withUnsafeBufferPointer { buffer in
            var count = 0
            let outline = ICalendarCodec.outline { scanner in
                var lines = ContentLineReader(buffer)
                scanner.scan(&lines)
                count = lines.lineNumber
            }.outline
            return (outline, count)
        }
    }

    static func expectSameOutline(_ bytes: [UInt8]) {
        let (expected, expectedCount) = outlineTakingEveryLine(bytes)
        let (scanned, lineCount) = outlineScanned(bytes)
        #expect(scanned.timeZones.map { ICalendarCodec.bytes(of: $0) } == expected.timeZones.map { ICalendarCodec.bytes(of: $0) })
        #expect(scanned.timeZones.map(\.line) == expected.timeZones.map(\.line))
        #expect(scanned.calendarTimeZones == expected.calendarTimeZones)
        #expect(scanned.movedOwners == expected.movedOwners)
        #expect(scanned.lastMovedItem == expected.lastMovedItem)
        #expect(lineCount == expectedCount)
    }

    /// Expects the streamed reader (chunks, UTF-8 checked by chunk) to give the events and
    /// diagnostics of the whole-input reader (UTF-8 checked by line).
    static func expectStreamedAlike(_ bytes: [UInt8], chunkSize: Int? = nil) throws {
        var source = MemorySource(bytes)
        var events: [Event] = []
        let end = try ICS.codec.decodeItems(from: &source, sourceName: "test.ics") { item, _ in
            if case .event(let event) = item { events.append(event) }
        }
        let whole = try ICS.decode(bytes)
        #expect(events == whole.document.events)
        #expect(end.diagnostics == whole.diagnostics)
    }

    /// Lines whose first bytes the scanner looks for, and lines it passes over, in every
    /// shape: folded (a continuation that looks like a link or a BEGIN), in lower case,
    /// after a blank line, with parameters, links out of place, time zones and
    /// `X-WR-TIMEZONE` folded.
    static let tricky: String = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "X-WR-TIMEZONE:Europe/",
        " Berlin",
        "BEGIN:VTIMEZONE",
        "TZID:Custom/",
        " Zone",
        "BEGIN:STANDARD",
        "DTSTART:19700101T000000",
        "TZOFFSETFROM:+0100",
        "TZOFFSETTO:+0100",
        "END:STANDARD",
        "END:VTIMEZONE",
        "BEGIN:VTODO",
        "UID:early",
        "related-to;reltype=parent:fa",
        " r",
        "END:VTODO",
        "BEGIN:VEVENT",
        "UID:near",
        "DESCRIPTION:a folded description",
        " UID:not-a-uid",
        "\tEND:VEVENT",
        " BEGIN:VTODO",
        "URL:https://example.com/u",
        "RRULE:FREQ=DAILY;COUNT=2",
        "DTSTART:20270101T100000Z",
        "END:VEVENT",
        "",
        " UID:after-a-blank-line",
        "begin:vtodo",
        "u",
        " id:n1",
        "RELATED-TO:near",
        "END:VTODO",
        "BEGIN;X-A=1:VEVENT",
        "UID:far",
        "DTSTART;TZID=Custom/Zone:20270102T100000",
        "END;X-A=1:VEVENT",
        "BEGIN:VEVENT",
        "UID:far",
        "RECURRENCE-ID:20270102T100000Z",
        "DTSTART:20270103T100000Z",
        "END:VEVENT",
        "BEGIN:VTODO",
        "UID:late",
        "RELATED-TO:near",
        "END:VTODO",
        "END:VCALENDAR",
    ].joined(separator: "\r\n") + "\r\n"

    @Test("passing over lines by their first byte gathers the outline taking every line does")
    func outlineAlike() throws {
        let bytes = Array(Self.tricky.utf8)
        Self.expectSameOutline(bytes)
        Self.expectSameOutline(Array(Self.tricky.replacingOccurrences(of: "\r\n", with: "\n").utf8))
        Self.expectSameOutline([0xEF, 0xBB, 0xBF] + bytes)
        // No line end at the end, a lone continuation at the start, empty input.
        Self.expectSameOutline(Array(" UID:x\r\n".utf8) + bytes.dropLast(2))
        Self.expectSameOutline([])
        // Bare and odd boundaries: no name, a name in mixed case, a name with a non-ASCII byte.
        Self.expectSameOutline(Array(ICS.calendar([
            "BEGIN:", "END:", "BEGIN:VEVENT", "UID:a", "END:VEVENT", "BEGIN:VEvent", "UID:b", "END:vEVENT",
            "BEGIN:VTODO", "UID:c", "RELATED-TO:b", "END:VTODO", "BEGIN:VTODÖ", "UID:d", "RELATED-TO:a", "END:VTODÖ",
        ]).utf8))
        Self.expectSameOutline(Array("\r\n\r\n \r\n".utf8))
        try Self.expectStreamedAlike(bytes)
        try ComponentTreeParserTests.expectSameReading(bytes)
    }

    @Test("invalid UTF-8 is noted on the same lines whether checked by chunk or by line")
    func utf8ByChunk() throws {
        let euro = Array("€".utf8)
        var bytes = Array(ICS.calendar([
            "BEGIN:VEVENT",
            "UID:utf8",
            "SUMMARY:MARK1",
            "LOCATION:Zürich",
            "DESCRIPTION:MARK2",
            "END:VEVENT",
            "BEGIN:VEVENT",
            "UID:MARK3",
            "BEGIN:VALARM",
            "DESCRIPTION:MARK4",
            "END:VALARM",
            "END:VEVENT",
        ]).utf8)
        func replace(_ marker: String, _ replacement: [UInt8]) {
            bytes.replaceSubrange(bytes.firstRange(of: Array(marker.utf8))!, with: replacement)
        }
        // A fold inside a character (valid once unfolded, not as raw bytes), then bytes
        // that are not UTF-8 in an item's line, a folded line, a link and an alarm.
        replace("MARK1", Array("caf".utf8) + [euro[0]] + Array("\r\n ".utf8) + Array(euro[1...]))
        let valid = bytes
        try Self.expectStreamedAlike(valid)
        #expect(try !ICS.decode(valid).diagnostics.contains { $0.message.contains("invalid UTF-8") })
        replace("MARK2", Array("bad ".utf8) + [0xC3, 0x28] + Array("\r\n x".utf8) + [0xFF])
        replace("MARK3", [0xED, 0xA0, 0x80])
        replace("MARK4", [0xF4, 0x90, 0x80, 0x80])
        try Self.expectStreamedAlike(bytes)
        #expect(try ICS.decode(bytes).diagnostics.filter { $0.message.contains("invalid UTF-8") }.count == 3)
        // Enough events for several chunks, one of them with a broken line.
        let many = Array(ICS.calendar((0..<12_000).flatMap { ["BEGIN:VEVENT", "UID:x\($0)", "SUMMARY:Grüße 👟", "END:VEVENT"] }).utf8)
        #expect(many.count > 1 << 19)
        try Self.expectStreamedAlike(many)
        var broken = many
        broken[broken[(broken.count - 200)...].firstRange(of: Array("Grüße".utf8))!.lowerBound + 2] = 0xFE
        try Self.expectStreamedAlike(broken)
        #expect(try ICS.decode(broken).diagnostics.contains { $0.message.contains("invalid UTF-8") })
    }
}
