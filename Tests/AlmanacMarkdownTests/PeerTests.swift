import AlmanacCore
import AlmanacTestSupport
import Foundation
import Testing
@testable import AlmanacMarkdown

/// almanac's Markdown checked by real peers: python `recipemd` 5.0.0 (the RecipeMD
/// reference reader) and pandoc. Skipped when a peer is absent, unless `ALMANAC_REQUIRE_PEERS=1`.
@Suite("Peers")
struct PeerTests {
    /// Sample recipes plus one full of characters that need escaping.
    static func recipes() throws -> [Recipe] {
        let tricky = Recipe(
            id: "T", title: "Fish & <Chips> *deluxe*", summary: "1. not a list\n# not a heading",
            yields: [Yield(amount: 1.5, unit: "plates")],
            ingredients: [Ingredient(amount: 1.0 / 3, unit: "cup", name: "flour_type 405", note: "sifted"),
                          Ingredient(amount: 2, name: "[eggs]"), Ingredient(name: "Tartar sauce", link: "tartar sauce.md")],
            ingredientGroups: [IngredientGroup(title: "Batter #2", ingredients: [Ingredient(amount: 0.75, unit: "l", name: "beer")])],
            directions: ["Mix *well*.", "Fry\n\nat 180 °C."], tags: ["fried", "pub food"]
        )
        return try MarkdownTesting.sample("recipes.json").recipes + [tricky]
    }

    @Test("recipemd reads every recipe almanac writes to the same title, tags, yields and ingredients",
          .enabled(if: Peers.shouldRun(pythonModule: "recipemd")))
    func recipemd() throws {
        let cli = try #require(MarkdownTesting.recipemdCLI, "no python with recipemd: see Tests/peers-requirements.txt")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-recipemd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try MarkdownTesting.codec.encodeFiles(AlmanacDocument(recipes: try Self.recipes()), options: EncodingOptions())
        for file in files where file.relativePath != "index.md" {
            let url = folder.appendingPathComponent(file.relativePath)
            try Data(file.bytes).write(to: url)
            let result = try ProcessRunner.run(cli, ["-j", url.path])
            #expect(result.status == 0, "\(file.relativePath): \(result.stderrText)")
            guard result.status == 0 else { continue }
            let peer = try #require(JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
            let ours = try #require(try MarkdownTesting.codec.decode(file.bytes, source: file.relativePath).document.recipes.first)
            #expect(Self.text(peer["title"]) == ours.title, "\(file.relativePath)")
            #expect((peer["tags"] as? [String])?.map(MarkdownText.unescape) == ours.tags, "\(file.relativePath)")
            let yields = (peer["yields"] as? [[String: Any]] ?? []).map(Self.amount)
            #expect(yields.count == ours.yields.count, "\(file.relativePath)")
            for (theirs, mine) in zip(yields, ours.yields) {
                #expect(abs((theirs.factor ?? .nan) - (mine.amount ?? .nan)) < 1e-9 && theirs.unit == mine.unit, "\(file.relativePath)")
            }
            Self.compare(peer, IngredientGroup(title: "", ingredients: ours.ingredients, ingredientGroups: ours.ingredientGroups), file.relativePath)
        }
    }

    @Test("pandoc reads every file almanac writes", .enabled(if: MarkdownTesting.pandoc != nil || Peers.required))
    func pandoc() throws {
        let pandoc = try #require(MarkdownTesting.pandoc, "pandoc is not on the PATH: apt-get install -y pandoc")
        let document = AlmanacDocument(recipes: try Self.recipes(), events: try MarkdownTesting.sample("events.json").events + AgendaTests.events)
        var outputs: [(String, [UInt8])] = []
        for frontMatter in [false, true] {
            let options = EncodingOptions(frontMatter: frontMatter, today: MarkdownTesting.day("2026-12-10"))
            outputs.append(("whole document (front matter: \(frontMatter))", try MarkdownTesting.codec.encode(document, options: options).bytes))
            outputs.append(("events only (front matter: \(frontMatter))", try MarkdownTesting.codec.encode(AlmanacDocument(events: document.events), options: options).bytes))
            for file in try MarkdownTesting.codec.encodeFiles(document, options: options) {
                outputs.append(("\(file.relativePath) (front matter: \(frontMatter))", file.bytes))
            }
        }
        for (name, bytes) in outputs {
            let result = try ProcessRunner.run(pandoc, ["-f", "markdown", "-t", "json"], stdin: bytes)
            #expect(result.status == 0, "\(name): \(result.stderrText)")
            #expect(result.stderrText.isEmpty, "\(name): \(result.stderrText)")
        }
    }

    @Test("pandoc sees the front matter as metadata and the recipe title as a heading",
          .enabled(if: MarkdownTesting.pandoc != nil || Peers.required))
    func pandocMetadata() throws {
        let pandoc = try #require(MarkdownTesting.pandoc)
        let recipe = try MarkdownTesting.sample("recipes.json").recipes[0]
        let bytes = try MarkdownTesting.encode(AlmanacDocument(recipes: [recipe]), frontMatter: true).bytes
        let result = try ProcessRunner.run(pandoc, ["-f", "markdown", "-t", "json"], stdin: bytes)
        let json = try #require(JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
        let meta = try #require(json["meta"] as? [String: Any])
        for key in ["id", "title", "date", "tags", "categories", "rating", "prepTime", "cookTime", "yields"] {
            #expect(meta[key] != nil, "front matter key \(key) missing in pandoc's metadata")
        }
        let blocks = try #require(json["blocks"] as? [[String: Any]])
        #expect(blocks.first?["t"] as? String == "Header")
    }

    static func text(_ value: Any?) -> String? {
        (value as? String).map { MarkdownText.trimmed(MarkdownText.unescape($0)) }
    }

    static func amount(_ value: [String: Any]) -> (factor: Double?, unit: String?) {
        (Double(value["factor"] as? String ?? ""), (value["unit"] as? String).map(MarkdownText.unescape))
    }

    /// recipemd's ingredients (names as Markdown) against almanac's (name and note as text).
    static func compare(_ peer: [String: Any], _ ours: IngredientGroup, _ file: String) {
        let ingredients = peer["ingredients"] as? [[String: Any]] ?? []
        #expect(ingredients.count == ours.ingredients.count, "\(file): ingredients of '\(ours.title)'")
        for (theirs, mine) in zip(ingredients, ours.ingredients) {
            let name = mine.note.map { mine.name + ", " + $0 } ?? mine.name
            #expect(text(theirs["name"]) == name, "\(file)")
            #expect((theirs["link"] as? String).map { $0.removingPercentEncoding ?? $0 } == mine.link, "\(file)")
            if let amount = theirs["amount"] as? [String: Any] {
                let (factor, unit) = Self.amount(amount)
                #expect(abs((factor ?? .nan) - (mine.amount ?? .nan)) < 1e-9 && unit == mine.unit, "\(file): \(name)")
            } else {
                #expect(mine.amount == nil, "\(file): \(name)")
            }
        }
        let groups = peer["ingredient_groups"] as? [[String: Any]] ?? []
        #expect(groups.count == ours.ingredientGroups.count, "\(file): groups of '\(ours.title)'")
        for (theirs, mine) in zip(groups, ours.ingredientGroups) {
            #expect(text(theirs["title"]) == mine.title, "\(file)")
            compare(theirs, mine, file)
        }
    }
}
