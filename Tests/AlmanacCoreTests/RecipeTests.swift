import AlmanacCore
import Testing

@Suite struct RecipeTests {
    @Test func emptyRecipeIsNewAndBlank() {
        let recipe = Recipe.empty(id: "fixed")
        #expect(recipe.id == "fixed")
        #expect(recipe.title == "")
        #expect(recipe.isNew)
        #expect(recipe.ingredients.isEmpty && recipe.directions.isEmpty && recipe.yields.isEmpty)
        #expect(!recipe.isFavorite)
        #expect(recipe.extras.isEmpty)
    }

    @Test func emptyRecipesGetFreshUUIDs() {
        let first = Recipe.empty()
        let second = Recipe.empty()
        #expect(first.id != second.id)
        #expect(first.id.count == 36)
        #expect(first.id.filter { $0 == "-" }.count == 4)
    }

    @Test func aSavedRecipeIsNotNew() throws {
        var recipe = Recipe.empty()
        recipe.dateAdded = .date(try #require(CivilDate(year: 2026, month: 1, day: 2)))
        #expect(!recipe.isNew)
        recipe.dateAdded = nil
        recipe.dateModified = .date(try #require(CivilDate(year: 2026, month: 1, day: 2)))
        #expect(recipe.isNew, "only dateAdded says whether it was saved")
    }

    @Test func allIngredientsListUngroupedFirstThenGroupsDepthFirst() {
        let recipe = Recipe(
            id: "r", title: "Pie",
            ingredients: [Ingredient(name: "salt")],
            ingredientGroups: [
                IngredientGroup(
                    title: "Crust", ingredients: [Ingredient(name: "flour")],
                    ingredientGroups: [IngredientGroup(title: "Glaze", ingredients: [Ingredient(name: "egg")])]
                ),
                IngredientGroup(title: "Filling", ingredients: [Ingredient(name: "apples")]),
            ]
        )
        #expect(recipe.allIngredients.map(\.name) == ["salt", "flour", "egg", "apples"])
    }

    @Test func allDirectionsListUngroupedFirstThenEachSection() {
        let recipe = Recipe(
            id: "r", title: "Pie", directions: ["Preheat."],
            directionGroups: [DirectionGroup(title: "Crust", directions: ["Mix.", "Roll."]), DirectionGroup(title: "Bake", directions: ["Bake."])]
        )
        #expect(recipe.allDirections == ["Preheat.", "Mix.", "Roll.", "Bake."])
    }
}
