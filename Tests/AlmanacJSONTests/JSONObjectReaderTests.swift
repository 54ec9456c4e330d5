import AlmanacCore
import AlmanacJSON
import Testing

/// Field reading: `null` as absent, unknown keys kept as the `json` extras bag or
/// dropped with a warning, and other codecs' `extras` bags.
@Suite struct JSONObjectReaderTests {
    private func decode(_ text: String) throws -> DecodeResult {
        try JSONCodec().decode(Array(text.utf8), source: "test.json")
    }

    @Test func nullAndEmptyArraysAreAbsent() throws {
        let recipe = try #require(try decode("""
            {"recipes": [{"title": "A", "summary": null, "tags": null, "images": [], "rating": null, "prepTime": null}]}
            """).document.recipes.first)
        #expect(recipe == Recipe(id: recipe.id, title: "A"))
    }

    @Test func unknownItemKeysAreKeptInSourceOrder() throws {
        let recipe = try #require(try decode("""
            {"recipes": [{"zeta": 1.50, "title": "A", "alpha": {"b": [true, null]}, "id": "r", "mid": "x"}]}
            """).document.recipes.first)
        #expect(recipe.extras["json"] == .object([
            OpaqueMember("zeta", .number("1.50")),
            OpaqueMember("alpha", .object([OpaqueMember("b", .array([.bool(true), .null]))])),
            OpaqueMember("mid", .string("x")),
        ]))
        #expect(recipe.extras.sortedNames == ["json"])
    }

    @Test func unknownKeysOfTasksIngredientsAndTheDocumentAreKept() throws {
        let document = try decode("""
            {"almanac": 1, "generator": "test", "events": [{"title": "E", "tasks": [{"text": "t", "priority": 2}]}],
             "recipes": [{"title": "A", "ingredients": [{"name": "salt", "grams": 5}]}]}
            """).document
        #expect(document.extras["json"] == .object([OpaqueMember("generator", .string("test"))]))
        #expect(document.events.first?.tasks.first?.extras["json"] == .object([OpaqueMember("priority", .number("2"))]))
        #expect(document.recipes.first?.ingredients.first?.extras["json"] == .object([OpaqueMember("grams", .number("5"))]))
    }

    @Test func otherCodecsExtrasAreReadAndAJSONBagIsIgnored() throws {
        let event = try #require(try decode("""
            {"events": [{"title": "E", "extras": {"json": {"sneaky": 1}, "ics": {"X-ALARM": ["-PT15M"]}, "md": "front"}}]}
            """).document.events.first)
        #expect(event.extras.sortedNames == ["ics", "md"])
        #expect(event.extras["ics"] == .object([OpaqueMember("X-ALARM", .array([.string("-PT15M")]))]))
        #expect(event.extras["md"] == .string("front"))
    }

    @Test func unknownKeysInAYieldWarnWithTheirPosition() throws {
        let result = try decode("{\"recipes\": [{\"title\": \"A\",\n  \"yields\": [{\"amount\": 4, \"unit\": \"servings\", \"size\": \"large\"}]}]}")
        let recipe = try #require(result.document.recipes.first)
        #expect(recipe.yields == [Yield(amount: 4, unit: "servings")])
        #expect(recipe.extras.isEmpty)
        #expect(result.diagnostics.count == 1)
        let warning = try #require(result.diagnostics.first)
        #expect(warning.severity == .warning)
        #expect(warning.source == "test.json")
        #expect(warning.message == "unknown key 'size' in recipes[0].yields[0] is dropped")
        #expect(warning.position == SourcePosition(offset: 75, line: 2, column: 48))
        #expect(warning.rendered == "test.json:2:48: warning: unknown key 'size' in recipes[0].yields[0] is dropped")
    }

    @Test func unknownKeysInGroupsAndSectionsWarn() throws {
        let result = try decode("""
            {"recipes": [{"title": "A",
              "ingredientGroups": [{"title": "G", "ingredientGroups": [{"title": "H", "color": "red"}], "x": 1}],
              "directionGroups": [{"title": "S", "directions": ["Mix."], "minutes": 5}]}]}
            """)
        #expect(result.diagnostics.map(\.message) == [
            "unknown key 'color' in recipes[0].ingredientGroups[0].ingredientGroups[0] is dropped",
            "unknown key 'x' in recipes[0].ingredientGroups[0] is dropped",
            "unknown key 'minutes' in recipes[0].directionGroups[0] is dropped",
        ])
        #expect(result.diagnostics.map { $0.position?.line } == [2, 2, 3])
        let recipe = try #require(result.document.recipes.first)
        #expect(recipe.ingredientGroups == [IngredientGroup(title: "G", ingredientGroups: [IngredientGroup(title: "H")])])
        #expect(recipe.directionGroups == [DirectionGroup(title: "S", directions: ["Mix."])])
    }

    @Test func knownKeysDoNotWarn() throws {
        let result = try decode("""
            {"recipes": [{"id": "r", "title": "A", "summary": "s", "yields": [{"amount": 1, "unit": "loaf"}], "prepTime": "PT5M",
              "cookTime": "PT1H", "totalTime": "PT1H5M", "ingredients": [{"amount": 2, "unit": "cups", "name": "flour", "note": "sifted", "link": "r2"}],
              "ingredientGroups": [{"title": "G", "ingredients": [], "ingredientGroups": []}], "directions": ["Mix."],
              "directionGroups": [{"title": "S", "directions": []}], "rating": 3, "isFavorite": true, "collections": ["c"],
              "tags": ["t"], "source": "book", "images": ["a.jpg"], "dateAdded": "2026-01-01", "dateModified": "2026-01-02T10:00:00Z"}],
             "events": [{"id": "e", "title": "E", "symbol": "star", "color": {"red": 1, "green": 1, "blue": 1, "alpha": 1},
              "start": "2026-12-24", "end": "2026-12-25", "allDay": true, "location": "here", "notes": "n", "url": "https://x.invalid",
              "categories": ["c"], "recurrence": "FREQ=YEARLY", "tasks": [{"id": "t", "text": "x", "isCompleted": true}]}]}
            """)
        #expect(result.diagnostics.isEmpty)
        #expect(result.document.recipes.first?.extras.isEmpty == true)
        #expect(result.document.events.first?.extras.isEmpty == true)
        #expect(result.document.extras.isEmpty)
    }
}
