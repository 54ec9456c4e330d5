import Foundation
import Testing
import AlmanacTestSupport

/// Truncated files, all ten readers, checked by what comes out. Each sample is cut at 25%,
/// 50% and 90% of its bytes and in the middle of a UTF-8 sequence, and converted with `-o`.
///
/// What a cut means depends on the format:
/// - **json, jcal, xml, xcal, jsonld, ics**: the document has an end that a cut loses (the
///   closing bracket or tag, `END:VCALENDAR`), so every cut, even one at a component's end,
///   is exit 65 with `file:line:column: error: …` and no output file; never an empty or
///   partial document with exit 0. Streamed reads (ics) answer as whole reads do.
/// - **html**: a cut before the JSON of the JSON-LD block ends is exit 65 with a position; a
///   cut after it (even before `</script>`) loses only markup, and the page's recipe reads
///   whole, as a browser shows the page.
/// - **ndjson**: a cut inside a line is exit 65 at that line and no output file; a cut at a
///   line's end is a shorter file, whose items all come out whole.
/// - **markdown**: text has no end to lose, so the recipes (or agenda events) before the cut
///   come out whole and the cut one is read as the text that is there (a title cut short,
///   its first steps), or is exit 65 with a position when that text is not a whole item (a
///   recipe without its `---`), or the cut split a UTF-8 sequence.
/// - **cooklang**: likewise the one recipe is what is there before the cut (its ingredients a
///   prefix of the whole one's, the last perhaps cut short), or exit 65 when the cut split a
///   UTF-8 sequence.
@Suite struct TruncatedInputTests {
    /// A sample of each reader: a file in `Samples/`, or the arguments that make one.
    static let samples: [(format: String, sample: String)] = [
        ("json", "events.json"), ("json", "recipes.json"), ("ndjson", "events.json recipes.json"),
        ("ics", "events.ics"), ("jcal", "events.json"), ("xcal", "events.xcs"), ("xml", "events.xml"),
        ("xml", "recipes.xml"), ("jsonld", "recipes.json"), ("html", "recipe-page.html"),
        ("markdown", "recipes.md"), ("markdown", "events.md"),
    ]
    static let whole: Set = ["json", "ics", "jcal", "xcal", "xml", "jsonld", "html"]

    /// The sample's bytes in `format`: the file itself, or the samples converted.
    private func bytes(_ format: String, _ sample: String) throws -> [UInt8] {
        if sample.hasSuffix(".json") && format != "json" || sample.contains(" ") {
            let paths = sample.split(separator: " ").map { "Samples/\($0)" }
            let made = try CLI.run(["convert"] + paths + ["-t", format])
            try #require(made.status == 0, "\(made.stderrText)")
            return made.stdout
        }
        return try CLI.fileBytes(TestPaths.sample(sample).path)
    }

    /// Where to cut: 25%, 50%, 90%, and just inside the first multi-byte character past the middle.
    private func cuts(_ bytes: [UInt8]) throws -> [(offset: Int, what: String)] {
        let middle = bytes.count / 2
        let lead = try #require(bytes[middle...].firstIndex { $0 >= 0xC0 } ?? bytes.lastIndex { $0 >= 0xC0 }, "a multi-byte character")
        return [(bytes.count / 4, "25%"), (middle, "50%"), (bytes.count * 9 / 10, "90%"), (lead + 1, "mid-UTF-8 at \(lead + 1)")]
    }

    /// What a run on `bytes` gave: its status, stderr, and the output file's bytes if written.
    private struct Outcome {
        var status: Int32
        var stderr: String
        var path: String
        var output: [UInt8]?

        /// The line number of the first `path:line:column: error: ` message, when there is one.
        var errorLine: Int? {
            for line in stderr.split(separator: "\n") where line.hasPrefix("\(path):") {
                let fields = line.dropFirst(path.count + 1).split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
                if fields.count == 3, let number = Int(fields[0]), Int(fields[1]) != nil, fields[2].hasPrefix(" error: ") { return number }
            }
            return nil
        }
    }

    private func convert(_ format: String, _ bytes: [UInt8], to target: String = "ndjson", verbs: [String] = []) throws -> Outcome {
        let scratch = try ScratchFolder()
        let path = scratch.path("cut.\(format)")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let output = scratch.path("out.\(target)")
        let result = try CLI.run(["convert", path, "-f", format, "-t", target, "-o", output, "--no-validate"] + verbs)
        let written = FileManager.default.fileExists(atPath: output) ? try CLI.fileBytes(output) : nil
        #expect(result.stdout.isEmpty)
        return Outcome(status: result.status, stderr: result.stderrText, path: path, output: written)
    }

    /// The NDJSON lines of a successful run.
    private func items(_ outcome: Outcome) -> [String] {
        String(decoding: outcome.output ?? [], as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// The 1-based line of byte `offset`.
    private func line(of offset: Int, in bytes: [UInt8]) -> Int {
        bytes[..<offset].count { $0 == UInt8(ascii: "\n") } + 1
    }

    private func expectRefused(_ outcome: Outcome, _ label: String, atOrBefore line: Int? = nil) {
        #expect(outcome.status == 65, "\(label): status \(outcome.status)\n\(outcome.stderr.prefix(400))")
        #expect(outcome.output == nil, "\(label): an output file was written")
        let found = outcome.errorLine
        #expect(found != nil, "\(label): no file:line:column: error: in\n\(outcome.stderr.prefix(400))")
        if let line, let found { #expect(found <= line, "\(label): the error at line \(found) is past the cut at line \(line)") }
    }

    @Test(arguments: samples.filter { whole.contains($0.format) }.map { "\($0.format) \($0.sample)" })
    func aCutDocumentIsRefusedWithAPositionAndNoOutput(_ label: String) throws {
        let format = String(label.prefix { $0 != " " }), sample = String(label.drop { $0 != " " }.dropFirst())
        let bytes = try bytes(format, sample)
        for cut in try cuts(bytes) {
            let prefix = Array(bytes.prefix(cut.offset))
            expectRefused(try convert(format, prefix), "\(label) cut at \(cut.what)", atOrBefore: line(of: cut.offset, in: bytes))
            if format == "ics" {
                expectRefused(try convert(format, prefix, to: "json"), "\(label) cut at \(cut.what), streamed to json")
                expectRefused(try convert(format, prefix, verbs: ["then", "dedupe"]), "\(label) cut at \(cut.what), read whole")
            }
        }
    }

    @Test func aCalendarCutAtAComponentsEndIsRefused() throws {
        let bytes = try bytes("ics", "events.ics")
        let text = String(decoding: bytes, as: UTF8.self)
        let end = try #require(text.range(of: "END:VEVENT\r\n"))
        let prefix = Array(text[..<end.upperBound].utf8)
        let outcome = try convert("ics", prefix, to: "json")
        expectRefused(outcome, "ics cut after the first END:VEVENT")
        #expect(outcome.stderr.contains("BEGIN:VCALENDAR has no END:VCALENDAR"), "\(outcome.stderr)")
    }

    @Test func aPageCutAfterItsJSONLDReadsTheRecipeWhole() throws {
        let bytes = try bytes("html", "recipe-page.html")
        let text = String(decoding: bytes, as: UTF8.self)
        let script = try #require(text.range(of: "</script>\n"))
        let full = try convert("html", bytes)
        #expect(full.status == 0, "\(full.stderr)")
        let cut = try convert("html", Array(text[..<script.upperBound].utf8))
        #expect(cut.status == 0, "\(cut.stderr)")
        #expect(items(cut) == items(full) && items(full).count == 1)
        let unclosed = try convert("html", Array(text[..<script.lowerBound].utf8))
        #expect(items(unclosed) == items(full), "without </script>, the block's JSON is whole all the same")
        let lastBrace = try #require(text[..<script.lowerBound].lastIndex(of: "}"))
        expectRefused(try convert("html", Array(text[..<lastBrace].utf8)), "html cut before the JSON-LD's last brace")
    }

    @Test func ndjsonCutInsideALineIsRefusedAtThatLine() throws {
        let bytes = try bytes("ndjson", "events.json recipes.json")
        for cut in try cuts(bytes) {
            try #require(bytes[cut.offset - 1] != UInt8(ascii: "\n"), "\(cut.what) falls inside a line")
            let prefix = Array(bytes.prefix(cut.offset))
            for (target, verbs) in [("ndjson", []), ("json", []), ("ndjson", ["then", "dedupe"])] {
                let outcome = try convert("ndjson", prefix, to: target, verbs: verbs)
                let label = "ndjson cut at \(cut.what) to \(target) \(verbs.joined(separator: " "))"
                expectRefused(outcome, label)
                #expect(outcome.errorLine == line(of: cut.offset, in: bytes), "\(label): \(outcome.stderr.prefix(300))")
            }
        }
    }

    @Test func ndjsonCutAtALinesEndKeepsEveryItemWhole() throws {
        let bytes = try bytes("ndjson", "events.json recipes.json")
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        for count in [1, lines.count / 2, lines.count - 1] {
            let prefix = Array(lines.prefix(count).map { $0 + "\n" }.joined().utf8)
            let outcome = try convert("ndjson", prefix)
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(items(outcome) == Array(lines.prefix(count)), "the first \(count) items, whole")
        }
    }

    @Test(arguments: ["recipes.md", "events.md"])
    func markdownCutKeepsTheItemsBeforeItAndReadsTheRestAsWritten(_ sample: String) throws {
        let bytes = try bytes("markdown", sample)
        let full = try convert("markdown", bytes)
        try #require(full.status == 0, "\(full.stderr)")
        let wholeItems = items(full)
        let marker = Array((sample == "recipes.md" ? "<!-- almanac:recipe -->" : "\n### ").utf8)
        for cut in try cuts(bytes) {
            let label = "\(sample) cut at \(cut.what)"
            let outcome = try convert("markdown", Array(bytes.prefix(cut.offset)))
            if cut.what.hasPrefix("mid-UTF-8") || outcome.status != 0 {
                expectRefused(outcome, label, atOrBefore: line(of: cut.offset, in: bytes))
                if cut.what.hasPrefix("mid-UTF-8") { #expect(outcome.stderr.contains("invalid UTF-8"), "\(label): \(outcome.stderr)") }
                continue
            }
            // The items that start before the cut: all but the last are whole, the last is what is there.
            let started = starts(of: marker, in: Array(bytes.prefix(cut.offset))) + (sample == "recipes.md" ? 1 : 0)
            let read = items(outcome)
            #expect(read.count == started, "\(label): \(read.count) items of the \(started) begun")
            #expect(Array(read.dropLast()) == Array(wholeItems.prefix(read.count - 1)), "\(label): the items before the cut come out whole")
            if let last = read.last, let title = titleOf(last), let wholeTitle = titleOf(wholeItems[read.count - 1]) {
                #expect(wholeTitle.hasPrefix(title), "\(label): the cut item is \(title), from \(wholeTitle)")
            }
        }
    }

    @Test func cooklangCutReadsTheRecipeThatIsThere() throws {
        let bytes = try bytes("cooklang", "pancakes.cook")
        let full = try convert("cooklang", bytes)
        try #require(full.status == 0, "\(full.stderr)")
        // The names of the recipe's ingredients, ungrouped then by group, from its NDJSON line.
        let names = { (outcome: Outcome) -> [String] in
            guard let line = self.items(outcome).first,
                  let recipe = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return [] }
            let groups = recipe["ingredientGroups"] as? [[String: Any]] ?? []
            let ingredients = (recipe["ingredients"] as? [[String: Any]] ?? []) + groups.flatMap { $0["ingredients"] as? [[String: Any]] ?? [] }
            return ingredients.map { $0["name"] as? String ?? "" }
        }
        let wholeNames = names(full)
        try #require(wholeNames.count == 10, "\(wholeNames)")
        for cut in try cuts(bytes) {
            let label = "pancakes.cook cut at \(cut.what)"
            let outcome = try convert("cooklang", Array(bytes.prefix(cut.offset)))
            if cut.what.hasPrefix("mid-UTF-8") {
                expectRefused(outcome, label, atOrBefore: line(of: cut.offset, in: bytes))
                #expect(outcome.stderr.contains("invalid UTF-8"), "\(label): \(outcome.stderr)")
                continue
            }
            #expect(outcome.status == 0 && items(outcome).count == 1, "\(label): \(outcome.stderr)")
            let read = names(outcome)
            #expect(read.count <= wholeNames.count && Array(read.dropLast()) == Array(wholeNames.prefix(max(0, read.count - 1))), "\(label): \(read)")
        }
    }

    private func starts(of marker: [UInt8], in bytes: [UInt8]) -> Int {
        guard bytes.count >= marker.count else { return 0 }
        return (0...(bytes.count - marker.count)).count { bytes[$0..<($0 + marker.count)].elementsEqual(marker) }
    }

    private func titleOf(_ line: String) -> String? {
        guard let range = line.range(of: "\"title\":\"") else { return nil }
        return String(line[range.upperBound...].prefix { $0 != "\"" })
    }
}
