import AlmanacCore
import Testing

@Suite struct AlmanacDocumentTests {
    private let document = AlmanacDocument(
        recipes: [
            Recipe(id: "soup", title: "Soup", isFavorite: true, collections: ["Winter", "Weeknight"]),
            Recipe(id: "cake", title: "Cake", collections: ["Baking"]),
            Recipe(id: "soup", title: "Second soup", isFavorite: true, collections: ["Winter"]),
            Recipe(id: "bread", title: "Bread", collections: ["Baking", "winter"]),
        ],
        events: [Event(id: "party", title: "Party"), Event(id: "trip", title: "Trip")]
    )

    @Test func looksUpTheFirstRecipeWithAnID() {
        #expect(document.recipe(id: "soup")?.title == "Soup")
        #expect(document.recipe(id: "cake")?.title == "Cake")
        #expect(document.recipe(id: "party") == nil, "event ids are not recipe ids")
        #expect(document.recipe(id: "missing") == nil)
    }

    @Test func looksUpEventsByID() {
        #expect(document.event(id: "trip")?.title == "Trip")
        #expect(document.event(id: "soup") == nil)
    }

    @Test func favoritesKeepTheirOrder() {
        #expect(document.favoriteRecipes.map(\.title) == ["Soup", "Second soup"])
    }

    @Test func collectionsCompareExactly() {
        #expect(document.recipes(inCollection: "Winter").map(\.title) == ["Soup", "Second soup"])
        #expect(document.recipes(inCollection: "winter").map(\.title) == ["Bread"])
        #expect(document.recipes(inCollection: "Baking").map(\.id) == ["cake", "bread"])
        #expect(document.recipes(inCollection: "Summer").isEmpty)
    }

    @Test func collectionNamesAreUniqueAndSorted() {
        #expect(document.collectionNames == ["Baking", "Weeknight", "Winter", "winter"])
        #expect(AlmanacDocument().collectionNames.isEmpty)
    }

    @Test func itemsListRecipesThenEvents() {
        #expect(document.items.map(\.id) == ["soup", "cake", "soup", "bread", "party", "trip"])
        #expect(document.items.map(\.kind) == [.recipe, .recipe, .recipe, .recipe, .event, .event])
    }

    @Test func buildingFromItemsSortsThemByKindKeepingOrder() {
        let built = AlmanacDocument(items: [
            .event(Event(id: "e1", title: "E1")), .recipe(Recipe(id: "r1", title: "R1")),
            .event(Event(id: "e2", title: "E2")), .recipe(Recipe(id: "r2", title: "R2")),
        ])
        #expect(built.recipes.map(\.id) == ["r1", "r2"])
        #expect(built.events.map(\.id) == ["e1", "e2"])
        #expect(!built.isEmpty)
        #expect(AlmanacDocument().isEmpty)
        #expect(!AlmanacDocument(events: [Event(id: "e", title: "E")]).isEmpty)
    }

    @Test func mergeAppendsItemsAndKeepsItsOwnExtras() {
        var first = AlmanacDocument(
            recipes: [Recipe(id: "a", title: "A")], events: [Event(id: "x", title: "X")],
            extras: Extras(["json": .object([OpaqueMember("note", .string("mine"))])])
        )
        let second = AlmanacDocument(
            recipes: [Recipe(id: "b", title: "B")], events: [Event(id: "y", title: "Y")],
            extras: Extras(["json": .object([OpaqueMember("note", .string("theirs"))]), "ics": .string("PRODID")])
        )
        first.merge(second)
        #expect(first.recipes.map(\.id) == ["a", "b"])
        #expect(first.events.map(\.id) == ["x", "y"])
        #expect(first.extras["json"] == .object([OpaqueMember("note", .string("mine"))]))
        #expect(first.extras["ics"] == .string("PRODID"))
        #expect(first.extras.sortedNames == ["ics", "json"])
    }

    @Test func itemKindsOrderRecipesFirst() {
        #expect(ItemKind.recipe < ItemKind.event)
        #expect(ItemKind.allCases.map(\.plural) == ["recipes", "events"])
        #expect(Item.event(Event(id: "e", title: "Party")).title == "Party")
    }
}
