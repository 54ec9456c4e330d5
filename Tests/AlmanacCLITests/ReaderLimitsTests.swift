import Testing
import AlmanacTestSupport

/// `--max-depth` and `--max-line-length`: every reader stops at the limit with an error
/// that names it and the option that raises it, and a raised limit reads the input.
@Suite struct ReaderLimitsTests {
    /// `levels` nested JSON arrays inside an otherwise valid document's `extras`.
    static func deepJSON(_ levels: Int) -> String {
        #"{"almanac": 1, "events": [], "recipes": [], "extras": {"deep": "# + String(repeating: "[", count: levels) + String(repeating: "]", count: levels) + "}}\n"
    }

    @Test func jsonDepthDefaultsTo256AndCanBeRaised() throws {
        let scratch = try ScratchFolder()
        let path = try scratch.write("deep.json", Self.deepJSON(300))
        let refused = try CLI.run(["convert", path, "-t", "json"])
        #expect(refused.status == 65)
        #expect(refused.stderrText.contains("\(path):1:"))
        #expect(refused.stderrText.contains("nest deeper than 256 levels (the limit; raise it with --max-depth, up to 1000)"))
        let raised = try CLI.run(["convert", path, "-t", "json", "--compact", "--max-depth", "400"])
        #expect(raised.status == 0, "\(raised.stderrText)")
        #expect(raised.stdoutText.contains(String(repeating: "[", count: 300)))
    }

    @Test func aLowerDepthRefusesWhatTheDefaultReads() throws {
        let scratch = try ScratchFolder()
        let path = try scratch.write("deep.json", Self.deepJSON(20))
        #expect(try CLI.run(["convert", path, "-t", "json"]).status == 0)
        let refused = try CLI.run(["convert", path, "-t", "json", "--max-depth", "10"])
        #expect(refused.status == 65)
        #expect(refused.stderrText.contains("nest deeper than 10 levels"))
    }

    @Test func markdownListsNestAt32UnlessRaised() throws {
        var text = "# Nested\n\n---\n\n"
        for level in 0..<40 { text += String(repeating: "  ", count: level) + "- step \(level)\n" }
        let scratch = try ScratchFolder()
        let path = try scratch.write("nested.md", text)
        let refused = try CLI.run(["convert", path, "-t", "json"])
        #expect(refused.status == 65)
        #expect(refused.stderrText.contains("lists and block quotes nest deeper than 32 levels (the limit; raise it with --max-depth"))
        let raised = try CLI.run(["convert", path, "-t", "json", "--max-depth", "50"])
        #expect(raised.status == 0, "\(raised.stderrText)")
        #expect(raised.stdoutText.contains("step 39"))
    }

    @Test func icalendarComponentsNestAsDeepAsTheLimitSays() throws {
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20260101T100000Z\r\nSUMMARY:Deep\r\n"
        for _ in 0..<6 { text += "BEGIN:X-INNER\r\n" }
        for _ in 0..<6 { text += "END:X-INNER\r\n" }
        text += "END:VEVENT\r\nEND:VCALENDAR\r\n"
        let scratch = try ScratchFolder()
        let path = try scratch.write("deep.ics", text)
        #expect(try CLI.run(["convert", path, "-t", "json"]).status == 0)
        let refused = try CLI.run(["convert", path, "-t", "json", "--max-depth", "5"])
        #expect(refused.status == 65)
        #expect(refused.stderrText.contains("components nest deeper than 5 levels (the limit; raise it with --max-depth"))
        // Streamed (ics to ndjson) the limit holds as well.
        let streamed = try CLI.run(["convert", path, "-t", "ndjson", "--max-depth", "5"])
        #expect(streamed.status == 65)
        #expect(streamed.stderrText.contains("raise it with --max-depth"))
    }

    @Test func xmlElementsNestAsDeepAsTheLimitSays() throws {
        let sample = try CLI.run(["convert", "Samples/events.json", "-t", "xml"])
        let scratch = try ScratchFolder()
        let path = try scratch.write("events.xml", sample.stdoutText)
        #expect(try CLI.run(["convert", path, "-t", "json"]).status == 0)
        let refused = try CLI.run(["convert", path, "-t", "json", "--max-depth", "2"])
        #expect(refused.status == 65)
        #expect(refused.stderrText.contains("elements nest deeper than 2 levels (the limit; raise it with --max-depth"))
    }

    @Test func badDepthsAreUsageErrors() throws {
        for value in ["0", "1001", "deep", "2.5"] {
            let result = try CLI.run(["convert", "Samples/events.json", "-t", "json", "--max-depth", value])
            #expect(result.status == 64, "--max-depth \(value)")
            #expect(result.stderrText.contains("--max-depth must be a whole number from 1 to 1000"))
        }
        #expect(try CLI.run(["convert", "Samples/events.json", "-t", "json", "--max-line-length", "long"]).status == 64)
    }

    @Test func anNDJSONRecordLongerThanTheLimitIsRefusedReadWholeOrStreamed() throws {
        let record = #"{"kind":"event","id":"a","title":""# + String(repeating: "x", count: 3000) + #"","start":"2026-01-01T10:00:00Z"}"#
        let text = #"{"kind":"event","id":"b","title":"Short","start":"2026-01-01T10:00:00Z"}"# + "\n" + record + "\n"
        let scratch = try ScratchFolder()
        let path = try scratch.write("long.ndjson", text)
        let expected = "\(path):2:1: error: line 2 is longer than 1024 bytes, the limit; raise it with --max-line-length\n"
        for target in ["json", "ndjson"] {
            let result = try CLI.run(["convert", path, "-t", target, "--max-line-length", "1K", "-o", scratch.path("out.\(target)")])
            #expect(result.status == 65, "to \(target)")
            #expect(result.stderrText == expected, "to \(target)")
        }
        let piped = try CLI.run(["convert", "-f", "ndjson", "-t", "ndjson", "--max-line-length", "1K"], stdin: text)
        #expect(piped.status == 65)
        #expect(piped.stderrText.hasPrefix("<stdin>:2:1: error: line 2 is longer than 1024 bytes"))
        #expect(try CLI.run(["convert", path, "-t", "ndjson", "--max-line-length", "4K"]).status == 0)
    }

    @Test func icalendarLinesAreMeasuredUnfolded() throws {
        // Each physical line is short, but the folded DESCRIPTION is 2,000 bytes long.
        var description = "DESCRIPTION:"
        for _ in 0..<40 { description += String(repeating: "y", count: 49) + "\r\n " }
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20260101T100000Z\r\nSUMMARY:Folded\r\n"
            + description + "z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let scratch = try ScratchFolder()
        let path = try scratch.write("folded.ics", text)
        for target in ["json", "ndjson"] {
            let refused = try CLI.run(["convert", path, "-t", target, "--max-line-length", "1K"])
            #expect(refused.status == 65, "to \(target)")
            #expect(refused.stderrText == "\(path):9:1: error: line 9 is longer than 1024 bytes, the limit; raise it with --max-line-length\n", "to \(target)")
            #expect(try CLI.run(["convert", path, "-t", target, "--max-line-length", "3K"]).status == 0, "to \(target)")
        }
    }

    @Test func markdownLinesAreLimitedButJSONIsNot() throws {
        let scratch = try ScratchFolder()
        let markdown = try scratch.write("long.md", "# Bread\n\n---\n\n- *1* flour\n\n---\n\n" + String(repeating: "Knead. ", count: 300) + "\n")
        let refused = try CLI.run(["convert", markdown, "-t", "json", "--max-line-length", "1K"])
        #expect(refused.status == 65)
        #expect(refused.stderrText.hasPrefix("\(markdown):9:1: error: line 9 is longer than 1024 bytes"))
        // JSON is not cut into lines: a minified document is one long line, and that is fine.
        let compact = try CLI.run(["convert", "Samples/events.json", "-t", "json", "--compact"])
        let json = try scratch.write("compact.json", compact.stdoutText)
        #expect(try CLI.run(["convert", json, "-t", "ndjson", "--max-line-length", "1K"]).status == 0)
    }
}
