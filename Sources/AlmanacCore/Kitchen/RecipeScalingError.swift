/// Why a recipe cannot be scaled as asked.
public enum RecipeScalingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The factor is not a positive finite number.
    case invalidFactor(Double)
    /// The target yield has no amount, or one that is not a positive finite number.
    case invalidTarget(Yield)
    /// The recipe has no yield in the target's unit. `available` lists the recipe's yields
    /// as text (`6 servings`), to say what would work.
    case noMatchingYield(recipeID: String, recipeTitle: String, unit: String, available: [String])
    /// The recipe's yield in the target's unit has no amount (or zero) to scale from.
    case yieldWithoutAmount(recipeID: String, recipeTitle: String, unit: String?)

    public var description: String {
        switch self {
        case .invalidFactor(let factor):
            return "the factor must be a positive number, not \(AmountParser.format(factor))"
        case .invalidTarget(let target):
            return "the yield to scale to must be a positive amount, such as '8 servings', not '\(Self.text(target))'"
        case let .noMatchingYield(id, title, unit, available):
            let yields = available.isEmpty ? "it has no yields" : "its yields are " + available.map { "'\($0)'" }.joined(separator: ", ")
            return "recipe \(Self.name(id, title)) has no yield in '\(unit)'; \(yields)"
        case let .yieldWithoutAmount(id, title, unit):
            return "recipe \(Self.name(id, title)) has no positive amount in its yield '\(unit ?? "")' to scale from"
        }
    }

    /// `'Camp Chili' (chili)`, or the id alone when the recipe has no title.
    private static func name(_ id: String, _ title: String) -> String {
        title.isEmpty ? "'\(id)'" : "'\(title)' (\(id))"
    }

    /// A yield as a cook writes it: `6 servings`, `1 1/2 loaves`.
    static func text(_ yield: Yield) -> String {
        [yield.amount.map(AmountParser.format), yield.unit].compactMap { $0 }.joined(separator: " ")
    }
}
