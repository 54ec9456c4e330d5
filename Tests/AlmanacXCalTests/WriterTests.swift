@testable import AlmanacXCal
import AlmanacICalendarModel
import AlmanacCore
import AlmanacTestSupport
import Foundation
import Testing

/// Writing xCal: the golden file, escaping, characters XML cannot hold, compact output.
@Suite("xCal writer")
struct WriterTests {
    static let goldenPath = TestPaths.inPackage("Tests/AlmanacXCalTests/Golden/document.xcs")

    static func time(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int) -> CivilDateTime {
        CivilDateTime(date: CivilDate(year: year, month: month, day: day)!, hour: hour, minute: minute)!
    }

    /// A document with each kind of time, tasks, a color, a rule, markup characters and
    /// every line break.
    static let document = AlmanacDocument(events: [
        Event(
            id: "tea@example.com", title: "Tea & <cake> \"for\" 'two'", symbol: "cup.and.saucer",
            color: RGBAColor(red: 0, green: 0.5, blue: 1, alpha: 1),
            start: .zoned(time(2027, 1, 7, 15, 0), timeZone: "Europe/Berlin"), end: .zoned(time(2027, 1, 7, 16, 30), timeZone: "Europe/Berlin"),
            location: "Café ]]> corner", notes: "Line one\nLine two\r\nLine three\rend\tтаб",
            url: "https://example.com/tea?a=1&b=2", categories: ["Food", "Friends, old"], recurrence: "FREQ=WEEKLY;BYDAY=TH,FR;COUNT=4",
            priority: 1,
            tasks: [EventTask(id: "kettle", text: "Boil the kettle", isCompleted: true), EventTask(id: "cups", text: "Cups < 3", isCompleted: false)]
        ),
        Event(id: "holiday", title: "Holiday", start: .date(CivilDate(year: 2026, month: 12, day: 24)!), end: .date(CivilDate(year: 2026, month: 12, day: 27)!)),
        Event(id: "call", title: "Call", start: .utc(time(2026, 12, 19, 2, 0)), end: .utc(time(2026, 12, 19, 2, 30))),
        Event(id: "midnight", title: "Midnight", start: .floating(time(2026, 12, 31, 23, 30))),
    ])

    @Test("the writer's output is the golden file, and reads back to the same document")
    func golden() throws {
        let output = try XCal.encode(Self.document)
        if ProcessInfo.processInfo.environment["ALMANAC_UPDATE_GOLDEN"] == "1" {
            try Data(output).write(to: Self.goldenPath)
        }
        let golden = try Data(contentsOf: Self.goldenPath)
        #expect(XCal.text(output) == String(decoding: golden, as: UTF8.self), "set ALMANAC_UPDATE_GOLDEN=1 to rewrite Golden/document.xcs")
        let back = try XCal.decode(output)
        #expect(back.diagnostics.isEmpty, "\(back.diagnostics.map(\.rendered))")
        #expect(back.document.events == Self.document.events)
        #expect(try XCal.encode(back.document) == output)
    }

    @Test("markup characters are escaped, a carriage return is a reference, other text is as it is")
    func escaping() throws {
        let text = XCal.text(try XCal.encode(Self.document))
        #expect(text.contains("<text>Tea &amp; &lt;cake&gt; \"for\" 'two'</text>"))
        #expect(text.contains("<text>Café ]]&gt; corner</text>"))
        // Line breaks are TEXT's one escape in the shared tree; X-ALMANAC-BREAKS says which were CR LF or CR.
        #expect(text.contains("<x-almanac-breaks>\n                <text>ncr</text>\n              </x-almanac-breaks>"))
        #expect(text.contains("<text>Line one\nLine two\nLine three\nend\tтаб</text>"))
        #expect(text.contains("<uri>https://example.com/tea?a=1&amp;b=2</uri>"))
        #expect(text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<icalendar xmlns=\"urn:ietf:params:xml:ns:icalendar-2.0\">\n  <vcalendar>\n"))
        #expect(text.hasSuffix("</vcalendar>\n</icalendar>\n"))
    }

    @Test("a carriage return in a value is written as a character reference and read back")
    func carriageReturn() throws {
        let input = XCal.event("<uid><text>e</text></uid><x-raw><unknown>a&#13;b&#13;&#10;c</unknown></x-raw>")
        let calendar = try #require(try XCal.codec.components(from: Array(input.utf8)).first)
        let written = XCal.text(try XCalCodec.bytes(of: calendar))
        #expect(written.contains("<unknown>a&#13;b&#13;\nc</unknown>"))
        #expect(try XCal.eventLines(written) == ["UID:e", "X-RAW:a\rb\r\nc"])
    }

    @Test("compact output has no white space between elements and reads the same")
    func compact() throws {
        let bytes = try XCal.encode(Self.document, compact: true)
        let text = XCal.text(bytes)
        let body = text.drop { $0 != "\n" }.dropFirst()
        #expect(body.hasPrefix("<icalendar xmlns=\"urn:ietf:params:xml:ns:icalendar-2.0\"><vcalendar><properties><version><text>2.0</text></version>"))
        #expect(!body.contains(">\n<") && !body.contains(">  <"))
        #expect(text.filter { $0 == "\n" }.count == 2 + 3, "the declaration's, the final one, and the three inside the notes")
        #expect(try XCal.decode(bytes).document.events == Self.document.events)
    }

    @Test("characters XML 1.0 cannot hold are an error that names the field", arguments: [
        ("\u{7}", "U+0007"), ("\u{FFFF}", "U+FFFF"), ("\u{FFFE}", "U+FFFE"), ("\u{1B}", "U+001B"),
    ])
    func unrepresentable(character: String, code: String) throws {
        let event = Event(id: "e", title: "t", url: "https://example.com/\(character)")
        let error = try #require(throws: XCalEncodingError.self) { try XCal.encode(AlmanacDocument(events: [event])) }
        #expect(error.message == "VEVENT 'e' URL holds \(code), which XML 1.0 cannot hold; remove it or convert to a format that can (json)")
    }

    @Test("control characters in text are left out by the shared mapping, with a warning, as in iCalendar")
    func controlsInText() throws {
        let result = try XCal.codec.encode(AlmanacDocument(events: [Event(id: "e", title: "bell \u{7}")]), options: XCal.options)
        #expect(XCal.text(result.bytes).contains("<text>bell </text>"))
        #expect(!result.diagnostics.isEmpty)
    }

    @Test("a name XML cannot spell is an error")
    func unrepresentableName() throws {
        var extras = Extras()
        extras.entries["ics"] = .object([OpaqueMember("properties", .array([.string("1X:one")]))])
        let event = Event(id: "e", title: "t", extras: extras)
        let error = try #require(throws: XCalEncodingError.self) { try XCal.encode(AlmanacDocument(events: [event])) }
        #expect(error == .unrepresentableName("1X", field: "VEVENT 'e' 1X"))
    }

    @Test("the DTSTAMP is the options' stamp")
    func stamp() throws {
        let stamp = try #require(CivilDateTime(date: CivilDate(year: 2027, month: 3, day: 4)!, hour: 5, minute: 6, second: 7))
        let text = String(decoding: try XCal.codec.encode(Self.document, options: EncodingOptions(stamp: stamp)).bytes, as: UTF8.self)
        let dtstamp = try #require(text.range(of: "<dtstamp>"), "\(text)")
        #expect(text[dtstamp.upperBound...].drop { $0.isWhitespace }.hasPrefix("<date-time>2027-03-04T05:06:07Z</date-time>"), "\(text)")
    }
}
