import AlmanacCore
import Testing
@testable import AlmanacCooklang

/// Ingredients marked up where the steps name them.
@Suite struct CooklangStepMarkupTests {
    @Test func namesAreFoundInOrderAsWholeWords() {
        var markup = CooklangStepMarkup(steps: ["Melt the butter, then add unsalted flour.", "Add the flour and salt."])
        let listed = markup.place([Ingredient(amount: 30, unit: "g", name: "butter"), Ingredient(amount: 1, unit: "cup", name: "flour"),
                                   Ingredient(amount: 2, unit: "tbsp", name: "flour"), Ingredient(name: "salt", note: "to taste")])
        #expect(listed.isEmpty)
        #expect(markup.written() == ["Melt the @butter{30%g}, then add unsalted @flour{1%cup}.", "Add the @flour{2%tbsp} and @salt{}(to taste)."])
    }

    @Test func ingredientsUpToTheLastUnnamedOneAreListed() {
        var markup = CooklangStepMarkup(steps: ["Add the sugar, then the milk."])
        let listed = markup.place([Ingredient(name: "sugar"), Ingredient(name: "eggs"), Ingredient(name: "milk")])
        #expect(listed.map(\.name) == ["sugar", "eggs"])
        #expect(markup.written() == ["Add the sugar, then the @milk{}."])
    }

    @Test func aParenthesisAfterAnIngredientIsEscaped() {
        var markup = CooklangStepMarkup(steps: ["Add flour(sifted)."])
        _ = markup.place([Ingredient(name: "flour")])
        #expect(markup.written() == ["Add @flour{}\\(sifted)."])
    }

    @Test func markupOfLinksAndFixedAmounts() {
        #expect(CooklangStepMarkup.markup(Ingredient(amount: 1, unit: "pinch", name: "salt", fixed: true)) == "@salt{=1%pinch}")
        #expect(CooklangStepMarkup.markup(Ingredient(amount: 150, unit: "g", name: "Pesto", link: "./sauces/Pesto")) == "@./sauces/Pesto{150%g}")
        #expect(CooklangStepMarkup.markup(Ingredient(name: "Pesto", link: "pesto-id")) == "@Pesto{}")
        #expect(CooklangStepMarkup.markup(Ingredient(unit: "cup", name: "x")) == nil)
    }
}
