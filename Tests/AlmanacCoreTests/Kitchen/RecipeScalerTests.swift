import AlmanacCore
import Testing

@Suite struct RecipeScalerTests {
    /// Serves 6 (and makes 1 pot): ungrouped ingredients, a group with a group inside, a fixed
    /// ingredient, one without an amount.
    static let chili = Recipe(
        id: "chili", title: "Camp Chili",
        yields: [Yield(amount: 6, unit: "servings"), Yield(amount: 1, unit: "pot"), Yield(unit: "a crowd")],
        ingredients: [
            Ingredient(amount: 1.5, unit: "lb", name: "ground beef"),
            Ingredient(amount: 1, name: "bay leaf", fixed: true),
            Ingredient(unit: "pinch", name: "salt"),
            Ingredient(name: "cilantro", note: "to serve"),
        ],
        ingredientGroups: [IngredientGroup(
            title: "Beans", ingredients: [Ingredient(amount: 0.75, unit: "cup", name: "kidney beans", note: "drained")],
            ingredientGroups: [IngredientGroup(title: "Spices", ingredients: [
                Ingredient(amount: 0.125, unit: "tsp", name: "cayenne"),
                Ingredient(amount: 2, unit: "tbsp", name: "chili powder", fixed: true),
            ])]
        )],
        directions: ["Brown the beef.", "Simmer for 1 1/2 hours."],
        tags: ["camping"]
    )

    static func amounts(_ recipe: Recipe) -> [Double?] {
        recipe.allIngredients.map(\.amount)
    }

    @Test func aFactorScalesEveryAmountAndYieldButFixedOnes() throws {
        let doubled = try RecipeScaler.scale(Self.chili, by: 2)
        #expect(doubled.yields == [Yield(amount: 12, unit: "servings"), Yield(amount: 2, unit: "pot"), Yield(unit: "a crowd")])
        #expect(Self.amounts(doubled) == [3, 1, nil, nil, 1.5, 0.25, 2])
        // Everything but the amounts is as it was.
        var unscaled = doubled
        unscaled.yields = Self.chili.yields
        unscaled.ingredients = Self.chili.ingredients
        unscaled.ingredientGroups = Self.chili.ingredientGroups
        #expect(unscaled == Self.chili)
        #expect(doubled.allIngredients.map(\.name) == Self.chili.allIngredients.map(\.name))
        #expect(doubled.allIngredients.map(\.unit) == Self.chili.allIngredients.map(\.unit))
        #expect(doubled.allIngredients.map(\.fixed) == Self.chili.allIngredients.map(\.fixed))
    }

    @Test func aThirdGivesExactFractions() throws {
        let third = try RecipeScaler.scale(Self.chili, by: 1.0 / 3)
        #expect(third.yields[0].amount == 2)
        #expect(third.yields[1].amount == 1.0 / 3)
        #expect(Self.amounts(third) == [0.5, 1, nil, nil, 0.25, 0.04166666667, 2])
    }

    @Test func aFactorOfOneChangesNothing() throws {
        #expect(try RecipeScaler.scale(Self.chili, by: 1) == Self.chili)
    }

    @Test func theYieldInItsUnitSetsTheFactor() throws {
        let party = try RecipeScaler.scale(Self.chili, toYield: Yield(amount: 8, unit: "servings"))
        #expect(party.yields[0] == Yield(amount: 8, unit: "servings"))
        #expect(party.yields[1].amount == 1 + 1.0 / 3)
        #expect(Self.amounts(party) == [2, 1, nil, nil, 1, 0.1666666667, 2])
        #expect(try RecipeScaler.factor(toYield: Yield(amount: 8, unit: "servings"), of: Self.chili) == 8.0 / 6)
        let pots = try RecipeScaler.scale(Self.chili, toYield: Yield(amount: 3, unit: "pot"))
        #expect(pots.yields.map(\.amount) == [18, 3, nil])
    }

    @Test("the unit is found ignoring case, singular and plural alike", arguments: ["serving", "Servings", "SERVING", "servings"])
    func unitSpellings(unit: String) throws {
        #expect(try RecipeScaler.factor(toYield: Yield(amount: 3, unit: unit), of: Self.chili) == 0.5)
        #expect(try RecipeScaler.factor(toYield: Yield(amount: 3, unit: unit.uppercased() == unit ? "POTS" : "pots"), of: Self.chili) == 3)
    }

    @Test func aUnitAsWrittenWinsOverAnotherSpelling() throws {
        let recipe = Recipe(id: "r", title: "R", yields: [Yield(amount: 2, unit: "Servings"), Yield(amount: 4, unit: "servings")])
        #expect(try RecipeScaler.factor(toYield: Yield(amount: 8, unit: "servings"), of: recipe) == 2)
        #expect(try RecipeScaler.factor(toYield: Yield(amount: 8, unit: "serving"), of: recipe) == 4, "else the first that matches")
    }

    @Test func aBareNumberIsTheYieldWithoutUnitElseTimesTheRecipe() throws {
        let bare = Recipe(id: "b", title: "B", yields: [Yield(amount: 4, unit: "servings"), Yield(amount: 5)])
        #expect(try RecipeScaler.factor(toYield: Yield(amount: 10), of: bare) == 2)
        #expect(try RecipeScaler.factor(toYield: Yield(amount: 3), of: Self.chili) == 3)
        #expect(try RecipeScaler.scale(Self.chili, toYield: Yield(amount: 3)).yields[0].amount == 18)
    }

    @Test func noYieldInTheUnitIsAnErrorNamingTheRecipe() {
        #expect(throws: RecipeScalingError.noMatchingYield(recipeID: "chili", recipeTitle: "Camp Chili", unit: "slices", available: ["6 servings", "1 pot", "a crowd"])) {
            try RecipeScaler.scale(Self.chili, toYield: Yield(amount: 8, unit: "slices"))
        }
        let error = RecipeScalingError.noMatchingYield(recipeID: "chili", recipeTitle: "Camp Chili", unit: "slices", available: ["6 servings", "1 pot"])
        #expect(error.description == "recipe 'Camp Chili' (chili) has no yield in 'slices'; its yields are '6 servings', '1 pot'")
        #expect(throws: RecipeScalingError.noMatchingYield(recipeID: "x", recipeTitle: "", unit: "cups", available: [])) {
            try RecipeScaler.scale(Recipe(id: "x", title: ""), toYield: Yield(amount: 1, unit: "cups"))
        }
        #expect(RecipeScalingError.noMatchingYield(recipeID: "x", recipeTitle: "", unit: "cups", available: []).description
            == "recipe 'x' has no yield in 'cups'; it has no yields")
    }

    @Test func aMatchingYieldWithoutAmountIsAnError() {
        #expect(throws: RecipeScalingError.yieldWithoutAmount(recipeID: "chili", recipeTitle: "Camp Chili", unit: "a crowd")) {
            try RecipeScaler.scale(Self.chili, toYield: Yield(amount: 2, unit: "a crowd"))
        }
        let zero = Recipe(id: "z", title: "Z", yields: [Yield(amount: 0, unit: "cups")])
        #expect(throws: RecipeScalingError.yieldWithoutAmount(recipeID: "z", recipeTitle: "Z", unit: "cups")) {
            try RecipeScaler.scale(zero, toYield: Yield(amount: 2, unit: "cups"))
        }
    }

    @Test("a factor must be positive and finite", arguments: [0, -2, Double.infinity, Double.nan])
    func badFactors(factor: Double) {
        #expect(throws: RecipeScalingError.self) { try RecipeScaler.scale(Self.chili, by: factor) }
    }

    @Test func aTargetMustHaveAPositiveAmount() {
        #expect(throws: RecipeScalingError.invalidTarget(Yield(unit: "servings"))) {
            try RecipeScaler.scale(Self.chili, toYield: Yield(unit: "servings"))
        }
        #expect(throws: RecipeScalingError.invalidTarget(Yield(amount: -1, unit: "servings"))) {
            try RecipeScaler.scale(Self.chili, toYield: Yield(amount: -1, unit: "servings"))
        }
    }

    @Test func yieldsAndFactorsReadAsCooksWriteThem() {
        #expect(RecipeScaler.parseYield("8 servings") == Yield(amount: 8, unit: "servings"))
        #expect(RecipeScaler.parseYield(" 1 1/2  large loaves ") == Yield(amount: 1.5, unit: "large loaves"))
        #expect(RecipeScaler.parseYield("½ cup") == Yield(amount: 0.5, unit: "cup"))
        #expect(RecipeScaler.parseYield("8") == Yield(amount: 8))
        #expect(RecipeScaler.parseYield("2,4 cups") == Yield(amount: 2.4, unit: "cups"))
        #expect(RecipeScaler.parseYield(",5 l") == Yield(amount: 0.5, unit: "l"))
        #expect(RecipeScaler.parseYield("2, 4 cups") == Yield(amount: 2, unit: ", 4 cups"), "a comma with no digit after it is not a decimal one")
        #expect(RecipeScaler.parseYield("servings") == nil)
        #expect(RecipeScaler.parseYield("") == nil)
        #expect(RecipeScaler.parseFactor("2") == 2)
        #expect(RecipeScaler.parseFactor("1/3") == 1.0 / 3)
        #expect(RecipeScaler.parseFactor("1 1/2") == 1.5)
        #expect(RecipeScaler.parseFactor(".5") == 0.5)
        #expect(RecipeScaler.parseFactor("1,5") == 1.5)
        #expect(RecipeScaler.parseFactor("2x") == nil)
        #expect(RecipeScaler.parseFactor("two") == nil)
    }
}
