import AlmanacCore
import AlmanacTestSupport
import Foundation
import Testing
@testable import AlmanacCLI

@Suite struct ScaleVerbTests {
    static let soup = Recipe(
        id: "soup", title: "Tomato Soup", yields: [Yield(amount: 4, unit: "servings")],
        ingredients: [Ingredient(amount: 0.5, unit: "cup", name: "cream"), Ingredient(amount: 1, name: "bay leaf", fixed: true)],
        ingredientGroups: [IngredientGroup(title: "Base", ingredients: [Ingredient(amount: 800, unit: "g", name: "tomatoes")])]
    )

    func scaled(_ arguments: [String], _ items: [Item]) throws -> [Item] {
        try VerbRun.apply(ScaleVerb(), arguments, to: items)
    }

    @Test func aFactorScalesRecipesAndPassesEvents() throws {
        let event = VerbRun.event("dinner", "Dinner", start: "2026-12-24T18:00:00Z")
        let result = try scaled(["--factor", "1 1/2"], [.recipe(Self.soup), event])
        guard case .recipe(let recipe) = result[0] else { Issue.record("not a recipe"); return }
        #expect(recipe.yields == [Yield(amount: 6, unit: "servings")])
        #expect(recipe.allIngredients.map(\.amount) == [0.75, 1, 1200])
        #expect(result[1] == event)
    }

    @Test func aYieldScalesByTheRatio() throws {
        let result = try scaled(["--yield", "6 Servings"], [.recipe(Self.soup)])
        #expect(result == [.recipe(try RecipeScaler.scale(Self.soup, by: 1.5))])
    }

    @Test func scaledRecipesReplaceTheirsInTheRecipeBook() throws {
        let meal = Item.event(Event(id: "meal", title: "Soup night", recipes: ["soup"]))
        var state = PipelineState(items: [LocatedItem(.recipe(Self.soup)), LocatedItem(meal)], documentExtras: Extras())
        state.recipeBook = [Self.soup, Recipe(id: "other", title: "Other", yields: [Yield(amount: 1, unit: "servings")])]
        try VerbRun.step(ScaleVerb(), ["--factor", "2"]).apply(to: &state)
        #expect(state.recipeBook.map(\.yields) == [[Yield(amount: 8, unit: "servings")], [Yield(amount: 1, unit: "servings")]])
        state.items.removeFirst()
        #expect(state.document.referencedRecipes.first?.ingredients.first?.amount == 1)
    }

    @Test("bad arguments are usage errors", arguments: [
        [], ["--factor", "2", "--yield", "8 servings"], ["--factor", "two"], ["--factor", "0"], ["--factor", "-2"],
        ["--factor", "2 servings"], ["--yield", "servings"], ["--yield", "0 servings"], ["--factor", "2", "extra"],
    ])
    func badArguments(arguments: [String]) {
        #expect(throws: UsageError.self) { try VerbRun.step(ScaleVerb(), arguments) }
    }

    @Test func aRecipeWithoutTheYieldIsAUsageErrorNamingIt() throws {
        let bread = Recipe(id: "bread", title: "Bread", yields: [Yield(amount: 1, unit: "loaf")])
        do {
            _ = try scaled(["--yield", "8 servings"], [.recipe(Self.soup), .recipe(bread)])
            Issue.record("no error")
        } catch let error as UsageError {
            #expect(error.message == "scale: recipe 'Bread' (bread) has no yield in 'servings'; its yields are '1 loaf'")
            #expect(error.command == "convert")
            #expect(error.hint != nil)
        }
    }
}
