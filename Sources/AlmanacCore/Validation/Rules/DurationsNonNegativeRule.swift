/// `durations-non-negative`: flags a recipe whose prep, cook or total time is negative.
///
/// It reads recipes only, never an event's times (``ignoresTimes``).
public struct DurationsNonNegativeRule: ItemRule {
    public var id: String { "durations-non-negative" }
    public var defaultSeverity: Diagnostic.Severity { .error }
    public var summary: String { "A recipe's prep, cook and total times are not negative." }

    public var ignoresTimes: Bool { true }

    public init() {}

    public func findings(in located: LocatedItem, settings: ValidationSettings, instants: inout InstantReader) -> [Finding] {
        guard case .recipe(let recipe) = located.item else { return [] }
        var findings: [Finding] = []
        Self.check("prepTime", recipe.prepTime, into: &findings)
        Self.check("cookTime", recipe.cookTime, into: &findings)
        Self.check("totalTime", recipe.totalTime, into: &findings)
        return findings
    }

    private static func check(_ label: String, _ duration: ISODuration?, into findings: inout [Finding]) {
        if let duration, duration.totalSeconds < 0 {
            findings.append(Finding(itemIndex: 0, message: "\(label) \(duration) is negative"))
        }
    }
}
