/// One line of a recipe's ingredient list: `1 1/2 cups flour, sifted`.
public struct Ingredient: Hashable, Sendable, Codable {
    /// The amount as a number (1.5 for `1 1/2`), when the source gave one.
    public var amount: Double?
    /// The unit, such as `cups`.
    public var unit: String?
    /// What the ingredient is, such as `flour`.
    public var name: String
    /// A remark such as `sifted`.
    public var note: String?
    /// A link to another recipe (its id or URL) that makes this ingredient.
    public var link: String?
    /// Whether the amount stays as it is when the recipe is scaled (a pinch of salt,
    /// one bay leaf; Cooklang writes such a quantity with a leading `=`).
    public var fixed: Bool
    /// What the source said that the model has no field for.
    public var extras: Extras

    public init(amount: Double? = nil, unit: String? = nil, name: String, note: String? = nil, link: String? = nil, fixed: Bool = false, extras: Extras = Extras()) {
        self.amount = amount
        self.unit = unit
        self.name = name
        self.note = note
        self.link = link
        self.fixed = fixed
        self.extras = extras
    }
}
