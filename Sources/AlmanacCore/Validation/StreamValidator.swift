/// Validates a stream item by item with flat memory: every rule runs on each item on its
/// own (``ValidationRule/findings(in:settings:instants:)``: a valid item costs no allocation), and `unique-ids` also compares each item's identity with those of the items before
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
    /// The enabled rules in the registry's order.
    private let enabled: [any ValidationRule]
    /// The severity of each of `enabled`.
    private let severities: [Diagnostic.Severity]
    /// The severity of `unique-ids` when it is enabled.
    private let uniqueIDs: Diagnostic.Severity?
    /// A hash of each identity seen (``identityHash(id:recurrenceID:)``).
    private var seen: Set<Int> = []
    /// The enabled rules that read times, for occurrences.
    private let timeRules: [any ValidationRule]
    /// The enabled rules that ignore times, run once on a series.
    private let otherRules: [any ValidationRule]
    private var instants: InstantReader

    /// The id of `unique-ids`, which this validator also applies across items.
    private static let uniqueIDsRule = UniqueIDsRule().id

    public init(_ validator: Validator) {
        self.validator = validator
        let enabled = validator.registry.rules.filter { !validator.settings.disabled.contains($0.id) }
        let severities = enabled.map(validator.settings.severity(of:))
        self.enabled = enabled
        self.severities = severities
        uniqueIDs = enabled.firstIndex { $0.id == Self.uniqueIDsRule }.map { severities[$0] }
        timeRules = enabled.filter { !$0.ignoresTimes }
        otherRules = enabled.filter(\.ignoresTimes)
        instants = InstantReader(localZone: validator.settings.timeZone)
    }

    /// Makes room for the identities of `count` more items (the occurrences to come).
    public mutating func reserve(_ count: Int) {
        if uniqueIDs != nil { seen.reserveCapacity(seen.count + count) }
    }

    /// The diagnostics for `located`, the next item of the stream: those
    /// ``Validator/validate(_:)`` gives for it alone, and a clash with an earlier item's id.
    public mutating func validate(_ located: LocatedItem) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for index in enabled.indices {
            for finding in enabled[index].findings(in: located, settings: validator.settings, instants: &instants) {
                found.append(validator.diagnostic(for: finding, in: located, rule: enabled[index], severity: severities[index]))
            }
        }
        guard let severity = uniqueIDs else { return found }
        if !seen.insert(Self.identityHash(of: located.item)).inserted {
            let message = "\(Validator.name(of: located.item)): the id \(located.item.identity) is already used by an earlier item (add 'then validate' to name it)"
            found.append(Diagnostic(severity, message, source: located.source, position: located.position, code: Self.uniqueIDsRule, item: ItemReference(located.item)))
        }
        return found
    }

    /// Whether the occurrences of `base` (it, at other times) can be checked on their times
    /// alone: no enabled rule that ignores times finds anything in it, not even a warning.
    /// Asked once per series.
    public func timesDecide(for base: Event) -> Bool {
        let item = LocatedItem(.event(base))
        var instants = InstantReader(localZone: validator.settings.timeZone)
        for rule in otherRules where !rule.findings(in: item, settings: validator.settings, instants: &instants).isEmpty {
            return false
        }
        return true
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
            if seen.insert(Self.identityHash(id: base.id, recurrenceID: times.recurrenceID)).inserted { return [] }
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

    /// The hash of ``Item/identityKey``, read from the item in place.
    private static func identityHash(of item: Item) -> Int {
        switch item {
        case .recipe(let recipe): return identityHash(id: recipe.id, recurrenceID: nil)
        case .event(let event): return identityHash(id: event.id, recurrenceID: event.recurrenceID)
        }
    }

    /// The hash of the identity `ItemIdentity(id: id, recurrenceID: recurrenceID)`.
    private static func identityHash(id: String, recurrenceID: CalendarTime?) -> Int {
        var hasher = Hasher()
        hasher.combine(id)
        hasher.combine(recurrenceID)
        return hasher.finalize()
    }
}
