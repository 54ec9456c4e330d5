import AlmanacCore
import AlmanacJSON
import AlmanacMarkdown
import AlmanacTestSupport
import Foundation
import Testing
@testable import AlmanacCooklang

/// Lossless paths through Cooklang: md → cooklang → md and cooklang → json → cooklang keep
/// every recipe (the sample recipes, the canonical cases, generated files, `Samples/pancakes.cook`).
@Suite("Cooklang round trips")
struct CooklangRoundTripTests {
    static let markdown = MarkdownCodec(timeZone: TimeZone(identifier: "UTC")!)
    static let frontMatter = EncodingOptions(frontMatter: true)

    /// Cooklang files to start from.
    static func cooklangFiles() throws -> [(name: String, text: String)] {
        var files = [("pancakes.cook", try String(contentsOf: TestPaths.sample("pancakes.cook"), encoding: .utf8))]
        files += CanonicalCase.all.map { ($0.name, $0.source) }
        files += CooklangPeerTests.generated(100, seed: 4242).enumerated().map { ("generated #\($0.offset)", $0.element) }
        return files
    }

    @Test("md → cooklang → md keeps every sample recipe")
    func markdownThroughCooklang() throws {
        let recipes = try CooklangTesting.sampleRecipes() + CooklangTesting.modelRecipes
        let first = try Self.markdown.encode(AlmanacDocument(recipes: recipes), options: Self.frontMatter).bytes
        let fromMarkdown = try Self.markdown.decode(first, source: "recipes.md").document.recipes
        #expect(fromMarkdown.count == recipes.count)
        for recipe in fromMarkdown {
            let cook = try CooklangTesting.codec.encode(AlmanacDocument(recipes: [recipe]), options: EncodingOptions())
            let back = try #require(try CooklangTesting.codec.decode(cook.bytes, source: "x.cook").document.recipes.first)
            let again = try Self.markdown.encode(AlmanacDocument(recipes: [back]), options: Self.frontMatter).bytes
            let final = try #require(try Self.markdown.decode(again, source: "again.md").document.recipes.first)
            CooklangTesting.expectSameRecipe(final, recipe, recipe.title)
        }
    }

    @Test("cooklang → json → cooklang gives the same file back")
    func cooklangThroughJSONIsByteForByte() throws {
        for (name, text) in try Self.cooklangFiles() {
            let document = try CooklangTesting.codec.decode(Array(text.utf8), source: name + ".cook").document
            let json = try JSONCodec().encode(document, options: EncodingOptions()).bytes
            let fromJSON = try JSONCodec().decode(json, source: "x.json").document
            #expect(fromJSON == document, "\(name)")
            let back = try CooklangTesting.codec.encode(fromJSON, options: EncodingOptions()).bytes
            #expect(String(decoding: back, as: UTF8.self) == text, "\(name)")
        }
    }

    @Test("cooklang → json → cooklang, written fresh, keeps the recipe with its cookware, timers, notes and metadata")
    func cooklangThroughJSONWrittenFresh() throws {
        for (name, text) in try Self.cooklangFiles() {
            let recipe = try #require(try CooklangTesting.codec.decode(Array(text.utf8), source: name + ".cook").document.recipes.first)
            var fresh = try #require(try JSONCodec().decode(try JSONCodec().encode(AlmanacDocument(recipes: [recipe]), options: EncodingOptions()).bytes, source: "x.json").document.recipes.first)
            fresh.extras[CooklangRecipeMapper.sourceKey] = nil
            let written = try CooklangTesting.write(fresh)
            let back = try CooklangTesting.read(written, title: "other")
            CooklangTesting.expectSameRecipe(back, recipe, name)
            #expect(back.allIngredients == recipe.allIngredients, "\(name)")
            #expect(back.extras[CooklangRecipeMapper.extrasKey] == recipe.extras[CooklangRecipeMapper.extrasKey], "\(name)\n\(text)\n---- written:\n\(written)")
        }
    }

    @Test("a changed recipe is written fresh, not from the file it was read from")
    func changedRecipeIsWrittenFresh() throws {
        let text = try String(contentsOf: TestPaths.sample("pancakes.cook"), encoding: .utf8)
        var recipe = try #require(try CooklangTesting.codec.decode(Array(text.utf8), source: "pancakes.cook").document.recipes.first)
        recipe.ingredients[0].amount = 500
        let written = try CooklangTesting.write(recipe)
        #expect(written != text)
        #expect(written.contains("Whisk @flour{500%g}, @sugar{2%tbsp}"))
        let back = try CooklangTesting.read(written, title: "x")
        #expect(back.ingredients[0].amount == 500)
        #expect(back.extras[CooklangRecipeMapper.extrasKey] == recipe.extras[CooklangRecipeMapper.extrasKey])
    }
}
