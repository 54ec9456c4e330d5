/// How much a recipe makes: an amount and a unit, such as 4 servings or 1 loaf.
public struct Yield: Hashable, Sendable, Codable {
    /// The amount, when the source gave one.
    public var amount: Double?
    /// The unit, such as `servings`; `nil` when the source gave a bare number.
    public var unit: String?

    public init(amount: Double? = nil, unit: String? = nil) {
        self.amount = amount
        self.unit = unit
    }
}
