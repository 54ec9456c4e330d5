import Foundation
import Testing
import AlmanacTestSupport

/// `convert --threads <count>` through the built binary: one long ics file converted into a
/// json file in parts on several threads writes the bytes and the stderr of a read from
/// start to end (`--threads 1`); a count out of 1…64 is a usage error.
@Suite struct ThreadsOptionTests {
    /// Events whose SUMMARY line has no ':' (a reader warning each, quoting its line): more
    /// than the 5 of a kind printed, spread over the file.
    static let malformedAt: Set<Int> = [150, 2_100, 3_900, 5_200, 6_100, 7_300, 8_300]
    /// Events followed by a task with a blank title (a `title-required` warning each).
    static let blankTasksAt: Set<Int> = [40, 4_000, 8_200]
    static let events = 8_400

    /// A calendar of about 2 MB: parts of the default 256 KiB make several of them.
    static func calendar() -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//almanac//threads option test//EN", "X-WR-CALNAME:Threads",
                     "BEGIN:VTIMEZONE", "TZID:Europe/Berlin",
                     "BEGIN:STANDARD", "DTSTART:20261025T030000", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "END:STANDARD",
                     "BEGIN:DAYLIGHT", "DTSTART:20270328T020000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "END:DAYLIGHT",
                     "END:VTIMEZONE"]
        for index in 0..<events {
            let day = String(format: "2026%02d%02d", 1 + index % 12, 1 + index % 28)
            lines += ["BEGIN:VEVENT", "UID:ev-\(index)@threads.test", "DTSTAMP:20260101T000000Z"]
            lines.append(index % 3 == 0 ? "DTSTART;TZID=Europe/Berlin:\(day)T100000" : index % 3 == 1 ? "DTSTART:\(day)T090000Z" : "DTSTART;VALUE=DATE:\(day)")
            if index % 3 == 1 { lines.append("DTEND:\(day)T100000Z") }
            lines.append("SUMMARY:Event \(index) with a title long enough to fill a line, Grüße 🎉")
            if index % 4 == 0 { lines.append("LOCATION:Room \(index)\\, second floor") }
            if index % 5 == 2 { lines.append("CATEGORIES:work,travel") }
            if index % 7 == 3 { lines.append("DESCRIPTION:" + String(repeating: "Notes for event \(index). ", count: 3)) }
            if malformedAt.contains(index) { lines.append("THIS LINE OF EVENT \(index) HAS NO COLON") }
            lines.append("END:VEVENT")
            if index % 4 == 1 || blankTasksAt.contains(index) {
                lines += ["BEGIN:VTODO", "UID:task-\(index)@threads.test", "RELATED-TO;RELTYPE=PARENT:ev-\(index)@threads.test",
                          blankTasksAt.contains(index) ? "SUMMARY: " : "SUMMARY:Task of \(index)", "END:VTODO"]
            }
        }
        lines.append("END:VCALENDAR")
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// What one `convert` run gave: its status, stderr, and the output file (read, then
    /// removed, so that each run writes the same path).
    struct Run {
        var status: Int32
        var stdout: [UInt8]
        var stderr: String
        var output: [UInt8]?
    }

    static func convert(_ input: String, threads: [String], in scratch: ScratchFolder) throws -> Run {
        let output = scratch.path("out.json")
        try? FileManager.default.removeItem(atPath: output)
        let result = try CLI.run(["convert", input, "-t", "json", "-o", output] + threads)
        var run = Run(status: result.status, stdout: result.stdout, stderr: result.stderrText)
        if FileManager.default.fileExists(atPath: output) {
            run.output = try CLI.fileBytes(output)
            try FileManager.default.removeItem(atPath: output)
        }
        return run
    }

    @Test func oneTwoAndTheDefaultThreadsWriteTheSameFileAndWarnings() throws {
        let scratch = try ScratchFolder()
        let text = Self.calendar()
        #expect(text.utf8.count > 2_000_000 && text.utf8.count < 2_600_000, "\(text.utf8.count) bytes")
        let input = try scratch.write("big.ics", text)
        let one = try Self.convert(input, threads: ["--threads", "1"], in: scratch)
        #expect(one.status == 0, "\(one.stderr)")
        let bytes = try #require(one.output)
        let json = String(decoding: bytes, as: UTF8.self)
        #expect(json.contains("\"Event 0 with") && json.contains("\"Event \(Self.events - 1) with"))
        #expect(one.stdout.isEmpty)
        // Warnings from early and late in the file: title-required's, then the reader's,
        // quoting their lines (5 of them, then how many more).
        #expect(one.stderr.components(separatedBy: "has blank text [title-required]").count - 1 == Self.blankTasksAt.count, "\(one.stderr)")
        #expect(one.stderr.hasPrefix("\(input):345:1: warning: event 'Event 40 with"), "\(one.stderr)")
        #expect(one.stderr.contains("(task-8200@threads.test) has blank text"), "\(one.stderr)")
        #expect(one.stderr.components(separatedBy: "HAS NO COLON\n^\n").count - 1 == 5, "\(one.stderr)")
        #expect(one.stderr.contains("THIS LINE OF EVENT 6100 HAS NO COLON\n^\n"), "\(one.stderr)")
        #expect(one.stderr.hasSuffix("almanac: note: 2 more warnings like \"THIS has no ':' before its value; line ignored: THIS LINE OF EVENT 7300 HAS NO COLON\" were not shown (--all-warnings shows every one)\n"), "\(one.stderr)")

        for threads in [["--threads", "2"], []] {
            let other = try Self.convert(input, threads: threads, in: scratch)
            #expect(other.status == one.status, "\(threads): \(other.stderr)")
            #expect(other.stdout.isEmpty)
            #expect(other.stderr == one.stderr, "\(threads): stderr differs:\n\(other.stderr)\nvs --threads 1:\n\(one.stderr)")
            let otherBytes = try #require(other.output, "\(threads): no output file")
            if otherBytes != bytes {
                let first = zip(otherBytes, bytes).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(otherBytes.count, bytes.count)
                let context = { (bytes: [UInt8]) in String(decoding: bytes[max(0, first - 80)..<min(bytes.count, first + 80)], as: UTF8.self) }
                Issue.record("\(threads): output differs at byte \(first) (\(otherBytes.count) vs \(bytes.count) bytes): …\(context(otherBytes))… vs …\(context(bytes))…")
            }
        }
    }

    @Test(arguments: ["0", "65", "x", "-1", "2.5", ""])
    func aCountOutOfRangeIsAUsageError(count: String) throws {
        let scratch = try ScratchFolder()
        let input = try scratch.write("small.ics", ICSText.small)
        let output = scratch.path("out.json")
        let result = try CLI.run(["convert", input, "-t", "json", "-o", output, "--threads", count])
        #expect(result.status == 64, "'\(count)': \(result.stderrText)")
        #expect(result.stderrText.contains("--threads"), "'\(count)': \(result.stderrText)")
        #expect(result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: output), "'\(count)': an output file was written")
        #expect(try scratch.contents() == ["small.ics"], "'\(count)'")
        // The same conversion with a count in range writes the file.
        let fine = try CLI.run(["convert", input, "-t", "json", "-o", output, "--threads", "64"])
        #expect(fine.status == 0, "\(fine.stderrText)")
        #expect(FileManager.default.fileExists(atPath: output))
    }

    @Test func helpListsTheOption() throws {
        let result = try CLI.run(["convert", "--help"])
        #expect(result.status == 0)
        #expect(result.stdoutText.contains("--threads <count>"), "\(result.stdoutText)")
        // And an option that is not there is not listed: the check reads the help.
        #expect(!result.stdoutText.contains("--processes"))
    }
}

/// A short calendar for the usage errors.
private enum ICSText {
    static let small = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//almanac//threads option test//EN",
        "BEGIN:VEVENT", "UID:one@threads.test", "DTSTART:20260101T100000Z", "SUMMARY:One", "END:VEVENT",
        "BEGIN:VEVENT", "UID:two@threads.test", "DTSTART:20260102T100000Z", "SUMMARY:Two", "END:VEVENT",
        "END:VCALENDAR",
    ].joined(separator: "\r\n") + "\r\n"
}
