import AlmanacTestSupport
import Foundation
import Testing

/// The `almanac` binary with iCalendar files: the sample's export and import,
/// and errors as `file:line:column: error:` with exit status 65.
@Suite("almanac convert with ics", .enabled(if: TestPaths.hasAlmanacBinary))
struct CLITests {
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-ics-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("events.json → events.ics → json gives back the sample")
    func sampleRoundTrip() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ics = folder.appendingPathComponent("events.ics").path
        let export = try ProcessRunner.almanac(["convert", TestPaths.sample("events.json").path, "-o", ics])
        #expect(export.status == 0, "\(export.stderrText)")
        let back = try ProcessRunner.almanac(["convert", ics, "-t", "json"])
        #expect(back.status == 0, "\(back.stderrText)")
        let original = try ProcessRunner.almanac(["convert", TestPaths.sample("events.json").path, "-t", "json"])
        #expect(back.stdoutText == original.stdoutText)
        // Samples/events.ics reads back to the sample as well.
        let shipped = try ProcessRunner.almanac(["convert", TestPaths.sample("events.ics").path, "-t", "json"])
        #expect(shipped.stdoutText == original.stdoutText)
    }

    @Test("a broken structure exits 65 with file:line:column")
    func structuralError() throws {
        let input = Array("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:a\r\nEND:VCALENDAR\r\n".utf8)
        let result = try ProcessRunner.almanac(["convert", "-f", "ics", "-t", "json"], stdin: input)
        #expect(result.status == 65)
        #expect(result.stderrText.contains("<stdin>:5:1: error: END:VCALENDAR does not close BEGIN:VEVENT of line 3"), "\(result.stderrText)")
    }

    @Test("a broken property warns with its line and the rest converts")
    func brokenProperty() throws {
        let input = Array("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a\r\nSUMMARY:Kept\r\nDTSTART:tomorrow\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8)
        let result = try ProcessRunner.almanac(["convert", "-f", "icalendar", "-t", "ndjson"], stdin: input)
        #expect(result.stderrText.contains("<stdin>:5:1: warning: DTSTART"), "\(result.stderrText)")
        #expect(result.stdoutText.contains("\"title\":\"Kept\""))
    }
}
