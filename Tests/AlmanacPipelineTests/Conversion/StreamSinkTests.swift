import Foundation
import Testing
import Almanac
import AlmanacTestSupport

/// A streamed document written to a file as its items come (a calendar's events into
/// JSON) gives the bytes the document written whole gives, and a file only when whole.
@Suite struct StreamSinkTests {
    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-stream-sink-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private func input(_ text: String, named name: String, in folder: URL) throws -> ConversionInput {
        let path = folder.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return try ConversionInput(path: path, registry: Fixture.registry)
    }

    /// The file written as the events come, the bytes written whole, and the codec's own
    /// whole-document writer agree, pretty and compact.
    @Test(arguments: [false, true])
    func calendarToJSONFileEqualsTheWholeDocument(compact: Bool) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let options = EncodingOptions(compact: compact)
        let conversion = Conversion(inputs: [try Fixture.sample("events.ics")], to: Fixture.codec("json"), options: options)
        #expect(conversion.isStreamable)
        let path = folder.appendingPathComponent("events.json").path
        try conversion.write(to: .file(path))
        let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let whole = try conversion.bytes()
        let document = try Fixture.codec("ics").decode(try [UInt8](Data(contentsOf: TestPaths.sample("events.ics"))), source: "events.ics").document
        let encoded = try Fixture.codec("json").encode(document, options: options).bytes
        #expect(written == whole)
        #expect(written == encoded)
        #expect(try Fixture.codec("json").decode(written, source: "events.json").document.events.count == document.events.count)
    }

    @Test func anEmptyCalendarIsAWholeEmptyDocument() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let calendar = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nEND:VCALENDAR\r\n"
        let conversion = Conversion(inputs: [try input(calendar, named: "empty.ics", in: folder)], to: Fixture.codec("json"))
        let path = folder.appendingPathComponent("empty.json").path
        try conversion.write(to: .file(path))
        let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(written == (try conversion.bytes()))
        let back = try Fixture.codec("json").decode(written, source: "empty.json").document
        #expect(back.events.isEmpty && back.recipes.isEmpty)
    }

    /// An event that fails validation after others were written out leaves the old file.
    @Test func aValidationErrorLeavesTheFileAsItWas() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var calendar = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n"
        for index in 0..<3_000 {
            calendar += "BEGIN:VEVENT\r\nUID:event-\(index)\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20270101T100000Z\r\nSUMMARY:Event \(index) with a title long enough to pass 64 KiB\r\nEND:VEVENT\r\n"
        }
        // The same UID twice: `unique-ids` is an error.
        calendar += "BEGIN:VEVENT\r\nUID:event-7\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20270101T100000Z\r\nSUMMARY:Again\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let conversion = Conversion(inputs: [try input(calendar, named: "twice.ics", in: folder)], to: Fixture.codec("json"))
        let path = folder.appendingPathComponent("out.json").path
        try Data("before\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: AlmanacError.self) { try conversion.write(to: .file(path)) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "before\n")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("almanac-") }
        #expect(left.isEmpty, "temporary files left: \(left)")
    }

    /// A recipe after events (inputs that may hold both kinds) starts the run over with the
    /// document kept whole: the recipes still come first, and each warning is reported once.
    @Test func aRecipeAfterEventsStillComesFirst() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var lines = ""
        for index in 0..<2_000 {
            // `allDay` without a start: one warning per event.
            lines += "{\"kind\":\"event\",\"id\":\"e\(index)\",\"title\":\"Meeting \(index) with a title long enough to pass 64 KiB\",\"allDay\":true}\n"
        }
        lines += "{\"kind\":\"recipe\",\"id\":\"r1\",\"title\":\"Soup\"}\n"
        let conversion = Conversion(inputs: [try input(lines, named: "mixed.ndjson", in: folder)], to: Fixture.codec("json"))
        let path = folder.appendingPathComponent("mixed.json").path
        let collected = Collected()
        try conversion.write(to: .file(path), report: collected.handler)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let recipes = try #require(text.range(of: "\"recipes\""))
        let soup = try #require(text.range(of: "\"Soup\""))
        let events = try #require(text.range(of: "\"events\""))
        #expect(recipes.lowerBound < soup.lowerBound && soup.lowerBound < events.lowerBound)
        let whole = Collected()
        #expect(Array(text.utf8) == (try conversion.bytes(report: whole.handler)))
        #expect(collected.diagnostics.count == 2_000)
        #expect(collected.diagnostics.map(\.0) == whole.diagnostics.map(\.0))
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("almanac-") }
        #expect(left.isEmpty, "temporary files left: \(left)")
    }

    /// From a pipe, which cannot be read twice, a calendar still goes straight through: it
    /// holds one kind of item, which never comes out of order.
    @Test func inputsOfOneKindGoStraightThroughFromAPipe() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("events.ics").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let calendar = try [UInt8](Data(contentsOf: TestPaths.sample("events.ics")))
        let writer = Thread {
            let handle = FileHandle(forWritingAtPath: fifo)
            handle?.write(Data(calendar))
            try? handle?.close()
        }
        writer.start()
        let conversion = Conversion(inputs: [try ConversionInput(path: fifo, registry: Fixture.registry)], to: Fixture.codec("json"))
        let path = folder.appendingPathComponent("events.json").path
        try conversion.write(to: .file(path))
        let document = try Fixture.codec("ics").decode(calendar, source: "events.ics").document
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) == (try Fixture.codec("json").encode(document, options: EncodingOptions()).bytes))
    }

    /// A document read whole (Markdown inputs, or any input before verbs) goes into a JSON
    /// file as its items come too, with the bytes the whole-document writer gives.
    @Test func aWholeDocumentIntoAJSONFileIsTheWholeWritersBytes() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let inputs = [try Fixture.sample("recipes.md"), try Fixture.sample("events.json")]
        for pipeline in [Pipeline(), Pipeline([SortStep(by: .title)])] {
            let conversion = Conversion(inputs: inputs, to: Fixture.codec("json"), pipeline: pipeline)
            #expect(!conversion.isStreamable)
            let path = folder.appendingPathComponent("whole.json").path
            try conversion.write(to: .file(path))
            let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            let prepared = try conversion.prepare()
            #expect(written == (try Fixture.codec("json").encode(prepared.document, options: prepared.options).bytes))
            #expect(written == (try conversion.bytes()))
        }
    }
}
