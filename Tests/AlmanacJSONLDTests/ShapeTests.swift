@testable import AlmanacJSONLD
import AlmanacCore
import Testing

@Suite("JSON-LD shapes")
struct ShapeTests {
    @Test("every listed property of a Recipe in @graph with a @type list")
    func everyProperty() throws {
        let recipe = try Fixtures.recipe("{\"@context\": \"https://schema.org\", \"@graph\": [{\"@type\": \"WebPage\"}, \(Fixtures.rollsRecipe)]}")
        #expect(recipe.id == "https://example.test/rolls#recipe")
        #expect(recipe.title == "Cardamom buns")
        #expect(recipe.summary == "Soft buns with a buttery cardamom filling.")
        #expect(recipe.images == ["https://example.test/buns.jpg"])
        #expect(recipe.yields == [Yield(amount: 16, unit: "buns")])
        #expect(recipe.prepTime == ISODuration(hours: 1, minutes: 30))
        #expect(recipe.cookTime == ISODuration(minutes: 25))
        #expect(recipe.totalTime?.description == "PT115M")
        #expect(recipe.collections == ["Breakfast"])
        #expect(recipe.tags == ["buns", "cardamom", "baking"])
        #expect(recipe.source == "https://example.test/rolls")
        #expect(recipe.ingredients.isEmpty)
        #expect(recipe.ingredientGroups.map(\.title) == ["For the dough", "For the filling"])
        let dough = recipe.ingredientGroups[0].ingredients
        #expect(dough.map(\.amount) == [4.5, 1.25, 2])
        #expect(dough.map(\.unit) == ["cups", "cups", nil])
        #expect(dough.map(\.name) == ["flour", "milk", "eggs"])
        #expect(dough[1].note == "warm")
        #expect(recipe.ingredientGroups[1].ingredients.map(\.amount) == [0.75, 1.0 / 3, 1])
        #expect(recipe.directions.isEmpty)
        #expect(recipe.directionGroups == [
            DirectionGroup(title: "Make the dough", directions: ["Warm the milk and mix in the flour.", "Knead for 10 minutes and let rise."]),
            DirectionGroup(title: "Fill and bake", directions: ["Spread the filling and roll up.", "Bake at 200 °C for 25 minutes."]),
        ])
        let kept = try #require(recipe.extras["jsonld"]?.members).map(\.key)
        #expect(kept == ["@id", "author", "datePublished", "recipeCuisine", "aggregateRating", "nutrition", "@type", "image", "recipeYield", "recipeInstructions"])
    }

    @Test(
        "the Recipe at the top level, in a list, in @graph or as a main entity",
        arguments: [
            #"{"@context": "https://schema.org", "@type": "Recipe", "name": "A"}"#,
            #"[{"@type": "Person", "name": "x"}, {"@type": "Recipe", "name": "A"}]"#,
            #"{"@graph": [{"@type": "Organization"}, {"@type": ["Recipe"], "name": "A"}]}"#,
            #"{"@type": "WebPage", "mainEntity": {"@type": "http://schema.org/Recipe", "name": "A"}}"#,
            #"[{"@graph": [{"@type": ["NewsArticle", "Recipe"], "name": "A"}]}]"#,
        ]
    )
    func places(text: String) throws {
        #expect(try Fixtures.recipe(text).title == "A")
    }

    @Test("several recipes keep their order; the same recipe twice is read once")
    func several() throws {
        let text = #"[{"@type": "Recipe", "name": "A"}, {"@type": "Recipe", "name": "B"}, {"@type": "Recipe", "name": "A"}]"#
        let result = try Fixtures.decode(text)
        #expect(result.document.recipes.map(\.title) == ["A", "B"])
        #expect(Set(result.document.recipes.map(\.id)).count == 2)
        #expect(result.origins.recipes.map { $0?.column } == [2, 36])
    }

    @Test(
        "image as a URL, an ImageObject or a list",
        arguments: [
            (#""https://x.test/a.jpg""#, ["https://x.test/a.jpg"]),
            (#"{"@type": "ImageObject", "contentUrl": "https://x.test/a.jpg"}"#, ["https://x.test/a.jpg"]),
            (#"["https://x.test/a.jpg", {"@type": "ImageObject", "url": "https://x.test/b.jpg"}]"#, ["https://x.test/a.jpg", "https://x.test/b.jpg"]),
        ]
    )
    func images(json: String, urls: [String]) throws {
        #expect(try Fixtures.recipe(#"{"@type": "Recipe", "name": "A", "image": \#(json)}"#).images == urls)
    }

    @Test(
        "recipeYield as text, a number or a list, the unit kept",
        arguments: [
            (#""3 dozen""#, [Yield(amount: 3, unit: "dozen")]),
            ("4", [Yield(amount: 4)]),
            (#"["4", "4 servings"]"#, [Yield(amount: 4, unit: "servings")]),
            (#"[6, "6 servings", "1 loaf"]"#, [Yield(amount: 6, unit: "servings"), Yield(amount: 1, unit: "loaf")]),
            (#""Serves 4""#, [Yield(amount: 4, unit: "servings")]),
            (#""1½ cups""#, [Yield(amount: 1.5, unit: "cups")]),
            (#""4-6 servings""#, [Yield(unit: "4-6 servings")]),
        ]
    )
    func yields(json: String, yields: [Yield]) throws {
        #expect(try Fixtures.recipe(#"{"@type": "Recipe", "name": "A", "recipeYield": \#(json)}"#).yields == yields)
    }

    @Test("ISO 8601 durations, PT1H30M and PT70M kept as written; other text is a warning, kept")
    func durations() throws {
        let result = try Fixtures.decode(#"{"@type": "Recipe", "name": "A", "prepTime": "PT70M", "cookTime": "PT1H30M", "totalTime": "about an hour"}"#)
        let recipe = result.document.recipes[0]
        #expect(recipe.prepTime?.description == "PT70M")
        #expect(recipe.cookTime?.totalSeconds == 5_400)
        #expect(recipe.totalTime == nil)
        #expect(result.diagnostics.map(\.message) == [#"'totalTime' "about an hour" is not an ISO 8601 duration such as PT1H30M; kept as written"#])
        #expect(recipe.extras["jsonld"]?.members == [OpaqueMember("totalTime", .string("about an hour"))])
        let written = try Fixtures.jsonld.encode(result.document, options: EncodingOptions()).bytes
        #expect(try Fixtures.decode(Fixtures.text(written)).document == result.document)
        #expect(Fixtures.text(written).contains(#""totalTime": "about an hour""#))
    }

    @Test(
        "recipeInstructions as a text, texts, HowToSteps, or sections never flattened",
        arguments: [
            (#""Mix.\nBake.\n\n""#, ["Mix.", "Bake."], [DirectionGroup]()),
            (#"["Mix.", "Bake."]"#, ["Mix.", "Bake."], []),
            (#"[{"@type": "HowToStep", "text": "Mix."}, {"@type": "HowToStep", "name": "Bake."}]"#, ["Mix.", "Bake."], []),
            (
                #"[{"@type": "HowToStep", "text": "Preheat."}, {"@type": "HowToSection", "name": "Dough", "itemListElement": [{"@type": "HowToStep", "text": "Mix."}]}, {"@type": "HowToSection", "name": "Bake", "itemListElement": {"@type": "HowToStep", "text": "Bake."}}]"#,
                ["Preheat."], [DirectionGroup(title: "Dough", directions: ["Mix."]), DirectionGroup(title: "Bake", directions: ["Bake."])]
            ),
        ]
    )
    func instructions(json: String, steps: [String], sections: [DirectionGroup]) throws {
        let recipe = try Fixtures.recipe(#"{"@type": "Recipe", "name": "A", "recipeInstructions": \#(json)}"#)
        #expect(recipe.directions == steps)
        #expect(recipe.directionGroups == sections)
    }

    @Test(
        "ingredient lines: amounts with Unicode fractions, units, names and notes; the original text kept",
        arguments: [
            ("1¼ cups milk", 1.25, "cups", "milk", nil),
            ("1 ½ tsp salt", 1.5, "tsp", "salt", nil),
            ("½ lemon, juiced", 0.5, nil, "lemon", "juiced"),
            ("⅔ cup sugar", 2.0 / 3, "cup", "sugar", nil),
            ("1 1/2 cups flour, sifted", 1.5, "cups", "flour", "sifted"),
            ("200g butter", 200, "g", "butter", nil),
            ("2 fl oz cream", 2, "fl oz", "cream", nil),
            ("3 eggs", 3, nil, "eggs", nil),
            ("0.5 l water", 0.5, "l", "water", nil),
            ("Salt, to taste", nil, nil, "Salt", "to taste"),
            ("1-2 cloves garlic", nil, nil, "1-2 cloves garlic", nil),
        ] as [(String, Double?, String?, String, String?)]
    )
    func ingredient(text: String, amount: Double?, unit: String?, name: String, note: String?) throws {
        let recipe = try Fixtures.recipe(#"{"@type": "Recipe", "name": "A", "recipeIngredient": ["\#(text)"]}"#)
        let ingredient = try #require(recipe.ingredients.first)
        #expect(ingredient.amount == amount)
        #expect(ingredient.unit == unit)
        #expect(ingredient.name == name)
        #expect(ingredient.note == note)
        let kept = ingredient.extras["jsonld"]?.string ?? IngredientText.text(of: ingredient)
        #expect(kept == text)
    }

    @Test("nested ingredient headings and loose ingredients before them")
    func nestedGroups() throws {
        let recipe = try Fixtures.recipe(#"{"@type": "Recipe", "name": "A", "recipeIngredient": ["1 egg", "Cake:", "1 cup flour", "Cake › Icing:", "2 tbsp sugar"]}"#)
        #expect(recipe.ingredients.map(\.name) == ["egg"])
        #expect(recipe.ingredientGroups.count == 1)
        #expect(recipe.ingredientGroups[0].ingredients.map(\.name) == ["flour"])
        #expect(recipe.ingredientGroups[0].ingredientGroups.map(\.title) == ["Icing"])
        #expect(recipe.ingredientGroups[0].ingredientGroups[0].ingredients.map(\.name) == ["sugar"])
    }

    @Test("recipeCategory and keywords as texts or lists; dates; identifier; isBasedOn")
    func terms() throws {
        let recipe = try Fixtures.recipe(#"""
        {"@type": "Recipe", "identifier": "buns-1", "name": "A", "recipeCategory": ["Dessert", "Snack"], "keywords": ["sweet", {"@type": "DefinedTerm", "name": "quick"}],
         "dateCreated": "2025-01-02", "dateModified": "2025-01-03T10:00:00Z", "isBasedOn": "Grandma's notebook"}
        """#)
        #expect(recipe.id == "buns-1")
        #expect(recipe.collections == ["Dessert", "Snack"])
        #expect(recipe.tags == ["sweet", "quick"])
        #expect(recipe.dateAdded == ISO8601Text.parseCalendarTime(Array("2025-01-02".utf8)))
        #expect(recipe.dateModified == ISO8601Text.parseCalendarTime(Array("2025-01-03T10:00:00Z".utf8)))
        #expect(recipe.source == "Grandma's notebook")
    }

    @Test("amounts written and read back as cooks write them")
    func amounts() {
        for (value, text) in [(1.5, "1 1/2"), (0.75, "3/4"), (1.0 / 3, "1/3"), (2, "2"), (0.3, "0.3"), (2.125, "2 1/8")] {
            #expect(AmountParser.format(value) == text)
            #expect(AmountParser.leadingNumber(Array(text.unicodeScalars))?.value == value)
        }
        #expect(AmountParser.leadingNumber(Array("1⁄2 cup".unicodeScalars))?.value == 0.5)
        #expect(AmountParser.leadingNumber(Array("3/0".unicodeScalars)) == nil)
        #expect(AmountParser.leadingNumber(Array("cup".unicodeScalars)) == nil)
        #expect(AmountParser.format(1e20) == "1e+20")
        #expect(AmountParser.format(1e-7) == "0.0000001")
    }
}
