@testable import AlmanacXCal
import AlmanacCore
import AlmanacTestSupport
import Foundation
import Testing

/// Hostile xCal: external entities and DTDs never read a local file, entity bombs fail
/// fast, and malformed input is an error with its line and column.
@Suite("xCal security and malformed input")
struct SecurityTests {
    /// A file whose content must never appear in any output.
    private func secretFile() throws -> (URL, String) {
        let secret = "ALMANAC-XCAL-SECRET-\(UUID().uuidString)"
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-xcal-xxe-\(UUID().uuidString).txt")
        try Data(secret.utf8).write(to: url)
        return (url, secret)
    }

    /// A calendar whose DOCTYPE declares `declaration`, with `summary` as an event's SUMMARY element content.
    private func hostile(_ declaration: String, summary: String) -> String {
        """
        <?xml version="1.0"?>
        <!DOCTYPE icalendar [ \(declaration) ]>
        <icalendar xmlns="urn:ietf:params:xml:ns:icalendar-2.0"><vcalendar><components><vevent><properties>
        <uid><text>e</text></uid><summary>\(summary)</summary>
        </properties></vevent></components></vcalendar></icalendar>
        """
    }

    @Test("an external entity naming a local file is refused and its content never leaks")
    func externalEntity() throws {
        let (url, secret) = try secretFile()
        defer { try? FileManager.default.removeItem(at: url) }
        let input = hostile("<!ENTITY xxe SYSTEM \"\(url.absoluteString)\">", summary: "<text>&xxe;</text>")
        let error = try #require(throws: XCalDecodingError.self) { try XCal.decode(input) }
        #expect(!error.description.contains(secret))
        guard case .read(.entityReference(let name, let position)) = error else {
            Issue.record("expected an entity-reference error, got \(error)")
            return
        }
        #expect(name == "xxe")
        #expect(position.line == 4)
    }

    @Test("an external entity in a parameter, and through the command line, never leaks", .enabled(if: TestPaths.hasAlmanacBinary))
    func externalEntityThroughTheCommandLine() throws {
        let (url, secret) = try secretFile()
        defer { try? FileManager.default.removeItem(at: url) }
        let inputs = [
            hostile("<!ENTITY xxe SYSTEM \"\(url.absoluteString)\">", summary: "<text>&xxe;</text>"),
            hostile("<!ENTITY xxe SYSTEM \"\(url.absoluteString)\">", summary: "<parameters><language><text>&xxe;</text></language></parameters><text>t</text>"),
            hostile("<!ENTITY % remote SYSTEM \"\(url.absoluteString)\"> %remote;", summary: "<text>t</text>"),
        ]
        for input in inputs {
            for target in ["ics", "json", "xcal"] {
                let result = try ProcessRunner.almanac(["convert", "-f", "xcal", "-t", target, "--dtstamp", XCal.stamp], stdin: Array(input.utf8))
                #expect(!result.stdoutText.contains(secret))
                #expect(!result.stderrText.contains(secret))
                #expect(!result.stderrText.contains("parser error"), "libxml2 printed by itself: \(result.stderrText)")
            }
        }
    }

    @Test("an external DTD is not loaded")
    func externalDTD() throws {
        let (url, secret) = try secretFile()
        defer { try? FileManager.default.removeItem(at: url) }
        let input = "<!DOCTYPE icalendar SYSTEM \"\(url.absoluteString)\">\n" + XCal.event("<uid><text>e</text></uid><summary><text>t</text></summary>")
        let result = try XCal.decode(input)
        #expect(result.document.events.map(\.title) == ["t"])
        #expect(!result.diagnostics.map(\.rendered).joined().contains(secret))
    }

    @Test("a billion laughs fails fast with a clear error")
    func billionLaughs() throws {
        var declarations = [#"<!ENTITY lol0 "lol">"#]
        for level in 1...9 {
            declarations.append("<!ENTITY lol\(level) \"\(String(repeating: "&lol\(level - 1);", count: 10))\">")
        }
        let input = hostile(declarations.joined(separator: "\n"), summary: "<text>&lol9;</text>")
        let start = DispatchTime.now().uptimeNanoseconds
        let error = try #require(throws: XCalDecodingError.self) { try XCal.decode(input) }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        #expect(seconds < 5, "took \(seconds) s")
        #expect(error.message.contains("entity"), "\(error.message)")
        #expect(error.position?.line == 13, "\(error)")
    }

    @Test("very deep nesting is an error, not a crash")
    func deepNesting() throws {
        let depth = 100_000
        let input = XCal.event("<x-deep>" + String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth) + "</x-deep>")
        let error = try #require(throws: XCalDecodingError.self) { try XCal.decode(input) }
        #expect(error.position?.line == 1)
    }

    @Test(
        "malformed and misshapen input throws with line and column",
        arguments: [
            ("", 1, 1, "malformed XML: the document is empty: it has no root element"),
            ("<icalendar xmlns=\"urn:ietf:params:xml:ns:icalendar-2.0\">\n  <vcalendar>\n    <properties><prodid><text>x</titl>", 3, 39, "malformed XML: Opening and ending tag mismatch: text line 3 and titl"),
            ("<icalendar xmlns=\"urn:ietf:params:xml:ns:icalendar-2.0\"><vcalendar>", 1, 68, "malformed XML: the input ends before every element is closed"),
            ("<calendar/>", 1, 1, "the root element must be <icalendar> in namespace urn:ietf:params:xml:ns:icalendar-2.0, found <calendar>"),
            ("<icalendar xmlns=\"urn:other\"/>", 1, 1, "the root element must be <icalendar> in namespace urn:ietf:params:xml:ns:icalendar-2.0, found <icalendar> in namespace urn:other"),
            ("<icalendar xmlns=\"urn:ietf:params:xml:ns:icalendar-2.0\"/>", 1, 1, "<icalendar> holds no <vcalendar>"),
            ("<icalendar xmlns=\"urn:ietf:params:xml:ns:icalendar-2.0\">\n <vevent/></icalendar>", 2, 2, "<vevent> cannot stand in <icalendar>: expected <vcalendar>"),
            (XCal.calendar("\n<summary><text>x</text></summary>"), 2, 1, "<summary> cannot stand in <vcalendar>: expected <properties> or <components>"),
            (XCal.calendar("<properties>\n  <summary/></properties>"), 2, 3, "<summary> has no value element"),
            (XCal.calendar("<properties><summary>loose</summary></properties>"), 1, 1, "unexpected text 'loose' in <summary>"),
            (XCal.calendar("<properties><x-a><text>1</text><integer>2</integer></x-a></properties>"), 1, 99, "<x-a> holds values of two types, <text> and <integer>"),
            (XCal.calendar("<properties><summary><string>1</string></summary></properties>"), 1, 89, "<string> in <summary> is not an xCal value type (text, date-time, recur, …)"),
            (XCal.calendar("<properties><x_a><text>1</text></x_a></properties>"), 1, 80, "<x_a> is not an iCalendar name (ASCII letters, digits and '-')"),
            (XCal.calendar("<properties><summary><text>a<b/></text></summary></properties>"), 1, 96, "unexpected element <b> in <text>, which holds text only"),
            (XCal.calendar("<properties><x-a><boolean>maybe</boolean></x-a></properties>"), 1, 85, "<x-a>: a boolean value must be true or false, not 'maybe'"),
            (XCal.calendar("<properties><rdate><period><start>2026-01-01T00:00:00Z</start></period></rdate></properties>"), 1, 87, "<rdate>: a period value needs a <start> and an <end> or <duration>"),
            (XCal.calendar("<properties><rrule><recur/></rrule></properties>"), 1, 87, "<rrule>: a recur value needs its rule parts, such as <freq>"),
            (XCal.calendar("<properties><summary><parameters><language/></parameters><text>t</text></summary></properties>"), 1, 101, "parameter <language> has no value element"),
        ]
    )
    func malformed(text: String, line: Int, column: Int, message: String) throws {
        let error = try #require(throws: XCalDecodingError.self) { try XCal.decode(text) }
        #expect(error.message == message)
        #expect(error.position?.line == line, "\(error)")
        #expect(error.position?.column == column, "\(error)")
    }

    @Test("the sample cut anywhere reads or throws an error with a position, never crashes")
    func truncated() throws {
        let bytes = Array(try Data(contentsOf: TestPaths.sample("events.xcs")))
        for length in stride(from: 0, to: bytes.count, by: 97) {
            do {
                _ = try XCal.decode(Array(bytes[..<length]))
            } catch let error as XCalDecodingError {
                #expect(error.position != nil, "\(length): \(error)")
            }
        }
    }

    @Test("the command line exits 65 with file:line:column and libxml2 prints nothing", .enabled(if: TestPaths.hasAlmanacBinary))
    func commandLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-xcal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = "<icalendar xmlns=\"urn:ietf:params:xml:ns:icalendar-2.0\">\n  <vcalendar>\n    <properties><prodid><text>x</titl></prodid>\n"
        try Data(text.utf8).write(to: folder.appendingPathComponent("bad.xcs"))
        let result = try ProcessRunner.almanac(["convert", "bad.xcs", "-t", "ics"], directory: folder)
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrText.split(separator: "\n").first == "bad.xcs:3:39: error: malformed XML: Opening and ending tag mismatch: text line 3 and titl")
        #expect(!result.stderrText.contains("parser error"), "libxml2 printed by itself:\n\(result.stderrText)")
        let shape = try ProcessRunner.almanac(["convert", "-f", "xcal", "-t", "json"], stdin: Array(XCal.calendar("\n<summary><text>x</text></summary>").utf8))
        #expect(shape.status == 65)
        #expect(shape.stderrText.hasPrefix("<stdin>:2:1: error: <summary> cannot stand in <vcalendar>"), "\(shape.stderrText)")
    }
}
