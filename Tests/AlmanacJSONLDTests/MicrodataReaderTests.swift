@testable import AlmanacJSONLD
import AlmanacCore
import AlmanacTestSupport
import Foundation
import Testing

@Suite("Microdata in saved pages")
struct MicrodataReaderTests {
    static let page = """
    <!DOCTYPE html>
    <html><head><title>Pie</title><style>p { color: red }</style></head><body>
    <p>Welcome<br>to my blog
    <article itemscope itemtype="http://schema.org/Recipe" itemid="https://example.test/pie">
      <h1 itemprop="name">Grandma&#39;s   Apple&nbsp;Pie</h1>
      <img itemprop="image" src="https://example.test/pie.jpg">
      <p itemprop="description">A <b>classic</b>
         pie.<script>var tracking = 1;</script></p>
      <meta itemprop="prepTime" content="PT20M">
      <time itemprop="cookTime" datetime="PT45M">45 minutes</time>
      <span itemprop="totalTime" content="PT1H5M">1 hour 5 minutes</span>
      <span itemprop="recipeYield">8 servings</span>
      <span itemprop="recipeCategory">Dessert</span>, <span itemprop="recipeCuisine">American</span>
      <meta itemprop="keywords" content="apple, pie">
      <ul>
        <li itemprop="recipeIngredient">2 cups flour
        <li itemprop="recipeIngredient">1 cup sugar &amp; spice
      </ul>
      <ol itemprop="recipeInstructions">
        <li>Make the dough.</li>
        <li>Bake<br>for 45 minutes.</li>
      </ol>
      <div itemprop="aggregateRating" itemscope itemtype="https://schema.org/AggregateRating">
        <span itemprop="ratingValue">4.5</span>
      </div>
      By <a itemprop="author" itemscope itemtype="https://schema.org/Person" href="/ann"><span itemprop="name">Ann</span></a>
    </article>
    </body></html>
    """

    @Test("a Microdata Recipe reads into the model: values from content, src, datetime and text")
    func recipe() throws {
        let result = try Fixtures.decodePage(Self.page)
        let recipe = try #require(result.document.recipes.first)
        #expect(result.document.recipes.count == 1)
        #expect(recipe.id == "https://example.test/pie")
        #expect(recipe.title == "Grandma's Apple Pie")
        #expect(recipe.summary == "A classic pie.")
        #expect(recipe.images == ["https://example.test/pie.jpg"])
        #expect([recipe.prepTime, recipe.cookTime, recipe.totalTime].map { $0?.description } == ["PT20M", "PT45M", "PT1H5M"])
        #expect(recipe.yields == [Yield(amount: 8, unit: "servings")])
        #expect(recipe.collections == ["Dessert"])
        #expect(recipe.tags == ["apple", "pie"])
        #expect(recipe.ingredients.map(\.name) == ["flour", "sugar & spice"])
        #expect(recipe.ingredients.map(\.amount) == [2, 1])
        // Each block of the instructions' text is a step; the <br> inside one joins its lines.
        #expect(recipe.directions == ["Make the dough.", "Bake", "for 45 minutes."])
        let extras = try #require(recipe.extras[JSONLDCodec.extrasKey]?.members)
        func extra(_ key: String) -> OpaqueValue? { extras.first { $0.key == key }?.value }
        #expect(extra("recipeCuisine") == .string("American"))
        #expect(extra("aggregateRating") == .object([OpaqueMember("@type", .string("AggregateRating")), OpaqueMember("ratingValue", .string("4.5"))]))
        #expect(extra("author") == .object([OpaqueMember("@type", .string("Person")), OpaqueMember("name", .string("Ann"))]))
        // The recipe's place is its itemscope element.
        #expect(result.origins.recipes.first??.line == 4)
        #expect(result.origins.recipes.first??.column == 1)
        #expect(result.diagnostics.filter { $0.severity != .note }.isEmpty, "\(result.diagnostics.map(\.rendered))")
    }

    @Test("steps and sections as nested HowToStep and HowToSection items")
    func nestedInstructions() throws {
        let page = """
        <div itemscope itemtype="https://schema.org/Recipe"><span itemprop="name">Buns</span>
        <div itemprop="recipeInstructions" itemscope itemtype="https://schema.org/HowToStep"><span itemprop="text">Warm the milk.</span></div>
        <section itemprop="recipeInstructions" itemscope itemtype="https://schema.org/HowToSection">
          <h3 itemprop="name">Dough</h3>
          <div itemprop="itemListElement" itemscope itemtype="https://schema.org/HowToStep"><p itemprop="text">Mix.</p></div>
          <div itemprop="itemListElement" itemscope itemtype="https://schema.org/HowToStep"><p itemprop="text">Knead 10 minutes.</p></div>
        </section>
        </div>
        """
        let recipe = try #require(try Fixtures.decodePage(page).document.recipes.first)
        #expect(recipe.directions == ["Warm the milk."])
        #expect(recipe.directionGroups == [DirectionGroup(title: "Dough", directions: ["Mix.", "Knead 10 minutes."])])
    }

    @Test("the old 'ingredients' property, several types, an item inside WebPage's mainEntity")
    func shapes() throws {
        let page = """
        <body itemscope itemtype="https://schema.org/WebPage">
        <div itemprop="mainEntity" itemscope itemtype="https://schema.org/Recipe https://schema.org/NewsArticle">
          <span itemprop="name headline">Soup</span>
          <span itemprop="ingredients">1 onion</span><span itemprop="ingredients">2 carrots</span>
          <link itemprop="image" href="https://example.test/soup.jpg">
        </div></body>
        """
        let recipe = try #require(try Fixtures.decodePage(page).document.recipes.first)
        #expect(recipe.title == "Soup")
        #expect(recipe.ingredients.map(\.name) == ["onion", "carrots"])
        #expect(recipe.images == ["https://example.test/soup.jpg"])
        #expect(recipe.extras[JSONLDCodec.extrasKey]?.members?.first { $0.key == "headline" }?.value == .string("Soup"))
    }

    @Test("JSON-LD is preferred: a page with both reads the JSON-LD recipe, with a note about the Microdata")
    func bothOnOnePage() throws {
        let page = """
        <html><head><script type="application/ld+json">{"@type": "Recipe", "name": "From JSON-LD"}</script></head>
        <body><div itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">From Microdata</h1></div></body></html>
        """
        let result = try Fixtures.decodePage(page)
        #expect(result.document.recipes.map(\.title) == ["From JSON-LD"])
        #expect(result.diagnostics.map(\.rendered) == ["page.html:2:7: note: the page's Microdata Recipe is not read: its JSON-LD holds the recipe"])
        // JSON-LD without a Recipe: the Microdata one is read.
        let other = page.replacingOccurrences(of: "\"Recipe\"", with: "\"WebSite\"")
        #expect(try Fixtures.decodePage(other).document.recipes.map(\.title) == ["From Microdata"])
    }

    @Test("Microdata without a Recipe is no Recipe, with the error at the first item; no Microdata at all is no data")
    func noRecipe() throws {
        let error = try #require(throws: JSONLDDecodingError.self) {
            try Fixtures.decodePage("<html><body>\n  <div itemscope itemtype=\"https://schema.org/Person\"><span itemprop=\"name\">Ann</span></div></body></html>")
        }
        #expect(error.message.hasPrefix("no schema.org Recipe"))
        #expect(error.position.map { [$0.line, $0.column] } == [2, 3])
        let none = try #require(throws: JSONLDDecodingError.self) { try Fixtures.decodePage("<p itemprop=\"name\">stray property</p>") }
        #expect(none == .noStructuredData(at: SourcePosition(offset: 0, line: 1, column: 1)))
    }

    @Test("properties nested in each other cost a bounded amount: past four times the page it is an error")
    func nestedTextBudget() throws {
        let depth = 3000
        let page = "<div itemscope itemtype=\"https://schema.org/Recipe\">" + String(repeating: "<span itemprop=\"description\">word ", count: depth)
            + String(repeating: "x", count: 2000) + String(repeating: "</span>", count: depth) + "</div>"
        let error = try #require(throws: JSONLDDecodingError.self) { try Fixtures.decodePage(page) }
        #expect(error.message.contains("more than four times the page"))
        // A page of ordinary nesting reads.
        let shallow = "<div itemscope itemtype=\"https://schema.org/Recipe\"><span itemprop=\"name\"><b>A</b> <i>B</i></span></div>"
        #expect(try Fixtures.decodePage(shallow).document.recipes.first?.title == "A B")
    }

    @Test("white space is collapsed; instructions keep one line per block")
    func whiteSpace() {
        #expect(MicrodataReader.collapsed(Array("  a \n\t b\u{00A0}c  ".utf8)[...]) == "a b c")
        #expect(MicrodataReader.lines(Array("\n one  two \n\n three\n".utf8)[...]) == "one two\nthree")
    }
}
