import AlmanacCore
import Testing
@testable import AlmanacCooklang

/// Sections, ingredients, cookware, timers and notes in the model.
@Suite struct CooklangRecipeMapperTests {
    static let text = """
    Boil @water{1%l} in a #pot{}.

    > Salt the water well.

    = Dough =

    Mix @flour{few%cups} and @water{=200%ml}, rest ~{10%minutes}.

    = Serving =

    > Warm plates.
    """

    @Test func sectionsBecomeDirectionAndIngredientGroups() throws {
        let recipe = try CooklangTesting.read(Self.text, title: "Pasta")
        #expect(recipe.directions == ["Boil water in a pot."])
        #expect(recipe.ingredients == [Ingredient(amount: 1, unit: "l", name: "water")])
        #expect(recipe.directionGroups == [DirectionGroup(title: "Dough", directions: ["Mix flour and water, rest 10 minutes."]), DirectionGroup(title: "Serving")])
        let dough = try #require(recipe.ingredientGroups.first)
        #expect(recipe.ingredientGroups.count == 1 && dough.title == "Dough")
        #expect(dough.ingredients[0].amount == nil && dough.ingredients[0].unit == "cups")
        #expect(dough.ingredients[0].extras["cooklang"] == .object([OpaqueMember("quantity", .string("few"))]))
        #expect(dough.ingredients[1] == Ingredient(amount: 200, unit: "ml", name: "water", fixed: true))
    }

    @Test func cookwareTimersAndNotesAreKeptInTheExtras() throws {
        let recipe = try CooklangTesting.read(Self.text, title: "Pasta")
        let kept = try #require(recipe.extras["cooklang"]?.members)
        #expect(kept.map(\.key) == ["cookware", "timers", "notes"])
        #expect(kept[0].value == .array([.object([OpaqueMember("step", .number("0")), OpaqueMember("name", .string("pot"))])]))
        #expect(kept[1].value == .array([.object([OpaqueMember("step", .number("1")), OpaqueMember("name", .string("")),
                                                  OpaqueMember("quantity", .string("10")), OpaqueMember("unit", .string("minutes"))])]))
        #expect(kept[2].value.elements?.count == 2)
        #expect(recipe.extras["cooklang-source"] == .string(Self.text))
    }

    @Test func theTitleOfAPath() {
        #expect(CooklangRecipeMapper.title(fromSource: "a/b/Hot Soup.cook") == "Hot Soup")
        #expect(CooklangRecipeMapper.title(fromSource: ".cook") == ".cook")
        #expect(CooklangRecipeMapper.title(fromSource: "<stdin>") == "")
    }
}
