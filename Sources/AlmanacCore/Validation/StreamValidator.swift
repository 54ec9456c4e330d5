/// Validates a stream item by item with flat memory: every rule runs on each item on its
/// own, and `unique-ids` also compares each item's identity with those of the items before
/// it, kept as 64-bit hashes only (8 bytes an item: a million items take about 8 MB, where
/// the items themselves would take gigabytes). Two different ids colliding in 64 bits, and
/// so reported as one, is a chance of about one in 10¹³ for a million items.
///
/// The occurrences of a series (``validate(occurrenceOf:times:timesDecide:source:position:)``)
/// are checked without being made: the rules that ignore times ran once on the series
/// (``timesDecide(for:)``), the others look at each occurrence's times alone. Whatever
/// that cannot settle is checked whole, so the diagnostics are those of ``validate(_:)``.
public struct StreamValidator {
    public let validator: Validator
    /// `unique-ids` when it is enabled, with its severity.
    private let uniqueIDs: (rule: any ValidationRule, severity: Diagnostic.Severity)?
    /// A hash of each identity seen.
    private var seen: Set<Int> = []
    /// The enabled rules that read times, for occurrences.
    private let timeRules: [any ValidationRule]
    /// The enabled rules that ignore times, run once on a series.
    private let otherRules: [any ValidationRule]
    private var instants: InstantReader

    public init(_ validator: Validator) {
        self.validator = validator
        let rule = validator.registry.rules.first { $0.id == UniqueIDsRule().id }
        uniqueIDs = rule.flatMap { rule in
            validator.settings.disabled.contains(rule.id) ? nil : (rule, validator.settings.severity(of: rule))
        }
        let enabled = validator.registry.rules.filter { !validator.settings.disabled.contains($0.id) }
        timeRules = enabled.filter { !$0.ignoresTimes }
        otherRules = enabled.filter(\.ignoresTimes)
        instants = InstantReader(localZone: validator.settings.timeZone)
    }

    /// Makes room for the identities of `count` more items (the occurrences to come).
    public mutating func reserve(_ count: Int) {
        if uniqueIDs != nil { seen.reserveCapacity(seen.count + count) }
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

    /// Whether the occurrences of `base` (it, at other times) can be checked on their times
    /// alone: no enabled rule that ignores times finds anything in it, not even a warning.
    /// Asked once per series.
    public func timesDecide(for base: Event) -> Bool {
        let item = [LocatedItem(.event(base))]
        return otherRules.allSatisfy { $0.check(item, settings: validator.settings).isEmpty }
    }

    /// The diagnostics for the next item of the stream, `base` with `times` (an occurrence
    /// of a series): the same as ``validate(_:)`` gives for it. When `timesDecide` (what
    /// ``timesDecide(for:)`` said of `base`), the rules that read times look at `times` and
    /// `unique-ids` at the occurrence's identity, and only an occurrence one of them may
    /// find something in is made and checked whole.
    public mutating func validate(occurrenceOf base: Event, times: OccurrenceStream.Times, timesDecide: Bool, source: String?, position: SourcePosition?) -> [Diagnostic] {
        if timesDecide, acceptTimes(times) {
            guard uniqueIDs != nil else { return [] }
            // An identity seen before is left to validate(_:), which names it.
            if seen.insert(ItemIdentity(id: base.id, recurrenceID: times.recurrenceID).hashValue).inserted { return [] }
        }
        return validate(LocatedItem(.event(times.applied(to: base)), source: source, position: position))
    }

    /// Whether every enabled rule that reads times accepts these.
    private mutating func acceptTimes(_ times: OccurrenceStream.Times) -> Bool {
        for rule in timeRules where !rule.acceptsTimes(start: times.start, end: times.end, settings: validator.settings, instants: &instants) {
            return false
        }
        return true
    }
}
