@testable import AlmanacXCal
import AlmanacCore
import AlmanacICalendarModel
import AlmanacTestSupport
import Foundation
import Testing

/// The streaming read (`decodeItems`): the first pass's outline, then one item at a
/// time, each event handed on once complete, with what the whole tree's mapping gives.
@Suite("xCal streaming read")
struct StreamingTests {
    struct Streamed {
        var events: [Event] = []
        var positions: [SourcePosition?] = []
        var end = StreamEnd()
    }

    static func stream(_ bytes: [UInt8]) throws -> Streamed {
        var source = MemorySource(bytes)
        var streamed = Streamed()
        streamed.end = try XCal.codec.decodeItems(from: &source, sourceName: "s.xcs") { item, position in
            guard case .event(let event) = item else {
                Issue.record("xCal gave a recipe: \(item)")
                return
            }
            streamed.events.append(event)
            streamed.positions.append(position)
        }
        return streamed
    }

    /// What the mapping of the whole component tree gives, as the reader did before it streamed.
    static func reference(_ bytes: [UInt8]) throws -> (document: AlmanacDocument, origins: ItemOrigins, diagnostics: [Diagnostic]) {
        let calendars = try XCal.codec.components(from: bytes, source: "s.xcs")
        var mapper = EventMapper(source: "s.xcs")
        let (document, origins) = mapper.located(from: calendars)
        return (document, origins, mapper.diagnostics)
    }

    static func vevent(_ uid: String, _ summary: String, extra: String = "") -> String {
        "<vevent><properties><uid><text>\(uid)</text></uid><summary><text>\(summary)</text></summary>"
            + "<dtstart><date-time>2027-01-07T09:30:00Z</date-time></dtstart>\(extra)</properties></vevent>\n"
    }

    static func vtodo(_ uid: String, _ summary: String, parent: String?) -> String {
        let related = parent.map { "<related-to><parameters><reltype><text>PARENT</text></reltype></parameters><text>\($0)</text></related-to>" } ?? ""
        return "<vtodo><properties><summary><text>\(summary)</text></summary>\(related)<uid><text>\(uid)</text></uid></properties></vtodo>\n"
    }

    @Test("the sample streams the events, positions, extras and warnings of a whole read, which are the whole tree's")
    func sampleSameAsWhole() throws {
        let bytes = Array(try Data(contentsOf: TestPaths.sample("events.xcs")))
        let whole = try XCal.decode(bytes, source: "s.xcs")
        let streamed = try Self.stream(bytes)
        let reference = try Self.reference(bytes)
        #expect(!whole.document.events.isEmpty)
        #expect(whole.document.events.contains { !$0.tasks.isEmpty })
        #expect(streamed.events == whole.document.events)
        #expect(streamed.positions == whole.origins.events)
        #expect(streamed.end.documentExtras == whole.document.extras)
        #expect(streamed.end.diagnostics == whole.diagnostics)
        #expect(whole.document == reference.document)
        #expect(whole.origins == reference.origins)
    }

    @Test("tasks before their event, far after it, in another calendar, and of a series with changed occurrences attach as in the whole tree")
    func tasksAcrossItems() throws {
        let first = "<vcalendar><components>\n" + Self.vtodo("early", "Buy candles", parent: "party")
            + Self.vevent("party", "Party") + Self.vevent("walk", "Walk")
            + Self.vevent("yoga", "Yoga", extra: "<rrule><recur><freq>WEEKLY</freq><count>3</count></recur></rrule>")
            + "</components></vcalendar>\n"
        let second = "<vcalendar><components>\n"
            + Self.vevent("yoga", "Yoga moved", extra: "<recurrence-id><date-time>2027-01-14T09:30:00Z</date-time></recurrence-id>")
            + Self.vtodo("mat", "Bring the mat", parent: "yoga") + Self.vtodo("late", "Sweep up", parent: "party")
            + Self.vtodo("alone", "Call Sam", parent: nil) + Self.vtodo("sub", "Find the number", parent: "alone")
            + "</components></vcalendar>\n"
        let bytes = Array((#"<icalendar xmlns="urn:ietf:params:xml:ns:icalendar-2.0">"# + "\n" + first + second + "</icalendar>\n").utf8)
        let streamed = try Self.stream(bytes)
        let reference = try Self.reference(bytes)
        #expect(streamed.events.map(\.title) == ["Party", "Walk", "Yoga", "Yoga moved", "Call Sam"])
        #expect(streamed.events.map { $0.tasks.map(\.text) } == [["Buy candles", "Sweep up"], [], ["Bring the mat"], [], ["Find the number"]])
        #expect(streamed.events == reference.document.events)
        #expect(streamed.positions == reference.origins.events)
        #expect(try XCal.decode(bytes, source: "s.xcs").document == reference.document)
    }

    @Test("a VTIMEZONE after the events that use it reaches their mapping from the first pass")
    func timeZonesFromFirstPass() throws {
        let zone = """
            <vtimezone><properties><tzid><text>Custom/Island</text></tzid></properties><components>
            <standard><properties><dtstart><date-time>1970-01-01T00:00:00</date-time></dtstart>
            <tzoffsetfrom><utc-offset>+03:00</utc-offset></tzoffsetfrom><tzoffsetto><utc-offset>+03:00</utc-offset></tzoffsetto></properties></standard>
            </components></vtimezone>
            """
        let event = "<vevent><properties><uid><text>z</text></uid><summary><text>Zoned</text></summary>"
            + "<dtstart><parameters><tzid><text>Custom/Island</text></tzid></parameters><date-time>2027-01-07T09:30:00</date-time></dtstart></properties></vevent>"
        let bytes = Array(XCal.calendar("<components>" + event + zone + "</components>").utf8)
        let streamed = try Self.stream(bytes)
        let reference = try Self.reference(bytes)
        #expect(streamed.events.count == 1)
        #expect(streamed.events == reference.document.events)
        #expect(streamed.end.documentExtras == reference.document.extras)
        #expect(!streamed.end.documentExtras.isEmpty, "the VTIMEZONE of a zone that is not IANA's is kept")
    }

    /// A calendar of `count` events, each followed by its task, written as almanac writes them.
    static func bigCalendar(_ count: Int) -> [UInt8] {
        var body = ""
        for index in 0..<count {
            body += Self.vevent("e\(index)", "Event \(index)") + Self.vtodo("t\(index)", "Task \(index)", parent: "e\(index)")
        }
        return Array(XCal.calendar("<components>\n" + body + "</components>").utf8)
    }

    @Test("a file cut short hands on the events before the cut, then throws the whole read's error with its position")
    func truncatedHandsOnEarlierEvents() throws {
        let bytes = Self.bigCalendar(200)
        let cut = Array(bytes[..<(bytes.count / 2)])
        var source = MemorySource(cut)
        var titles: [String] = []
        let error = try #require(throws: XCalDecodingError.self) {
            _ = try XCal.codec.decodeItems(from: &source, sourceName: "s.xcs") { item, _ in
                if case .event(let event) = item {
                    #expect(event.tasks.count == 1, "\(event.title) has its task")
                    titles.append(event.title)
                }
            }
        }
        // Events with their task before the cut (each handed on once the next VEVENT is read),
        // but for what libxml2 had still to hand on when its look-ahead met the cut.
        let complete = String(decoding: cut, as: UTF8.self).components(separatedBy: "</vtodo>").count - 1
        #expect(titles.count <= complete && titles.count > complete - 30, "\(titles.count) events before the cut, \(complete) complete")
        #expect(titles == (0..<titles.count).map { "Event \($0)" })
        guard case .read(.malformed) = error else {
            Issue.record("expected malformed XML, got \(error)")
            return
        }
        let position = try #require(error.position)
        #expect(position.line > 50)
        let whole = try #require(throws: XCalDecodingError.self) { try XCal.decode(cut) }
        #expect(whole == error, "the whole read gives no document, and the same error")
    }

    @Test("an event is handed on before the rest of the input is mapped: the reader's own later error never comes")
    func handsOnBeforeTheEnd() throws {
        struct Stop: Error {}
        let broken = XCal.calendar("<components>" + Self.vevent("a", "First") + Self.vevent("b", "Second")
            + "<vevent><properties><summary>no value element</summary></properties></vevent></components>")
        var source = MemorySource(Array(broken.utf8))
        var titles: [String] = []
        #expect(throws: Stop.self) {
            _ = try XCal.codec.decodeItems(from: &source, sourceName: "s.xcs") { item, _ in
                if case .event(let event) = item { titles.append(event.title) }
                throw Stop()
            }
        }
        #expect(titles == ["First"])
        #expect(throws: XCalDecodingError.self) { try XCal.decode(broken) }
    }

    @Test("a truncated file through the command line: exit 65 with file:line:column, the events before the cut streamed out", .enabled(if: TestPaths.hasAlmanacBinary))
    func truncatedCommandLine() throws {
        let folder = try ScratchFolder()
        let path = folder.path("cut.xcs")
        let bytes = Self.bigCalendar(4_000)
        try Data(bytes[..<(bytes.count / 2)]).write(to: URL(fileURLWithPath: path))
        let result = try ProcessRunner.almanac(["convert", path, "-t", "ndjson"])
        #expect(result.status == 65)
        #expect(result.stderrText.contains("cut.xcs:"), "\(result.stderrText)")
        #expect(result.stderrText.range(of: #"cut\.xcs:[0-9]+:[0-9]+: error: "#, options: .regularExpression) != nil, "\(result.stderrText)")
        let lines = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n")
        // What the output had flushed when the error came: the first events, in order, whole.
        #expect(!lines.isEmpty && lines.count < 2_000, "\(lines.count) lines")
        for (index, line) in lines.enumerated() {
            #expect(line.contains("\"Event \(index)\"") && line.contains("\"Task \(index)\""), "\(line)")
        }
    }
}
