import Foundation
import Testing
import AlmanacTestSupport

/// Bad input of every kind, for every reader: almanac answers with output or a clear
/// error (exit 65 and `file:line:column: error: …`), never a crash or a hang.
@Suite struct HostileInputTests {
    /// The ten readers, with a well-formed sample to damage: a file, or (no folder) the
    /// sample of that name converted to the format.
    static let readers: [(format: String, sample: String)] = [
        ("json", "Samples/events.json"), ("ndjson", "events"), ("ics", "Samples/events.ics"),
        ("markdown", "Samples/recipes.md"), ("xml", "Samples/events.xml"), ("jcal", "events"),
        ("xcal", "Samples/events.xcs"), ("jsonld", "recipes"), ("html", "Samples/recipe-page.html"),
        ("cooklang", "Samples/pancakes.cook"),
    ]

    private func sampleBytes(_ format: String, _ sample: String) throws -> [UInt8] {
        if !sample.contains("/") {
            return try CLI.run(["convert", "Samples/\(sample).json", "-t", format]).stdout
        }
        return try CLI.fileBytes(TestPaths.inPackage(sample).path)
    }

    /// Runs `convert -f FORMAT -t json` on `bytes` from a file and checks the answer is sane.
    private func expectSaneAnswer(_ format: String, _ bytes: [UInt8], _ what: String, seconds: Double = 60) throws {
        let scratch = try ScratchFolder()
        let path = scratch.path("input.\(format)")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let started = Date()
        let result = try CLI.run(["convert", path, "-f", format, "-t", "json", "--no-validate"])
        let elapsed = Date().timeIntervalSince(started)
        #expect(result.status == 0 || result.status == 65, "\(format) \(what): status \(result.status)\n\(result.stderrText.prefix(500))")
        #expect(elapsed < seconds, "\(format) \(what) took \(elapsed) s")
        if result.status == 65 {
            let first = result.stderrText.split(separator: "\n").first.map(String.init) ?? ""
            #expect(first.hasPrefix("\(path):") && first.contains("error: "), "\(format) \(what): \(first)")
        }
    }

    @Test(arguments: readers.map(\.format))
    func truncatedInputsAreAnsweredSanely(format: String) throws {
        let sample = Self.readers.first { $0.format == format }!.sample
        let bytes = try sampleBytes(format, sample)
        for fraction in [0.1, 0.5, 0.9, 0.999] {
            try expectSaneAnswer(format, Array(bytes.prefix(Int(Double(bytes.count) * fraction))), "cut at \(fraction)")
        }
    }

    @Test(arguments: readers.map(\.format))
    func nulBytesAndInvalidUTF8AreAnsweredSanely(format: String) throws {
        let sample = Self.readers.first { $0.format == format }!.sample
        let bytes = try sampleBytes(format, sample)
        var withNul = bytes
        withNul.insert(0, at: bytes.count / 3)
        try expectSaneAnswer(format, withNul, "with a NUL byte")
        var invalid = bytes
        invalid.insert(0xFF, at: bytes.count / 2)
        invalid.insert(0xC3, at: bytes.count / 4)
        try expectSaneAnswer(format, invalid, "with invalid UTF-8")
        try expectSaneAnswer(format, [], "empty")
        try expectSaneAnswer(format, [0xEF, 0xBB, 0xBF], "only a BOM")
    }

    @Test(arguments: readers.map(\.format))
    func aTenMegabyteLineIsAnsweredSanely(format: String) throws {
        try expectSaneAnswer(format, [UInt8](repeating: UInt8(ascii: "x"), count: 10_000_000), "one 10 MB line")
    }

    @Test func tenThousandLevelsOfJSONNesting() throws {
        let deep = Array(String(repeating: "[", count: 10_000).utf8) + Array(String(repeating: "]", count: 10_000).utf8)
        try expectSaneAnswer("json", Array("{\"x\": ".utf8) + deep + Array("}".utf8), "10,000 levels")
        try expectSaneAnswer("ndjson", Array("{\"kind\":\"event\",\"title\":\"a\",\"x\":".utf8) + deep + Array("}\n".utf8), "10,000 levels")
    }

    @Test func aHundredThousandNestedMarkdownLists() throws {
        // 100,000 list markers and 100,000 quote markers on one line each: as deep as it gets.
        let lists = "# Soup\n\n---\n\n" + String(repeating: "- ", count: 100_000) + "salt\n"
        try expectSaneAnswer("markdown", Array(lists.utf8), "100,000 nested lists on a line")
        let quotes = "# Soup\n\n" + String(repeating: "> ", count: 100_000) + "deep\n\n---\n\n- salt\n"
        try expectSaneAnswer("markdown", Array(quotes.utf8), "100,000 nested quotes on a line")
        // And 10,000 lines, each a list nested one level deeper than the last (up to 50).
        var staircase = "# Soup\n\n---\n\n"
        for level in 0..<10_000 { staircase += String(repeating: "  ", count: level % 50) + "- *1* thing \(level)\n" }
        try expectSaneAnswer("markdown", Array(staircase.utf8), "10,000 lines of nested lists")
    }

    @Test func deeplyNestedHTMLAndMicrodata() throws {
        let recipe = "<div itemscope itemtype=\"https://schema.org/Recipe\"><span itemprop=\"name\">Soup</span>"
        let divs = recipe + String(repeating: "<div>", count: 100_000) + "x" + String(repeating: "</div>", count: 100_000) + "</div>"
        try expectSaneAnswer("html", Array(divs.utf8), "100,000 nested elements")
        let unclosed = recipe + String(repeating: "<li itemprop=\"recipeIngredient\"><p><b>", count: 30_000)
        try expectSaneAnswer("html", Array(unclosed.utf8), "30,000 unclosed elements")
        let items = recipe + String(repeating: "<div itemprop=\"recipeInstructions\" itemscope itemtype=\"https://schema.org/HowToStep\">", count: 10_000) + "</div>"
        try expectSaneAnswer("html", Array(items.utf8), "10,000 nested items")
        let json = "<script type=\"application/ld+json\">" + String(repeating: "[", count: 10_000) + "</script>"
        try expectSaneAnswer("html", Array(json.utf8), "10,000 levels of JSON-LD")
    }

    @Test func markdownInlineMarkupThatNeverCloses() throws {
        // Links, titles and code spans that open at every step and never close, on one line:
        // reading them as plain text must not look for their ends again and again.
        for (pattern, what) in [("[a](", "links"), ("[a](b \"", "link titles"), ("[a](b(c)", "destinations"), ("`a ", "code spans")] {
            let recipe = "# Soup\n\nA " + String(repeating: pattern, count: 200_000) + "\n\n---\n\n- salt\n\n---\n\n" + String(repeating: pattern, count: 200_000) + "\n"
            try expectSaneAnswer("markdown", Array(recipe.utf8), "200,000 unclosed \(what) on a line")
        }
    }

    @Test func deeplyNestedICalendarComponents() throws {
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\n"
        text += String(repeating: "BEGIN:X-DEEP\r\n", count: 100_000) + String(repeating: "END:X-DEEP\r\n", count: 100_000)
        text += "END:VCALENDAR\r\n"
        try expectSaneAnswer("ics", Array(text.utf8), "100,000 nested components", seconds: 60)
    }
}
