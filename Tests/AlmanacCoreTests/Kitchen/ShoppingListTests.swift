import AlmanacCore
import Testing

private func recipe(_ id: String, _ title: String, _ ingredients: [Ingredient], groups: [IngredientGroup] = []) -> Recipe {
    Recipe(id: id, title: title, ingredients: ingredients, ingredientGroups: groups)
}

private func item(_ amount: Double?, _ unit: String?, _ name: String, note: String? = nil) -> Ingredient {
    Ingredient(amount: amount, unit: unit, name: name, note: note)
}

@Suite struct ShoppingListTests {
    static let bread = recipe("bread", "Bread", [item(250, "g", "flour"), item(1, nil, "egg"), item(1, "tsp", "salt"), item(2, "cups", "milk")])
    static let pancakes = recipe("pancakes", "Pancakes", [
        item(200, "grams", "Flour"), item(2, nil, "eggs"), item(1, "cup", "milk"), item(nil, nil, "salt", note: "a pinch"),
        item(1.5, "cups", "flour"),
    ])

    @Test func theSameIngredientIsSummedAndNamesItsRecipes() {
        let list = ShoppingList(recipes: [Self.bread, Self.pancakes])
        #expect(list.lines.map(\.text) == [
            "450 g flour (Bread, Pancakes)",
            "1 1/2 cups flour (Pancakes)",
            "3 eggs (Bread, Pancakes)",
            "1 tsp salt (Bread)",
            "salt (Pancakes)",
            "3 cups milk (Bread, Pancakes)",
        ])
        #expect(list.recipes.map(\.text) == ["Bread", "Pancakes"])
    }

    @Test func linesKeepTheirParts() throws {
        let list = ShoppingList(recipes: [Self.bread, Self.pancakes])
        let flour = try #require(list.lines.first)
        #expect(flour.amount == 450)
        #expect(flour.amountText == "450")
        #expect(flour.unit == "g")
        #expect(flour.name == "flour", "the first recipe's spelling")
        #expect(flour.uses.map(\.recipeID) == ["bread", "pancakes"])
        let salt = try #require(list.lines.first { $0.text == "salt (Pancakes)" })
        #expect(salt.amount == nil && salt.amountText == nil && salt.unit == nil)
        #expect(Set(list.lines.map(\.key)).count == list.lines.count, "each line has its own key")
    }

    @Test func aRecipeGivenTwiceCountsTwice() {
        let list = ShoppingList(recipes: [Self.bread, Self.bread])
        #expect(list.lines.map(\.text) == [
            "500 g flour (Bread ×2)", "2 eggs (Bread ×2)", "2 tsp salt (Bread ×2)", "4 cups milk (Bread ×2)",
        ])
        #expect(list.recipes == [ShoppingLine.Use(recipeID: "bread", title: "Bread", servings: 2)])
    }

    @Test func groupsAreIncludedAndAnIngredientTwiceInARecipeIsOneUse() {
        let pie = recipe("pie", "Pie", [item(1, "tbsp", "butter")], groups: [
            IngredientGroup(title: "Crust", ingredients: [item(0.5, "cup", "butter"), item(125, "g", "flour")],
                            ingredientGroups: [IngredientGroup(title: "Glaze", ingredients: [item(1, nil, "egg yolk")])]),
        ])
        let list = ShoppingList(recipes: [pie])
        #expect(list.lines.map(\.text) == ["9 tbsp butter (Pie)", "125 g flour (Pie)", "1 egg yolk (Pie)"])
    }

    @Test func namesMeetInAnyCaseAndNumber() {
        let one = recipe("a", "A", [item(2, nil, "Tomatoes"), item(1, "cup", "blueberries"), item(1, nil, "onion")])
        let two = recipe("b", "B", [item(1, nil, "tomato"), item(0.5, "cup", "Blueberry"), item(1, nil, "Onion")])
        let list = ShoppingList(recipes: [one, two])
        #expect(list.lines.map(\.text) == ["3 Tomatoes (A, B)", "1 1/2 cups blueberries (A, B)", "2 onions (A, B)"])
    }

    @Test func unitsThatDoNotConvertStayApart() {
        let one = recipe("a", "A", [item(1, "can", "tomatoes"), item(100, "g", "butter"), item(1, "clove", "garlic")])
        let two = recipe("b", "B", [item(400, "g", "tomatoes"), item(1, "tbsp", "butter"), item(2, "cloves", "garlic"), item(1, "can", "tomatoes")])
        let list = ShoppingList(recipes: [one, two])
        #expect(list.lines.map(\.text) == [
            "2 cans tomatoes (A, B)", "400 g tomatoes (B)",
            "100 g butter (A)", "1 tbsp butter (B)",
            "3 cloves garlic (A, B)",
        ])
    }

    @Test func unitsAreReadInAnySpelling() {
        let one = recipe("a", "A", [item(2, "Tbsp", "oil"), item(1, "kg", "potatoes"), item(1, "L", "stock")])
        let two = recipe("b", "B", [item(2, "tablespoons", "oil"), item(500, "grams", "potato"), item(250, "mL", "stock")])
        let list = ShoppingList(recipes: [one, two])
        #expect(list.lines.map(\.text) == ["4 tbsp oil (A, B)", "1.5 kg potatoes (A, B)", "1.25 l stock (A, B)"], "Tbsp and tablespoons are one unit, kept")
    }

    @Test func blankIngredientsAreSkippedAndUnnamedAmountsKept() {
        let odd = recipe("odd", "", [item(nil, nil, "  "), item(2, "cups", ""), item(nil, "cup", "sugar")])
        let list = ShoppingList(recipes: [odd])
        #expect(list.lines.map(\.text) == ["2 cups (odd)", "sugar (odd)"], "a recipe without a title is named by its id")
    }

    @Test func theEventHoldsALineATask() throws {
        let list = ShoppingList(recipes: [Self.bread, Self.pancakes])
        let day = CalendarTime.date(try #require(CivilDate(year: 2026, month: 12, day: 5)))
        let event = list.event(start: day)
        #expect(event.title == ShoppingList.defaultTitle)
        #expect(event.start == day)
        #expect(event.tasks.map(\.text) == list.lines.map(\.text))
        #expect(event.tasks.allSatisfy { !$0.isCompleted })
        #expect(Set(event.tasks.map(\.id)).count == event.tasks.count)
        #expect(event.notes == "Shopping for Bread, Pancakes.")
        #expect(event.recipes.isEmpty, "the list is no meal")
        // The same list of the same day keeps its ids; another day or title gets others.
        #expect(list.event(start: day).id == event.id)
        #expect(list.event(start: day).tasks.map(\.id) == event.tasks.map(\.id))
        let nextDay = CalendarTime.date(try #require(CivilDate(year: 2026, month: 12, day: 6)))
        #expect(list.event(start: nextDay).id != event.id)
        #expect(list.event(title: "Groceries", start: day).id != event.id)
        #expect(list.event(id: "mine", title: "Groceries", start: day).id == "mine")
        // A task keeps its id when the amount changes (a recipe served twice).
        let twice = ShoppingList(recipes: [Self.bread, Self.pancakes, Self.bread]).event(start: day)
        #expect(twice.tasks.first?.id == event.tasks.first?.id)
        #expect(twice.tasks.first?.text == "700 g flour (Bread ×2, Pancakes)")
    }

    @Test func noRecipesMakeAnEmptyList() {
        #expect(ShoppingList(recipes: []).lines.isEmpty)
    }

    @Test func manyRecipesSharingALineAreOneLine() {
        let recipes = (0..<2_000).map { recipe("r\($0)", "R\($0)", [item(1, "tsp", "salt"), item(1, nil, "egg")]) }
        let list = ShoppingList(recipes: recipes)
        #expect(list.lines.count == 2)
        #expect(list.lines[0].amountText == "2000" && list.lines[0].unit == "tsp")
        #expect(list.lines[1].text.hasPrefix("2000 eggs (R0, R1, "))
        #expect(list.lines[1].uses.count == 2_000)
    }
}
