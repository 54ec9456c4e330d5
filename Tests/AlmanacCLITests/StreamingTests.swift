import Foundation
import Testing
import AlmanacTestSupport

/// Item-by-item conversions give what whole-document conversions give.
@Suite struct StreamingTests {
    @Test func icsToNDJSONStreamsTheSameItemsFromAFileAndFromAPipe() throws {
        let whole = try CLI.run(["convert", "Samples/events.ics", "-t", "json"])
        #expect(whole.status == 0)
        let viaWhole = try ProcessRunner.almanac(["convert", "-f", "json", "-t", "ndjson"], stdin: whole.stdout)
        let fromFile = try CLI.run(["convert", "Samples/events.ics", "-t", "ndjson"])
        #expect(fromFile.status == 0, "\(fromFile.stderrText)")
        #expect(fromFile.stdout == viaWhole.stdout)
        let fromPipe = try ProcessRunner.almanac(["convert", "-f", "ics", "-t", "ndjson"], stdin: try CLI.fileBytes(TestPaths.sample("events.ics").path))
        #expect(fromPipe.stdout == viaWhole.stdout)
    }

    @Test func tasksBeforeTheirEventStillJoinIt() throws {
        let calendar = """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//test//EN\r
            BEGIN:VTODO\r
            UID:task-1\r
            DTSTAMP:20261101T000000Z\r
            SUMMARY:Bring cups\r
            RELATED-TO;RELTYPE=PARENT:party\r
            END:VTODO\r
            BEGIN:VEVENT\r
            UID:party\r
            DTSTAMP:20261101T000000Z\r
            DTSTART:20261224T170000Z\r
            SUMMARY:Party\r
            END:VEVENT\r
            END:VCALENDAR\r

            """
        let scratch = try ScratchFolder()
        let path = try scratch.write("early.ics", calendar)
        let streamed = try CLI.run(["convert", path, "-t", "ndjson"])
        #expect(streamed.status == 0)
        let lines = streamed.stdoutText.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.contains("\"text\":\"Bring cups\"") == true)
    }
}
