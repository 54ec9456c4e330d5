/// One line of a shopping list: a total, what to buy, and the recipes that want it,
/// written `450 g flour (Bread, Pancakes)`.
public struct ShoppingLine: Hashable, Sendable {
    /// A recipe that wants this line, and how many of its servings in the list do.
    public struct Use: Hashable, Sendable {
        /// The recipe's id.
        public var recipeID: String
        /// The recipe's title (its id when it has none).
        public var title: String
        /// How many times the list holds the recipe (a recipe served at two meals: 2).
        public var servings: Int

        public init(recipeID: String, title: String, servings: Int = 1) {
            self.recipeID = recipeID
            self.title = title
            self.servings = servings
        }

        /// `Camp Chili`, or `Camp Chili ×2` for two servings.
        public var text: String {
            servings > 1 ? "\(title) ×\(servings)" : title
        }
    }

    /// The total, in ``unit``; `nil` for an ingredient the recipes give no amount for.
    public var amount: Double?
    /// The total as written: `1 1/2`, `1.5`.
    public var amountText: String?
    /// The unit as written (`cups`, `kg`, `cans`), or `nil` for a count or no amount.
    public var unit: String?
    /// What to buy, as the first recipe wanting it wrote it (made plural for a count above one).
    public var name: String
    /// The recipes that want it, in the order of the list's recipes.
    public var uses: [Use]
    /// What tells this line from the others of its list whatever the amounts: the
    /// ingredient's ``IngredientName/key(_:)`` and the kind of measure.
    public var key: String

    public init(amount: Double?, amountText: String?, unit: String?, name: String, uses: [Use], key: String) {
        self.amount = amount
        self.amountText = amountText
        self.unit = unit
        self.name = name
        self.uses = uses
        self.key = key
    }

    /// `450 g flour (Bread, Pancakes)`, `3 onions (Camp Chili ×2)`, `salt (Camp Chili)`.
    public var text: String {
        let what = [amountText, unit, name.isEmpty ? nil : name].compactMap { $0 }.joined(separator: " ")
        guard !uses.isEmpty else { return what }
        return what + " (" + uses.map(\.text).joined(separator: ", ") + ")"
    }
}
