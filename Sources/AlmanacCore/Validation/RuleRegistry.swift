/// The list of validation rules, by id.
public struct RuleRegistry: Sendable {
    public let rules: [any ValidationRule]

    public init(_ rules: [any ValidationRule]) {
        var seen: Set<String> = []
        for rule in rules { precondition(seen.insert(rule.id).inserted, "rule \(rule.id) is registered twice") }
        self.rules = rules
    }

    /// The rule with this id.
    public func rule(_ id: String) -> (any ValidationRule)? {
        rules.first { $0.id == id }
    }

    /// The rules almanac ships with.
    public static let builtin = RuleRegistry([
        TitleRequiredRule(),
        DateRangeRule(),
        EndAfterStartRule(),
        RatingRangeRule(),
        DurationsNonNegativeRule(),
        UniqueIDsRule(),
        ModifiedAfterAddedRule(),
        ColorRangeRule(),
    ])
}
