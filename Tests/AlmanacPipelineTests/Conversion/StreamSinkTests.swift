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

    /// Inputs that may hold both kinds keep the document's order when a recipe comes last.
    @Test func aRecipeAfterEventsStillComesFirst() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let lines = """
            {"kind":"event","id":"e1","title":"Dinner","start":"2027-01-01T19:00:00Z"}
            {"kind":"recipe","id":"r1","title":"Soup"}

            """
        let conversion = Conversion(inputs: [try input(lines, named: "mixed.ndjson", in: folder)], to: Fixture.codec("json"))
        let path = folder.appendingPathComponent("mixed.json").path
        try conversion.write(to: .file(path))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let recipes = try #require(text.range(of: "\"recipes\""))
        let events = try #require(text.range(of: "\"events\""))
        #expect(recipes.lowerBound < events.lowerBound)
        #expect(Array(text.utf8) == (try conversion.bytes()))
    }
}
