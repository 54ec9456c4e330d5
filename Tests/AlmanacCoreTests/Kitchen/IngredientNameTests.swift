import AlmanacCore
import Testing

@Suite struct IngredientNameTests {
    @Test(arguments: [
        ("egg", "eggs"), ("Egg", "EGGS"), ("tomato", "tomatoes"), ("berry", "berries"), ("cherry tomato", "Cherry Tomatoes"),
        ("peach", "peaches"), ("radish", "radishes"), ("box", "boxes"), ("leaf", "leaves"), ("bay leaf", "bay leaves"),
        ("loaf", "loaves"), ("knife", "knives"), ("apple", "apples"), ("cookie", "cookies"), ("pie", "pies"),
        ("cheese", "cheeses"), ("grape", "grapes"), ("clove", "cloves"), ("olive", "olives"), ("anchovy", "anchovies"),
        ("glass", "glasses"), ("kiwi", "kiwis"), ("avocado", "avocados"), ("potato", "potatoes"), ("honey", "honeys"),
        ("Gruyère", "gruyere"), ("all-purpose  flour", "All-Purpose Flour"), ("quiche", "quiches"), ("banana", "bananas"),
    ])
    func singularAndPluralShareTheKey(singular: String, plural: String) {
        #expect(IngredientName.key(singular) == IngredientName.key(plural))
    }

    @Test(arguments: [
        ("flour", "sugar"), ("tart apples", "apples"), ("brown sugar", "sugar"), ("pea", "pear"), ("asparagus", "asparagu"),
        ("lime", "lemon"), ("hummus", "hummu"),
    ])
    func differentIngredientsHaveDifferentKeys(first: String, second: String) {
        #expect(IngredientName.key(first) != IngredientName.key(second))
    }

    @Test func wordsEndingInSsOrUsKeepTheirS() {
        #expect(IngredientName.key("asparagus") == "asparagus")
        #expect(IngredientName.key("watercress") == "watercress")
        #expect(IngredientName.key("couscous") == "couscous")
    }

    @Test(arguments: [
        ("onion", "onions"), ("egg", "eggs"), ("tomato", "tomatoes"), ("berry", "berries"), ("peach", "peaches"),
        ("box", "boxes"), ("bay leaf", "bay leaves"), ("day", "days"), ("cherry tomato", "cherry tomatoes"),
        ("eggs", "eggs"), ("bunch", "bunches"), ("wheel", "wheels"), ("7", "7"), ("", ""),
    ])
    func pluralsForCountsAboveOne(singular: String, plural: String) {
        #expect(IngredientName.plural(singular) == plural)
        if !singular.isEmpty { #expect(IngredientName.key(IngredientName.plural(singular)) == IngredientName.key(singular)) }
    }
}
