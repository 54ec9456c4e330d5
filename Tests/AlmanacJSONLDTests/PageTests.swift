@testable import AlmanacJSONLD
import AlmanacCore
import AlmanacTestSupport
import Foundation
import Testing

@Suite("Saved web pages")
struct PageTests {
    @Test("a saved page reads into the recipe with its groups, sections, yields and durations")
    func page() throws {
        let result = try Fixtures.decodePage(Fixtures.page)
        #expect(result.document.recipes.count == 1)
        let recipe = result.document.recipes[0]
        #expect(recipe.title == "Cardamom buns")
        #expect(recipe.ingredientGroups.map(\.title) == ["For the dough", "For the filling"])
        #expect(recipe.ingredientGroups.map { $0.ingredients.count } == [3, 3])
        #expect(recipe.directionGroups.map(\.title) == ["Make the dough", "Fill and bake"])
        #expect(recipe.yields == [Yield(amount: 16, unit: "buns")])
        #expect([recipe.prepTime, recipe.cookTime, recipe.totalTime].map { $0?.description } == ["PT1H30M", "PT25M", "PT115M"])
        // Where the recipe object starts in the page.
        #expect(result.origins.recipes.first??.line == 11)
        #expect(result.diagnostics.isEmpty)
    }

    @Test("the recipes of every block are read; a broken block beside them is a warning at its place")
    func severalBlocks() throws {
        let page = """
        <html><head>
        <script type="application/ld+json">{"@type": "Recipe", "name": "A"}</script>
        <script type="Application/LD+JSON; charset=utf-8">[{"@type": "Recipe", "name": "B"}]</script>
        <script type="application/ld+json">
        {"broken": }
        </script>
        </head><body><script type="application/ld+json">{"@graph": [{"@type": "Recipe", "name": "C"}]}</script></body></html>
        """
        let result = try Fixtures.decodePage(page)
        #expect(result.document.recipes.map(\.title) == ["A", "B", "C"])
        #expect(result.diagnostics.map(\.rendered) == ["page.html:5:12: warning: a JSON-LD block was skipped: not JSON: unexpected '}'; expected a value"])
    }

    @Test("a page without a JSON-LD block is an error, not an empty document")
    func noBlock() throws {
        let error = try #require(throws: JSONLDDecodingError.self) {
            try Fixtures.decodePage("<html><body><p>Just a page</p><script>var a = 1;</script></body></html>")
        }
        #expect(error == .noStructuredData(at: SourcePosition(offset: 0, line: 1, column: 1)))
        #expect(throws: JSONLDDecodingError.self) { try Fixtures.decodePage("") }
    }

    @Test("a page whose JSON-LD holds no Recipe is an error at the first block")
    func noRecipe() throws {
        let page = "<html><head>\n<script type=\"application/ld+json\">\n  {\"@type\": \"Organization\", \"name\": \"x\"}</script></head></html>"
        let error = try #require(throws: JSONLDDecodingError.self) { try Fixtures.decodePage(page) }
        #expect(error.position.map { [$0.line, $0.column] } == [3, 3])
        #expect(error.message.hasPrefix("no schema.org Recipe"))
    }

    @Test("errors inside a block are placed in the page")
    func errorInPage() throws {
        let page = "<html><head><title>x</title>\n<script type=\"application/ld+json\">{\"@type\": \"Recipe\",\n \"name\": \"A\", \"prepTime\": 15}</script></head></html>"
        let error = try #require(throws: JSONLDDecodingError.self) { try Fixtures.decodePage(page) }
        #expect(error.message == "Recipe 'prepTime' must be text, found a number")
        #expect(error.position.map { [$0.line, $0.column] } == [3, 27])
    }

    @Test("Unicode in a page without a declared charset reads as UTF-8")
    func undeclaredCharset() throws {
        let page = "<html><head><script type=\"application/ld+json\">{\"@type\": \"Recipe\", \"name\": \"Crème brûlée\", \"recipeIngredient\": [\"½ cup cream\"]}</script></head></html>"
        let recipe = try #require(try Fixtures.decodePage(page).document.recipes.first)
        #expect(recipe.title == "Crème brûlée")
        #expect(recipe.ingredients.first?.amount == 0.5)
    }

    @Test("the page's codec reads only")
    func readsOnly() {
        #expect(Fixtures.html.format.writes.isEmpty)
        #expect(Fixtures.html.format.extensions == ["html", "htm"])
        #expect(throws: JSONLDEncodingError.htmlNotWritten) { try Fixtures.html.encode(AlmanacDocument(), options: EncodingOptions()) }
    }
}
