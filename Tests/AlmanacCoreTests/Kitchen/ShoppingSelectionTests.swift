import AlmanacCore
import Testing

@Suite struct ShoppingSelectionTests {
    static let chili = Recipe(id: "chili", title: "Chili")
    static let soup = Recipe(id: "soup", title: "Soup")
    static let cake = Recipe(id: "cake", title: "Cake")

    static func meal(_ id: String, _ recipes: [String], day: Int?) -> Item {
        .event(Event(id: id, title: "Meal \(id)", start: day.flatMap { CivilDate(year: 2026, month: 12, day: $0) }.map { .date($0) }, recipes: recipes))
    }

    @Test func withoutMealsEveryRecipeOfTheStream() {
        let items: [Item] = [.recipe(Self.chili), .event(Event(id: "party", title: "Party")), .recipe(Self.soup), .recipe(Self.chili)]
        let selection = ShoppingSelection(items: items, recipeBook: [Self.cake])
        #expect(!selection.fromMeals)
        #expect(selection.recipes.map(\.id) == ["chili", "soup", "chili"])
        #expect(selection.missing.isEmpty && selection.firstMealDay == nil)
    }

    @Test func withMealsTheirRecipesFromTheStreamOrTheBook() {
        let items: [Item] = [
            .recipe(Self.soup), Self.meal("m1", ["chili", "soup"], day: 9), .event(Event(id: "party", title: "Party")),
            Self.meal("m2", ["chili", "pizza"], day: 4), Self.meal("m3", ["cake"], day: nil),
        ]
        let selection = ShoppingSelection(items: items, recipeBook: [Self.chili, Self.cake, Recipe(id: "soup", title: "Old soup")])
        #expect(selection.fromMeals)
        #expect(selection.recipes.map(\.id) == ["chili", "soup", "chili", "cake"])
        #expect(selection.recipes[1].title == "Soup", "the stream's recipe wins over the book's")
        #expect(selection.missing == [ShoppingSelection.MissingRecipe(itemIndex: 3, recipeID: "pizza")])
        #expect(selection.firstMealDay == CivilDate(year: 2026, month: 12, day: 4))
    }

    @Test func aDocumentsReferencedRecipesAreTheBook() {
        let document = AlmanacDocument(events: [Event(id: "m", title: "Dinner", recipes: ["chili", "chili"])], referencedRecipes: [Self.chili])
        let selection = ShoppingSelection(document: document)
        #expect(selection.recipes.map(\.id) == ["chili", "chili"])
        #expect(selection.recipes.map(\.id) == document.events[0].recipes.compactMap { document.mealRecipe(id: $0)?.id })
    }
}
