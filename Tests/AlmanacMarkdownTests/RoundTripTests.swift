import AlmanacCore
import AlmanacTestSupport
import Foundation
import Testing
@testable import AlmanacMarkdown

/// Samples through Markdown: json → md → json keeps everything with front matter;
/// md → json → md is stable; `Samples/*.md` are what almanac writes today.
@Suite("Round trips")
struct RoundTripTests {
    @Test("json → md (front matter) → json keeps every recipe field", arguments: ["recipes.json", "events.json"])
    func lossless(sample: String) throws {
        let document = try MarkdownTesting.sample(sample)
        let written = try MarkdownTesting.encode(document, frontMatter: true)
        let read = try MarkdownTesting.decode(MarkdownTesting.text(written)).document
        #expect(read.recipes == document.recipes)
        #expect(Set(read.events) == Set(document.events))
    }

    @Test("md → json → md is stable", arguments: ["recipes.json", "events.json"], [false, true])
    func stable(sample: String, frontMatter: Bool) throws {
        let first = MarkdownTesting.text(try MarkdownTesting.encode(try MarkdownTesting.sample(sample), frontMatter: frontMatter))
        let document = try MarkdownTesting.decode(first).document
        let json = try AlmanacJSONBridge.roundTrip(document)
        let second = MarkdownTesting.text(try MarkdownTesting.encode(json, frontMatter: frontMatter))
        #expect(first == second)
    }

    @Test("Samples/*.md are up to date", arguments: [("recipes.json", "recipes.md"), ("events.json", "events.md")])
    func samples(json: String, markdown: String) throws {
        let expected = MarkdownTesting.text(try MarkdownTesting.encode(try MarkdownTesting.sample(json)))
        let actual = try String(contentsOf: TestPaths.sample(markdown), encoding: .utf8)
        #expect(actual == expected, "regenerate with: almanac convert Samples/\(json) -o Samples/\(markdown) --today 2026-12-10")
    }

    @Test("without front matter, almanac warns about each field it cannot carry")
    func warnings() throws {
        let recipe = Recipe(id: "R1", title: "Soup", prepTime: ISODuration("PT10M"), rating: 4, isFavorite: true,
                            collections: ["Winter"], source: "Grandma", images: ["soup.jpg"], dateAdded: .date(CivilDate(year: 2026, month: 1, day: 2)!))
        let result = try MarkdownTesting.encode(AlmanacDocument(recipes: [recipe]))
        let message = try #require(result.diagnostics.first?.message)
        for field in ["id", "rating", "favorite", "collections", "dateAdded", "source", "images"] {
            #expect(message.contains(field), "\(field) not named in: \(message)")
        }
        #expect(!message.contains("prepTime"), "times are carried by the times line")
        #expect(try MarkdownTesting.encode(AlmanacDocument(recipes: [recipe]), frontMatter: true).diagnostics.isEmpty)
    }

    @Test("times survive plain RecipeMD in the description's last line, as written (PT90M stays PT90M)")
    func timesLine() throws {
        let recipe = Recipe(id: "R1", title: "Stew", summary: "Slow.\n\nVery slow.", prepTime: ISODuration("PT90M"), totalTime: ISODuration("P1DT2H"))
        let text = MarkdownTesting.text(try MarkdownTesting.encode(AlmanacDocument(recipes: [recipe])))
        #expect(text.contains("\n\nPrep time: PT90M, total time: P1DT2H\n\n"))
        let back = try #require(try MarkdownTesting.decode(text).document.recipes.first)
        #expect(back.prepTime == recipe.prepTime && back.cookTime == nil && back.totalTime == recipe.totalTime)
        #expect(back.summary == "Slow.\n\nVery slow.")
        let notTimes = try #require(try MarkdownTesting.decode("# A\n\nPrep time: soon\n\n---\n\n- salt\n").document.recipes.first)
        #expect(notTimes.summary == "Prep time: soon" && notTimes.prepTime == nil)
    }

    @Test("blank lines around every ---, and the body after front matter is the same RecipeMD")
    func dividers() throws {
        let document = try MarkdownTesting.sample("recipes.json")
        let plain = MarkdownTesting.text(try MarkdownTesting.encode(AlmanacDocument(recipes: [document.recipes[0]])))
        let fronted = MarkdownTesting.text(try MarkdownTesting.encode(AlmanacDocument(recipes: [document.recipes[0]]), frontMatter: true))
        #expect(fronted.hasSuffix(plain))
        #expect(fronted.hasPrefix("---\n"))
        let lines = plain.split(separator: "\n", omittingEmptySubsequences: false)
        for index in lines.indices where lines[index] == "---" {
            #expect(index > 0 && lines[index - 1].isEmpty)
            #expect(index + 1 < lines.count && lines[index + 1].isEmpty)
        }
    }

    @Test("ingredient links keep their target, also as reference links")
    func links() throws {
        let text = "# Pie\n\n[f]: fill.md\n[sauce]: https://example.org/sauce\n\n---\n\n- *1* [Crust](<./pie crust.md>)\n- [Filling][f]\n- [Sauce]\n"
        let recipe = try #require(try MarkdownTesting.decode(text).document.recipes.first)
        #expect(recipe.ingredients.map(\.link) == ["./pie crust.md", "fill.md", "https://example.org/sauce"])
        #expect(recipe.ingredients.map(\.name) == ["Crust", "Filling", "Sauce"])
    }
}

/// JSON bytes in between, as `almanac convert` would pass them.
enum AlmanacJSONBridge {
    static func roundTrip(_ document: AlmanacDocument) throws -> AlmanacDocument {
        let bytes = try JSONCodecBridge.codec.encode(document, options: EncodingOptions()).bytes
        return try JSONCodecBridge.codec.decode(bytes, source: "bridge.json").document
    }
}
