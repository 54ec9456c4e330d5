@testable import AlmanacJCal
import AlmanacCore
import AlmanacICalendarModel
import AlmanacTestSupport
import Foundation
import Testing

@Suite("jCal round trips")
struct RoundTripTests {
    @Test("generated documents survive jcal and back unchanged, and write the same bytes again", arguments: 0..<20)
    func generated(seed: Int) throws {
        let document = GeneratedCalendars.document(seed: UInt64(seed))
        let bytes = try JCal.encode(document)
        let result = try JCal.decode(bytes)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.rendered))")
        #expect(result.document == document)
        #expect(try JCal.encode(result.document) == bytes)
    }

    @Test("compact output is one line and reads the same")
    func compact() throws {
        let document = GeneratedCalendars.document(seed: 7)
        let bytes = try JCal.codec.encode(document, options: EncodingOptions(compact: true, stamp: JCal.options.stamp)).bytes
        #expect(bytes.filter { $0 == 0x0A }.count == 1)
        #expect(try JCal.decode(bytes).document == document)
    }

    @Test("what the model has no field for survives ics → jcal → ics", .enabled(if: TestPaths.hasAlmanacBinary))
    func richCalendar() throws {
        let ics = Array(JCal.richICS.utf8)
        let jcal = try JCal.almanac(["convert", "-f", "ics", "-t", "jcal"], stdin: ics)
        let once = try JCal.almanac(["convert", "-f", "ics", "-t", "ics"], stdin: ics)
        let back = try JCal.almanac(["convert", "-f", "jcal", "-t", "ics"], stdin: jcal)
        #expect(JCal.text(back) == JCal.text(once))
        let document = try JCal.decode(jcal).document
        #expect(ICalendarExtras(document.events[0].extras).properties.contains("ATTENDEE;CN=George ^'Babe^' Ruth;PARTSTAT=ACCEPTED;MEMBER=\"mailto:a@x\",\"mailto:b@x\":mailto:babe@example.com"))
        #expect(ICalendarExtras(document.events[0].extras).components == ["BEGIN:VALARM\nACTION:DISPLAY\nDESCRIPTION:Reminder\nTRIGGER:-PT15M\nEND:VALARM"])
    }

    @Test("Samples/events.ics → jcal → ics is byte-identical; json → jcal → json gives the sample", .enabled(if: TestPaths.hasAlmanacBinary))
    func sample() throws {
        let ics = try JCal.almanac(["convert", TestPaths.sample("events.ics").path, "-t", "ics"])
        let jcal = try JCal.almanac(["convert", TestPaths.sample("events.ics").path, "-t", "jcal"])
        #expect(JCal.text(try JCal.almanac(["convert", "-f", "jcal", "-t", "ics"], stdin: jcal)) == JCal.text(ics))
        let json = try JCal.almanac(["convert", TestPaths.sample("events.json").path, "-t", "json"])
        let viaJCal = try JCal.almanac(["convert", "-f", "jcal", "-t", "json"], stdin: try JCal.sampleJCal())
        #expect(JCal.text(viaJCal) == JCal.text(json))
    }
}

@Suite("jCal errors")
struct ErrorTests {
    @Test(
        "input that is not jCal throws with line and column",
        arguments: [
            ("", 1, 1, "not JSON: unexpected end of input; expected a value"),
            ("[\"vcalendar\", [], []", 1, 21, "not JSON: unexpected end of input; expected ',' or ']'"),
            ("{\"a\": 1}", 1, 1, "expected a jCal component [name, [properties], [components]]: the document is an object"),
            ("[\"vevent\", [], []]", 1, 1, "expected a \"vcalendar\" component, found \"vevent\""),
            ("[\"vcalendar\",\n  [[\"summary\", {}, \"text\"]], []]", 2, 4, "expected a jCal property [name, {parameters}, type, value]: it must have a name, an object of parameters, a type and a value"),
            ("[\"vcalendar\", [[\"x\", {\"cn\": null}, \"text\", \"v\"]], []]", 1, 29, "parameter \"cn\" must be a string or an array of strings"),
            ("[\"vcalendar\", [[\"x\", {}, \"text\", {}]], []]", 1, 34, "X: a text value cannot be an object"),
            ("[\"vcalendar\", [], []] x", 1, 23, "not JSON: unexpected 'x'; expected end of input"),
            ("[\"vcalendar\", [[\"summary\", {}, \"text\", \"a\u{1}\"]], []]", 1, 42, "not JSON: control character U+0001 must be escaped in a string"),
        ]
    )
    func errors(text: String, line: Int, column: Int, message: String) throws {
        let error = try #require(throws: JCalDecodingError.self) { try JCal.decode(text) }
        #expect(error.message == message)
        #expect(error.position?.line == line)
        #expect(error.position?.column == column)
    }

    @Test("nesting past the limit is an error, not a crash")
    func deep() throws {
        let text = String(repeating: "[", count: 100_000)
        #expect(throws: JCalDecodingError.self) { try JCal.decode(text) }
    }

    @Test("a broken value is a warning with its position, kept as written")
    func brokenValue() throws {
        let text = "[\"vcalendar\", [], [[\"vevent\", [\n  [\"uid\", {}, \"text\", \"a\"],\n  [\"dtstart\", {}, \"date-time\", \"tomorrow\"]], []]]]"
        let result = try JCal.decode(text)
        #expect(result.diagnostics.map { $0.position.map { [$0.line, $0.column] } } == [[3, 3]])
        #expect(ICalendarExtras(result.document.events[0].extras).properties == ["DTSTART:tomorrow"])
    }

    @Test("the CLI exits 65 with file:line:column", .enabled(if: TestPaths.hasAlmanacBinary))
    func cli() throws {
        let result = try ProcessRunner.almanac(["convert", "-f", "jcal", "-t", "json"], stdin: Array("[\"vcalendar\",\n  [1], []]".utf8))
        #expect(result.status == 65)
        #expect(result.stderrText.contains("<stdin>:2:4: error: expected a jCal property"), "\(result.stderrText)")
    }
}
