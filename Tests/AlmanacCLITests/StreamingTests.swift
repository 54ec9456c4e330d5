import Foundation
import AlmanacCore
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

    /// A `json` document streams: the first NDJSON lines come out while the rest of the
    /// document has not been written to almanac's standard input yet.
    @Test func jsonToNDJSONWritesItemsBeforeTheDocumentHasEnded() throws {
        func events(_ range: Range<Int>) -> String {
            range.map { #"{"id": "e\#($0)", "title": "Event \#($0)", "start": "2026-12-24T17:00:00Z", "notes": "\#(String(repeating: "a long note ", count: 12))"}"# }.joined(separator: ", ")
        }
        // Past the 64 KiB the NDJSON writer gathers before it writes, and cut inside an item.
        let text = #"{"almanac": 1, "events": ["# + events(0..<600) + ", " + events(600..<700) + "]}"
        let bytes = Array(text.utf8)
        let firstHalf = bytes.count * 3 / 5
        let child = try ChildProcess(TestPaths.almanacBinary.path, ["convert", "-f", "json", "-t", "ndjson"], errors: .nullDevice)
        let input = try #require(child.input)
        let output = try #require(child.output)
        try Self.feed(bytes[0..<firstHalf], to: input)
        var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, 60_000)
        #expect(ready == 1, "no output while the document was unfinished")
        var early = [UInt8](repeating: 0, count: 1 << 16)
        let count = ready == 1 ? early.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) } : 0
        early.removeSubrange(max(count, 0)...)
        // The rest written while the output is read, so that neither pipe fills up and blocks the other side.
        let rest = child.exchange(Array(bytes[firstHalf...]), timeout: 300)
        #expect(rest.termination == .exited(0))
        let firstLine = early.split(separator: UInt8(ascii: "\n")).first.map { String(decoding: $0, as: UTF8.self) }
        #expect(firstLine?.hasPrefix(#"{"kind":"event","id":"e0","title":"Event 0""#) == true)
        let lines = String(decoding: early + rest.stdout, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 700)
        #expect(lines.last?.contains(#""id":"e699""#) == true)
    }

    /// Writes all of `bytes` to `descriptor` (blocking).
    private static func feed(_ bytes: ArraySlice<UInt8>, to descriptor: Int32) throws {
        var rest = bytes
        while !rest.isEmpty {
            let written = rest.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            try #require(written > 0, "cannot write to almanac: \(String(cString: strerror(errno)))")
            rest = rest.dropFirst(written)
        }
    }
}
