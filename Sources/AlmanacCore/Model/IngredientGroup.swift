/// A titled group of ingredients, such as "For the dough"; groups nest.
public struct IngredientGroup: Hashable, Sendable, Codable {
    public var title: String
    public var ingredients: [Ingredient]
    /// Groups inside this one.
    public var ingredientGroups: [IngredientGroup]

    public init(title: String, ingredients: [Ingredient] = [], ingredientGroups: [IngredientGroup] = []) {
        self.title = title
        self.ingredients = ingredients
        self.ingredientGroups = ingredientGroups
    }

    /// Every ingredient in this group and the groups inside it, depth first.
    public var allIngredients: [Ingredient] {
        ingredients + ingredientGroups.flatMap(\.allIngredients)
    }
}
