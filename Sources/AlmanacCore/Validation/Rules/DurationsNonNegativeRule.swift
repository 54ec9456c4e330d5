/// `durations-non-negative`: flags a recipe whose prep, cook or total time is negative.
///
/// It reads recipes only, never an event's times (``ignoresTimes``).
public struct DurationsNonNegativeRule: ValidationRule {
    public let id = "durations-non-negative"
    public let defaultSeverity = Diagnostic.Severity.error
    public let summary = "A recipe's prep, cook and total times are not negative."

    public let ignoresTimes = true

    public init() {}

    public func check(_ items: [LocatedItem], settings: ValidationSettings) -> [Finding] {
        var findings: [Finding] = []
        for (index, located) in items.enumerated() {
            guard case .recipe(let recipe) = located.item else { continue }
            for (label, duration) in [("prepTime", recipe.prepTime), ("cookTime", recipe.cookTime), ("totalTime", recipe.totalTime)] {
                if let duration, duration.totalSeconds < 0 {
                    findings.append(Finding(itemIndex: index, message: "\(label) \(duration) is negative"))
                }
            }
        }
        return findings
    }
}
