import AlmanacCore
import AlmanacTestSupport
import Foundation
import Testing
@testable import AlmanacCooklang

/// The writer's output, against a golden file, and what it warns about.
@Suite struct CooklangWriterTests {
    @Test func goldenPancakes() throws {
        let text = try CooklangTesting.write(CooklangTesting.modelRecipes[0])
        let expected = try String(contentsOf: TestPaths.inPackage("Tests/AlmanacCooklangTests/Golden/pancakes.cook"), encoding: .utf8)
        #expect(text == expected)
    }

    @Test func linksCooklangCannotHoldAreLeftOutWithAWarning() throws {
        let recipe = Recipe(id: "k", title: "Kombucha", ingredients: [Ingredient(amount: 1, unit: "cup", name: "guava syrup", link: "560E0F99")],
                            directions: ["Stir in the guava syrup."])
        let result = try CooklangCodec().encode(AlmanacDocument(recipes: [recipe]), options: EncodingOptions())
        #expect(String(decoding: result.bytes, as: UTF8.self).contains("Stir in the @guava syrup{1%cup}."))
        #expect(result.diagnostics.map(\.message) == ["recipe 'Kombucha': the link '560E0F99' of ingredient 'guava syrup' is left out: Cooklang links a recipe by a relative path ending in the ingredient's name"])
    }

    @Test func anIngredientMarkupCannotHoldIsTextWithAWarning() throws {
        let recipe = Recipe(id: "u", title: "U", ingredients: [Ingredient(unit: "cup", name: "broth")])
        let result = try CooklangCodec().encode(AlmanacDocument(recipes: [recipe]), options: EncodingOptions())
        #expect(String(decoding: result.bytes, as: UTF8.self).hasSuffix("-- almanac: ingredients\nbroth\n"))
        #expect(result.diagnostics.count == 1)
    }
}
