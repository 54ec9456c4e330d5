import AlmanacCore
import Testing

@Suite struct ShoppingLineTests {
    @Test func textShowsTheTotalTheNameAndTheRecipes() {
        let uses = [ShoppingLine.Use(recipeID: "b", title: "Bread"), ShoppingLine.Use(recipeID: "p", title: "Pancakes", servings: 3)]
        #expect(ShoppingLine(amount: 450, amountText: "450", unit: "g", name: "flour", uses: uses, key: "k").text == "450 g flour (Bread, Pancakes ×3)")
        #expect(ShoppingLine(amount: nil, amountText: nil, unit: nil, name: "salt", uses: [uses[0]], key: "k").text == "salt (Bread)")
        #expect(ShoppingLine(amount: 2, amountText: "2", unit: nil, name: "eggs", uses: [], key: "k").text == "2 eggs")
        #expect(ShoppingLine(amount: 2, amountText: "2", unit: "cups", name: "", uses: [uses[0]], key: "k").text == "2 cups (Bread)")
    }
}
