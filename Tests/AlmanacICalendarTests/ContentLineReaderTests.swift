@testable import AlmanacICalendar
import AlmanacCore
import AlmanacICalendarModel
import Testing

@Suite("Content lines")
struct ContentLineReaderTests {
    static func lines(_ bytes: [UInt8]) -> [ContentLineReader.Entry] {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = ContentLineReader(buffer)
            var entries: [ContentLineReader.Entry] = []
            while let entry = reader.next() { entries.append(entry) }
            return entries
        }
    }

    static func contentLines(_ text: String) -> [ICalProperty] {
        lines(Array(text.utf8)).compactMap { if case .line(let line) = $0 { return line } else { return nil } }
    }

    @Test("unfolds CRLF and bare-LF folds, space and tab, and counts lines")
    func unfolding() {
        let lines = Self.contentLines("SUMMARY:Hel\r\n lo\r\n\tWorld\nDESCRIPTION:a\n b\n")
        #expect(lines.map(\.value) == ["HelloWorld", "ab"])
        #expect(lines.map(\.line) == [1, 4])
    }

    @Test("a fold inside a UTF-8 sequence is joined before decoding")
    func foldInsideCharacter() {
        let euro = Array("€".utf8)
        let bytes = Array("SUMMARY:".utf8) + [euro[0]] + [0x0D, 0x0A, 0x20] + Array(euro[1...]) + [0x0D, 0x0A]
        let lines = Self.lines(bytes).compactMap { if case .line(let line) = $0 { return line } else { return nil } }
        #expect(lines.first?.value == "€")
    }

    @Test("skips a byte order mark and blank lines; names and parameter names in any case")
    func bomAndCase() {
        let lines = Self.contentLines("\u{FEFF}begin:vcalendar\r\n\r\ndtStart;tzid=Europe/Berlin:20261224T170000\r\n")
        #expect(lines.map(\.name) == ["BEGIN", "DTSTART"])
        #expect(lines[1].parameter("TZID") == "Europe/Berlin")
    }

    @Test("quoted parameter values keep ; : and , and list values split")
    func quotedParameters() {
        let line = Self.contentLines(#"ATTENDEE;CN="Doe, Jane; Dr.";MEMBER="mailto:a@x","mailto:b@x":mailto:jane@example.com"#)[0]
        #expect(line.parameter("CN") == "Doe, Jane; Dr.")
        #expect(line.parameters[1].values == ["mailto:a@x", "mailto:b@x"])
        #expect(line.value == "mailto:jane@example.com")
    }

    @Test("RFC 6868 caret escapes in parameter values")
    func caretEscapes() {
        let line = Self.contentLines("X-PARAM;NEWLINE=^n;ALL=^^^'^n;UNKNOWN=^a^ ^asd:asd")[0]
        #expect(line.parameter("NEWLINE") == "\n")
        #expect(line.parameter("ALL") == "^\"\n")
        #expect(line.parameter("UNKNOWN") == "^a^ ^asd")
        let attendee = Self.contentLines("ATTENDEE;CN=George Herman ^'Babe^' Ruth:mailto:babe@example.com")[0]
        #expect(attendee.parameter("CN") == "George Herman \"Babe\" Ruth")
    }

    @Test("a line without a colon or with a bad parameter is reported, not fatal")
    func malformed() {
        let entries = Self.lines(Array("REFRESH - INTERVAL; VALUE = DURATION:PT48H\r\nSUMMARY:x\r\nX-A;B:c\r\n".utf8))
        guard case .malformed(_, _, let line, _) = entries[0] else { Issue.record("expected malformed"); return }
        #expect(line == 1)
        guard case .line(let summary) = entries[1] else { Issue.record("expected a line"); return }
        #expect(summary.value == "x")
        guard case .malformed = entries[2] else { Issue.record("expected malformed"); return }
    }
}
