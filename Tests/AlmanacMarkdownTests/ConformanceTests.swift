import AlmanacCore
import AlmanacTestSupport
import Foundation
import Testing
@testable import AlmanacMarkdown

/// The RecipeMD project's own conformance cases (`../shared/conformance/recipemd/`):
/// every valid case reads to the expected title, description, tags, yields,
/// ingredients, groups and instructions; every invalid case is an error with a line.
/// Skipped when the folder is absent.
@Suite("RecipeMD conformance")
struct ConformanceTests {
    static let folder = TestPaths.shared?.appendingPathComponent("conformance/recipemd")

    static let files: [String] = {
        guard let folder, let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return names.filter { $0.hasSuffix(".md") }.sorted()
    }()
    static let valid = files.filter { !$0.hasSuffix(".invalid.md") }
    static let invalid = files.filter { $0.hasSuffix(".invalid.md") }

    static func read(_ name: String) throws -> String {
        try String(contentsOf: folder!.appendingPathComponent(name), encoding: .utf8)
    }

    @Test("all 30 cases are there", .enabled(if: folder != nil))
    func count() {
        #expect(Self.valid.count == 20)
        #expect(Self.invalid.count == 10)
    }

    @Test("valid case reads as expected", .enabled(if: folder != nil), arguments: valid)
    func validCase(name: String) throws {
        let markdown = try Self.read(name)
        let expectedData = try Data(contentsOf: Self.folder!.appendingPathComponent(String(name.dropLast(3)) + ".json"))
        let expected = try #require(JSONSerialization.jsonObject(with: expectedData) as? [String: Any])
        let recipe = try MarkdownTesting.recipeMD(markdown)
        #expect(recipe.title == expected["title"] as? String)
        #expect(recipe.description == expected["description"] as? String)
        #expect(recipe.instructions == expected["instructions"] as? String)
        #expect(recipe.tags == expected["tags"] as? [String])
        let yields = expected["yields"] as? [[String: Any]] ?? []
        #expect(recipe.yields.count == yields.count)
        for (actual, wanted) in zip(recipe.yields, yields) {
            Self.expectAmount(actual, wanted, in: name)
        }
        Self.expectIngredients(recipe.ingredients, expected["ingredients"] as? [[String: Any]] ?? [], in: name)
        Self.expectGroups(recipe.groups, expected["ingredient_groups"] as? [[String: Any]] ?? [], in: name)

        // The same file through the codec gives the model the same title, tags and yields.
        let model = try #require(try MarkdownTesting.decode(markdown, source: name).document.recipes.first)
        #expect(model.title == recipe.title)
        #expect(model.tags == recipe.tags)
        #expect(model.yields.map(\.amount) == recipe.yields.map(\.factor))
        #expect(model.allIngredients.count == Self.countIngredients(recipe))
    }

    @Test("invalid case is an error with a line number", .enabled(if: folder != nil), arguments: invalid)
    func invalidCase(name: String) throws {
        let markdown = try Self.read(name)
        do {
            let result = try MarkdownTesting.decode(markdown, source: name)
            Issue.record("\(name) was read: \(result.document.recipes)")
        } catch let error as MarkdownDecodingError {
            let position = try #require(error.position)
            #expect(position.line >= 1)
            #expect(position.line <= max(1, markdown.split(separator: "\n", omittingEmptySubsequences: false).count))
        }
    }

    static func expectAmount(_ actual: RecipeMDRecipe.Amount?, _ wanted: [String: Any]?, in name: String) {
        guard let wanted else {
            #expect(actual == nil, "\(name): expected no amount")
            return
        }
        guard let actual else {
            Issue.record("\(name): expected an amount \(wanted)")
            return
        }
        let factor = Double(wanted["factor"] as? String ?? "") ?? .nan
        #expect(abs(actual.factor - factor) < 1e-9, "\(name): factor \(actual.factor) != \(factor)")
        #expect(actual.unit == wanted["unit"] as? String, "\(name)")
    }

    static func expectIngredients(_ actual: [RecipeMDRecipe.Ingredient], _ wanted: [[String: Any]], in name: String) {
        #expect(actual.count == wanted.count, "\(name): ingredient count")
        for (ingredient, expected) in zip(actual, wanted) {
            #expect(ingredient.name == expected["name"] as? String, "\(name)")
            #expect(ingredient.link.map(MarkdownTesting.normalizedHref) == expected["link"] as? String, "\(name)")
            expectAmount(ingredient.amount, expected["amount"] as? [String: Any], in: name)
        }
    }

    static func expectGroups(_ actual: [RecipeMDRecipe.Group], _ wanted: [[String: Any]], in name: String) {
        #expect(actual.count == wanted.count, "\(name): group count")
        for (group, expected) in zip(actual, wanted) {
            #expect(group.title == expected["title"] as? String, "\(name)")
            expectIngredients(group.ingredients, expected["ingredients"] as? [[String: Any]] ?? [], in: name)
            expectGroups(group.groups, expected["ingredient_groups"] as? [[String: Any]] ?? [], in: name)
        }
    }

    static func countIngredients(_ recipe: RecipeMDRecipe) -> Int {
        func count(_ group: RecipeMDRecipe.Group) -> Int { group.ingredients.count + group.groups.map(count).reduce(0, +) }
        return recipe.ingredients.count + recipe.groups.map(count).reduce(0, +)
    }
}

/// Each valid case through almanac and back (md → almanac → md) reads in the real recipemd
/// 5.0.0 exactly as the case's own expected JSON, and is byte-identical to the case.
@Suite("RecipeMD conformance after a round trip")
struct ConformanceRoundTripTests {
    @Test("md → almanac → md reads in recipemd as the case's .json and is byte-identical",
          .enabled(if: ConformanceTests.folder != nil && Peers.shouldRun(pythonModule: "recipemd")),
          arguments: ConformanceTests.valid)
    func roundTrip(name: String) throws {
        let cli = try #require(MarkdownTesting.recipemdCLI, "no python with recipemd: see Tests/peers-requirements.txt")
        let original = try Data(contentsOf: ConformanceTests.folder!.appendingPathComponent(name))
        let written = try MarkdownTesting.codec.encode(try MarkdownTesting.codec.decode(Array(original), source: name).document, options: EncodingOptions())
        #expect(written.bytes == Array(original), "\(name) is not byte-identical")
        #expect(written.diagnostics.isEmpty, "\(name): \(written.diagnostics.map(\.message))")
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-conformance-\(UUID().uuidString)-\(name)")
        try Data(written.bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try ProcessRunner.run(cli, ["-j", url.path])
        #expect(result.status == 0, "\(name): \(result.stderrText)")
        let peer = try JSONSerialization.jsonObject(with: Data(result.stdout)) as? NSDictionary
        let expected = try JSONSerialization.jsonObject(with: Data(contentsOf: ConformanceTests.folder!.appendingPathComponent(String(name.dropLast(3)) + ".json"))) as? NSDictionary
        #expect(peer != nil && peer == expected, "\(name): recipemd reads \(String(describing: peer))")
    }
}
