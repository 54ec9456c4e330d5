@testable import AlmanacJSONLD
import AlmanacCore
import AlmanacJSONKit
import AlmanacTestSupport
import Foundation
import Testing

@Suite("JSON-LD writer")
struct WriterTests {
    /// A recipe with everything JSON-LD carries.
    static let recipe = Recipe(
        id: "cardamom-buns", title: "Cardamom buns", summary: "Soft buns.",
        yields: [Yield(amount: 16, unit: "buns"), Yield(amount: 8, unit: "servings")],
        prepTime: ISODuration(minutes: 70), cookTime: ISODuration(hours: 1, minutes: 30), totalTime: ISODuration(hours: 2, minutes: 40),
        ingredients: [Ingredient(amount: 1, name: "egg", note: "for brushing")],
        ingredientGroups: [
            IngredientGroup(title: "Dough", ingredients: [
                Ingredient(amount: 4.5, unit: "cups", name: "flour"),
                Ingredient(amount: 1.0 / 3, unit: "cup", name: "sugar"),
            ], ingredientGroups: [IngredientGroup(title: "Starter", ingredients: [Ingredient(amount: 2, unit: "tsp", name: "yeast")])]),
            IngredientGroup(title: "Filling", ingredients: [Ingredient(name: "Salt", note: "to taste")]),
        ],
        directions: ["Preheat the oven."],
        directionGroups: [DirectionGroup(title: "Dough", directions: ["Mix.", "Knead."]), DirectionGroup(title: "Bake", directions: ["Bake 25 minutes."])],
        collections: ["Breakfast", "Baking"], tags: ["buns", "cardamom"], source: "https://example.test/buns",
        images: ["https://example.test/buns.jpg", "https://example.test/buns-2.jpg"],
        dateAdded: ISO8601Text.parseCalendarTime(Array("2025-01-02T08:00:00Z".utf8)),
        dateModified: ISO8601Text.parseCalendarTime(Array("2025-01-03".utf8))
    )

    private func encode(_ document: AlmanacDocument, compact: Bool = false) throws -> [UInt8] {
        try Fixtures.jsonld.encode(document, options: EncodingOptions(compact: compact)).bytes
    }

    @Test("the output has what Google's recipe rich results expect")
    func richResultsShape() throws {
        let root = try JSONReader.parse(try encode(AlmanacDocument(recipes: [Self.recipe])))
        #expect(root["@context"]?.string == "https://schema.org")
        #expect(root["@type"]?.string == "Recipe")
        #expect(root["name"]?.string == "Cardamom buns")
        #expect(root["image"]?.elements?.compactMap(\.string) == Self.recipe.images)
        for key in ["prepTime", "cookTime", "totalTime"] {
            let text = try #require(root[key]?.string)
            #expect(ISODuration(text) != nil, "\(key) \(text)")
        }
        #expect(root["recipeYield"]?.elements?.compactMap(\.string) == ["8", "16 buns", "8 servings"])
        #expect(root["recipeIngredient"]?.elements?.compactMap(\.string) == [
            "1 egg, for brushing", "Dough:", "4 1/2 cups flour", "1/3 cup sugar", "Dough › Starter:", "2 tsp yeast", "Filling:", "Salt, to taste",
        ])
        let instructions = try #require(root["recipeInstructions"]?.elements)
        #expect(instructions.map { $0["@type"]?.string } == ["HowToStep", "HowToSection", "HowToSection"])
        #expect(instructions[1]["itemListElement"]?.elements?.map { $0["@type"]?.string } == ["HowToStep", "HowToStep"])
        #expect(root["keywords"]?.string == "buns, cardamom")
        #expect(root["dateCreated"]?.string == "2025-01-02T08:00:00Z")
    }

    @Test("a recipe without images has no image key; several recipes are a list, each with @context")
    func several() throws {
        let document = AlmanacDocument(recipes: [Recipe(id: "a", title: "A"), Recipe(id: "b", title: "B")])
        let root = try JSONReader.parse(try encode(document))
        let objects = try #require(root.elements)
        #expect(objects.map { $0["@context"]?.string } == ["https://schema.org", "https://schema.org"])
        #expect(objects.allSatisfy { $0["image"] == nil })
        #expect(try Fixtures.decode(Fixtures.text(try encode(document))).document == document)
    }

    @Test("what almanac writes reads back equal, pretty and compact")
    func roundTrip() throws {
        let document = AlmanacDocument(recipes: [Self.recipe])
        for compact in [false, true] {
            let back = try Fixtures.decode(Fixtures.text(try encode(document, compact: compact)))
            #expect(back.document == document)
            #expect(back.diagnostics.isEmpty)
        }
    }

    @Test("JSON-LD read and written again keeps what the model lacks, byte for byte on the second trip")
    func extrasRoundTrip() throws {
        let first = try Fixtures.decodePage(Fixtures.page).document
        let written = try encode(first)
        let second = try Fixtures.decode(Fixtures.text(written)).document
        #expect(second == first)
        #expect(try encode(second) == written)
        let root = try JSONReader.parse(written)
        #expect(root["author"]?["name"]?.string == "Test Cook")
        #expect(root["nutrition"]?["calories"]?.string == "310 calories")
        #expect(root["aggregateRating"]?["ratingValue"]?.string == "4.8")
        #expect(root["recipeCuisine"]?.string == "Nordic")
        #expect(root["datePublished"]?.string == "2025-02-01")
        #expect(root["image"]?["width"]?.numberText == "1200")
        #expect(root["@type"]?.elements?.compactMap(\.string) == ["Recipe", "NewsArticle"])
        #expect(root["recipeIngredient"]?.elements?.compactMap(\.string).contains("4 ½ cups flour") == true)
    }

    @Test("a changed ingredient is written from the model, not from its old text")
    func changedIngredient() throws {
        var recipe = try Fixtures.recipe(#"{"@type": "Recipe", "name": "A", "recipeIngredient": ["1½ cups milk"]}"#)
        #expect(recipe.ingredients[0].extras["jsonld"]?.string == "1½ cups milk")
        recipe.ingredients[0].amount = 2
        let root = try JSONReader.parse(try encode(AlmanacDocument(recipes: [recipe])))
        #expect(root["recipeIngredient"]?.elements?.compactMap(\.string) == ["2 cups milk"])
    }

    @Test("a rating of 1 to 5 stars is an aggregateRating of one rating, as rich results want it", arguments: [1, 4, 5])
    func aggregateRating(stars: Int) throws {
        var recipe = Self.recipe
        recipe.rating = stars
        let result = try Fixtures.jsonld.encode(AlmanacDocument(recipes: [recipe]), options: EncodingOptions())
        #expect(result.diagnostics.isEmpty)
        let rating = try #require(try JSONReader.parse(result.bytes)["aggregateRating"])
        #expect(rating["@type"]?.string == "AggregateRating")
        #expect(rating["ratingValue"]?.numberText == String(stars))
        #expect(rating["ratingCount"]?.numberText == "1")
        #expect(rating["bestRating"]?.numberText == "5")
        #expect(rating["worstRating"]?.numberText == "1")
    }

    @Test("a rating the model holds replaces the aggregateRating a page had")
    func ratingReplacesKept() throws {
        var recipe = try #require(try Fixtures.decodePage(Fixtures.page).document.recipes.first)
        recipe.rating = 3
        let written = Fixtures.text(try encode(AlmanacDocument(recipes: [recipe])))
        #expect(written.components(separatedBy: "\"aggregateRating\"").count == 2)
        #expect(try JSONReader.parse(Array(written.utf8))["aggregateRating"]?["ratingValue"]?.numberText == "3")
    }

    @Test("structured data for a page is the recipe's object on one line, with @context")
    func structuredData() throws {
        let (text, diagnostics) = JSONLDCodec.structuredData(Self.recipe)
        #expect(!text.contains("\n"))
        #expect(diagnostics.isEmpty)
        let root = try JSONReader.parse(Array(text.utf8))
        #expect(root["@context"]?.string == "https://schema.org")
        #expect(root["name"]?.string == Self.recipe.title)
        #expect(root == (try JSONReader.parse(try encode(AlmanacDocument(recipes: [Self.recipe])))))
    }

    @Test("the writer matches the golden file")
    func golden() throws {
        let url = TestPaths.inPackage("Tests/AlmanacJSONLDTests/Golden/cardamom-buns.jsonld")
        let written = try encode(AlmanacDocument(recipes: [Self.recipe]))
        if ProcessInfo.processInfo.environment["ALMANAC_UPDATE_GOLDEN"] != nil { try Data(written).write(to: url) }
        #expect(Fixtures.text(written) == Fixtures.text(Array(try Data(contentsOf: url))))
    }

    @Test("a rating of 0 stars, the favorite flag and events have no place: warnings and an error")
    func losses() throws {
        var recipe = Recipe(id: "a", title: "A")
        recipe.rating = 0
        recipe.isFavorite = true
        let result = try Fixtures.jsonld.encode(AlmanacDocument(recipes: [recipe]), options: EncodingOptions())
        #expect(result.diagnostics.map(\.message) == ["JSON-LD has no place for the rating of 0 stars, favorite of recipe 'A'; left out"])
        #expect(try JSONReader.parse(result.bytes)["aggregateRating"] == nil)
        let event = Event(id: "e", title: "E", start: .date(CivilDate(year: 2026, month: 1, day: 1)!))
        #expect(throws: JSONLDEncodingError.eventsNotSupported(count: 1)) {
            try Fixtures.jsonld.encode(AlmanacDocument(events: [event]), options: EncodingOptions())
        }
    }
}
