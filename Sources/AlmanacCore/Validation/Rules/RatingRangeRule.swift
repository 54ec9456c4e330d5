/// `rating-range`: flags a recipe rated below 0 or above 5 stars.
///
/// It reads recipes only, never an event's times (``ignoresTimes``).
public struct RatingRangeRule: ValidationRule {
    public let id = "rating-range"
    public let defaultSeverity = Diagnostic.Severity.error
    public let summary = "A recipe's rating is from 0 to 5."

    public let ignoresTimes = true

    public init() {}

    public func check(_ items: [LocatedItem], settings: ValidationSettings) -> [Finding] {
        items.enumerated().compactMap { index, located in
            guard case .recipe(let recipe) = located.item, let rating = recipe.rating, !(0...5).contains(rating) else { return nil }
            return Finding(itemIndex: index, message: "the rating \(rating) is not from 0 to 5")
        }
    }
}
