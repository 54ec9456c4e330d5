/// Validates a stream item by item with flat memory: every rule runs on each item on its
/// own, and `unique-ids` also compares each item's identity with those of the items before
/// it, kept as 64-bit hashes only (8 bytes an item: a million items take about 8 MB, where
/// the items themselves would take gigabytes). Two different ids colliding in 64 bits, and
/// so reported as one, is a chance of about one in 10¹³ for a million items.
public struct StreamValidator {
    public let validator: Validator
    /// `unique-ids` when it is enabled, with its severity.
    private let uniqueIDs: (rule: any ValidationRule, severity: Diagnostic.Severity)?
    /// A hash of each identity seen.
    private var seen: Set<Int> = []

    public init(_ validator: Validator) {
        self.validator = validator
        let rule = validator.registry.rules.first { $0.id == UniqueIDsRule().id }
        uniqueIDs = rule.flatMap { rule in
            validator.settings.disabled.contains(rule.id) ? nil : (rule, validator.settings.severity(of: rule))
        }
    }

    /// The diagnostics for `located`, the next item of the stream.
    public mutating func validate(_ located: LocatedItem) -> [Diagnostic] {
        var found = validator.validate([located])
        guard let uniqueIDs else { return found }
        if !seen.insert(located.item.identityKey.hashValue).inserted {
            let message = "\(Validator.name(of: located.item)): the id \(located.item.identity) is already used by an earlier item (add 'then validate' to name it)"
            found.append(Diagnostic(uniqueIDs.severity, message, source: located.source, position: located.position, code: uniqueIDs.rule.id, item: ItemReference(located.item)))
        }
        return found
    }
}
