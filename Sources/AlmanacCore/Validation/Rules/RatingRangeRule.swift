/// `rating-range`: flags a recipe rated below 0 or above 5 stars.
///
/// It reads recipes only, never an event's times (``ignoresTimes``).
public struct RatingRangeRule: ItemRule {
    public var id: String { "rating-range" }
    public var defaultSeverity: Diagnostic.Severity { .error }
    public var summary: String { "A recipe's rating is from 0 to 5." }

    public var ignoresTimes: Bool { true }

    public init() {}

    public func findings(in located: LocatedItem, settings: ValidationSettings, instants: inout InstantReader) -> [Finding] {
        guard case .recipe(let recipe) = located.item, let rating = recipe.rating, !(0...5).contains(rating) else { return [] }
        return [Finding(itemIndex: 0, message: "the rating \(rating) is not from 0 to 5")]
    }
}
