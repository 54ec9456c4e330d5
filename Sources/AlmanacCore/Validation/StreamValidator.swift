/// Validates a stream item by item with flat memory: every rule runs on each item on its
/// own, and `unique-ids` also compares each item's identity with those of the items before
/// it, kept as 64-bit hashes with the line of the first item (a few bytes an item, not the
/// items). Two different ids colliding in 64 bits, and so reported as one, is a chance
/// of about one in 10¹³ for a million items.
public struct StreamValidator {
    public let validator: Validator
    /// `unique-ids` when it is enabled, with its severity.
    private let uniqueIDs: (rule: any ValidationRule, severity: Diagnostic.Severity)?
    /// A hash of each identity seen, with the input and line of the first item that had it.
    private var seen: [Int: (source: Int32, line: Int32)] = [:]
    private var sources: [String] = []

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
        let identity = located.item.identity
        let key = identity.hashValue
        if let first = seen[key] {
            let place = sourceName(first.source).map { $0 == located.source ? "line \(first.line)" : "\($0):\(first.line)" } ?? "line \(first.line)"
            let message = "\(Validator.name(of: located.item)): the id \(identity) is already used by an earlier item (\(first.line > 0 ? place : "earlier in the input"))"
            found.append(Diagnostic(uniqueIDs.severity, message, source: located.source, position: located.position, code: uniqueIDs.rule.id, item: ItemReference(located.item)))
        } else {
            seen[key] = (sourceIndex(located.source), Int32(clamping: located.position?.line ?? 0))
        }
        return found
    }

    private mutating func sourceIndex(_ source: String?) -> Int32 {
        guard let source else { return -1 }
        if sources.last == source { return Int32(sources.count - 1) }
        if let index = sources.firstIndex(of: source) { return Int32(index) }
        sources.append(source)
        return Int32(sources.count - 1)
    }

    private func sourceName(_ index: Int32) -> String? {
        index >= 0 && Int(index) < sources.count ? sources[Int(index)] : nil
    }
}
