import AlmanacCore
@testable import AlmanacICalendarModel
import Testing

/// RFC 5545 value syntax the tree keeps its values in: TEXT escapes, parameter
/// quoting, basic-format dates, date-times and UTC offsets.
@Suite("Value syntax")
struct ValueSyntaxTests {
    @Test("TEXT escapes: backslash, semicolon, comma, newline; lists split on unescaped commas")
    func textEscapes() {
        #expect(TextValue.unescape(#"a\,b\;c\\d\ne\Nf\:g"#) == "a,b;c\\d\ne\nf:g")
        #expect(TextValue.escape("a,b;c\\d\ne").value == #"a\,b\;c\\d\ne"#)
        #expect(TextValue.splitList(#"Work,Fun\, really,A\\"#) == ["Work", "Fun, really", "A\\"])
        let crlf = TextValue.escape("x\r\nBEGIN:VEVENT\r\ny\rz\n")
        #expect(crlf.value == #"x\nBEGIN:VEVENT\ny\nz\n"#)
        #expect(crlf.breaks == "ccrn")
        #expect(TextValue.unescape(crlf.value, breaks: crlf.breaks) == "x\r\nBEGIN:VEVENT\r\ny\rz\n")
    }

    @Test("parameter values are caret-escaped and quoted as needed")
    func parameterQuoting() {
        #expect(ICalParameter.quoted("George \"Babe\" Ruth\n^") == "George ^'Babe^' Ruth^n^^")
        #expect(ICalParameter.quoted("Doe, Jane") == "\"Doe, Jane\"")
    }

    @Test("one kept content line parses into a property, with its raw text")
    func keptLine() throws {
        guard case .line(let line)? = ContentLineParser.parse("ATTENDEE;CN=\"Doe, Jane\";ROLE=CHAIR:mailto:jane@example.com") else {
            Issue.record("expected a line")
            return
        }
        #expect(line.name == "ATTENDEE")
        #expect(line.parameter("CN") == "Doe, Jane")
        #expect(line.raw == "ATTENDEE;CN=\"Doe, Jane\";ROLE=CHAIR:mailto:jane@example.com")
        #expect(ICalProperty("DTSTART", [("TZID", "Europe/Berlin")], "20270107T093000").raw == "DTSTART;TZID=Europe/Berlin:20270107T093000")
        #expect(ContentLineParser.parse("") == nil)
    }

    @Test("basic-format dates and date-times on bytes")
    func times() {
        let date = CivilDate(year: 2026, month: 12, day: 24)!
        #expect(ICalTimeText.parse("20261224") == .date(date))
        #expect(ICalTimeText.parse("20261224T170000Z") == .dateTime(CivilDateTime(date: date, hour: 17, minute: 0)!, utc: true))
        #expect(ICalTimeText.parse("20261224T1730") == .dateTime(CivilDateTime(date: date, hour: 17, minute: 30)!, utc: false))
        #expect(ICalTimeText.parse("20261324") == nil)
        #expect(ICalTimeText.parse("2026-12-24") == nil)
        #expect(ICalTimeText.parse("20261224T250000") == nil)
        #expect(ICalTimeText.parseUTCOffset("+0100") == 3_600)
        #expect(ICalTimeText.parseUTCOffset("-053000") == -19_800)
        #expect(ICalTimeText.parseUTCOffset("+5744") == nil)
        #expect(ICalTimeText.offsetText(-19_800) == "-0530")
    }
}
