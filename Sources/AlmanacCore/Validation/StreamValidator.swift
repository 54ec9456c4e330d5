/// Validates a stream item by item with flat memory: every rule runs on each item on its
/// own (``ValidationRule/findings(in:settings:instants:)``: a valid item costs no allocation), and `unique-ids` also compares each item's identity with those of the items before
/// it, kept as 64-bit keys only (``IdentityKeys``, 8 bytes an item in one flat table: a
/// million items take about 16 MB, where the items themselves would take gigabytes). Two
/// different ids colliding in 64 bits, and so reported as one, is a chance of about one in
/// 10¹³ for a million items.
///
/// The occurrences of a series (``validate(occurrence:of:source:position:event:)``) are
/// checked without being made: the rules that ignore times ran once on the series
/// (``occurrenceCheck(for:)``), the others look at each occurrence's times alone. Whatever
/// that cannot settle is checked whole, so the diagnostics are those of ``validate(_:)``.
public struct StreamValidator: Sendable {
    public let validator: Validator
    /// `validator.settings`.
    private let settings: ValidationSettings
    /// The enabled rules in the registry's order.
    private let enabled: [any ValidationRule]
    /// The severity of each of `enabled`.
    private let severities: [Diagnostic.Severity]
    /// The severity of `unique-ids` when it is enabled.
    private let uniqueIDs: Diagnostic.Severity?
    /// The key of each identity seen (``IdentityKeys``).
    private var seen = KeySet()
    /// The enabled rules that ignore times, run once on a series.
    private let otherRules: [any ValidationRule]
    /// Whether `date-range` and `end-after-start` are enabled (their occurrence checks are
    /// called directly), and the other enabled rules that read times.
    private let checksDateRange: Bool
    private let checksEndAfterStart: Bool
    private let otherTimeRules: [any ValidationRule]
    private var instants: InstantReader
    /// Keys of zone names met (``IdentityKeys/zone(_:)``), a few at most.
    private var zoneKeys: [(name: String, key: UInt64)] = []

    /// The id of `unique-ids`, which this validator also applies across items.
    private static let uniqueIDsRule = UniqueIDsRule().id

    public init(_ validator: Validator) {
        self.validator = validator
        settings = validator.settings
        let enabled = validator.registry.rules.filter { !validator.settings.disabled.contains($0.id) }
        let severities = enabled.map(validator.settings.severity(of:))
        self.enabled = enabled
        self.severities = severities
        uniqueIDs = enabled.firstIndex { $0.id == Self.uniqueIDsRule }.map { severities[$0] }
        let timeRules = enabled.filter { !$0.ignoresTimes }
        checksDateRange = timeRules.contains { $0.occurrenceTimesCheck == .dateWindow }
        checksEndAfterStart = timeRules.contains { $0.occurrenceTimesCheck == .endNotBeforeStart }
        otherTimeRules = timeRules.filter { $0.occurrenceTimesCheck == .rule }
        otherRules = enabled.filter(\.ignoresTimes)
        instants = InstantReader(localZone: validator.settings.timeZone)
    }

    /// Makes room for the identities of `count` more items (the occurrences to come).
    public mutating func reserve(_ count: Int) {
        if uniqueIDs != nil { seen.reserve(seen.count + count) }
    }

    /// The diagnostics for `located`, the next item of the stream: those
    /// ``Validator/validate(_:)`` gives for it alone, and a clash with an earlier item's id.
    public mutating func validate(_ located: LocatedItem) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for index in enabled.indices {
            for finding in enabled[index].findings(in: located, settings: settings, instants: &instants) {
                found.append(validator.diagnostic(for: finding, in: located, rule: enabled[index], severity: severities[index]))
            }
        }
        guard let severity = uniqueIDs else { return found }
        if !seen.insert(identityKey(of: located.item)) {
            let message = "\(Validator.name(of: located.item)): the id \(located.item.identity) is already used by an earlier item (add 'then validate' to name it)"
            found.append(Diagnostic(severity, message, source: located.source, position: located.position, code: Self.uniqueIDsRule, item: ItemReference(located.item)))
        }
        return found
    }

    /// Whether an item this validator has seen has the identity of one `earlier` has seen:
    /// a part of an input validated apart (``ItemParts``) clashes with the parts before it,
    /// which `earlier` has taken in (``takeIdentities(of:)``).
    package func sharesIdentity(with earlier: StreamValidator) -> Bool {
        guard uniqueIDs != nil else { return false }
        var shares = false
        seen.forEach { key in shares = shares || earlier.seen.contains(key) }
        return shares
    }

    /// Takes in the identities `later` has seen, as if this validator had seen its items.
    package mutating func takeIdentities(of later: StreamValidator) {
        guard uniqueIDs != nil else { return }
        seen.reserve(seen.count + later.seen.count)
        later.seen.forEach { _ = seen.insert($0) }
    }

    /// What ``validate(occurrence:of:source:position:event:)`` needs of a series' event,
    /// worked out once for all its occurrences.
    public struct OccurrenceCheck: Sendable {
        /// What ``StreamValidator/timesDecide(for:)`` says of the event.
        public let timesDecide: Bool
        /// The key of the event's id (``IdentityKeys/id(_:)``).
        let id: UInt64
        /// The zone of the event's start and its key, which its occurrences' recurrence ids name.
        let zone: (name: String, key: UInt64)?
    }

    /// What the validator needs to check the occurrences of `base` (it, at other times).
    public func occurrenceCheck(for base: Event) -> OccurrenceCheck {
        OccurrenceCheck(timesDecide: timesDecide(for: base), id: IdentityKeys.id(base.id), zone: base.start?.timeZoneID.map { ($0, IdentityKeys.zone($0)) })
    }

    /// Whether the occurrences of `base` (it, at other times) can be checked on their times
    /// alone: no enabled rule that ignores times finds anything in it, not even a warning.
    /// Asked once per series.
    public func timesDecide(for base: Event) -> Bool {
        let item = LocatedItem(.event(base))
        var instants = InstantReader(localZone: settings.timeZone)
        for rule in otherRules where !rule.findings(in: item, settings: settings, instants: &instants).isEmpty {
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
        let check = OccurrenceCheck(timesDecide: timesDecide, id: IdentityKeys.id(base.id), zone: nil)
        return validate(occurrence: times, of: check, source: source, position: position) { times.applied(to: base) }
    }

    /// The diagnostics for the next item of the stream, an occurrence of a series at
    /// `times`, `check` being ``occurrenceCheck(for:)`` of the event it copies, which
    /// `event` makes with its times: the same as ``validate(_:)`` gives for that event. When
    /// `check.timesDecide`, the rules that read times look at `times` and `unique-ids` at the
    /// occurrence's identity, and only an occurrence one of them may find something in is
    /// made and checked whole.
    public mutating func validate(occurrence times: OccurrenceStream.Times, of check: OccurrenceCheck, source: String?, position: SourcePosition?, event: () -> Event) -> [Diagnostic] {
        if check.timesDecide, acceptTimes(times) {
            guard uniqueIDs != nil else { return [] }
            var zone: UInt64 = 0
            if case .zoned(_, let name) = times.recurrenceID {
                if let known = check.zone, known.name == name { zone = known.key } else { zone = zoneKey(name) }
            }
            // An identity seen before is left to validate(_:), which names it.
            if seen.insert(IdentityKeys.identity(id: check.id, recurrenceID: times.recurrenceID, zone: zone)) { return [] }
        }
        return validate(LocatedItem(.event(event()), source: source, position: position))
    }

    /// Whether every enabled rule that reads times accepts these.
    private mutating func acceptTimes(_ times: OccurrenceStream.Times) -> Bool {
        if checksDateRange, !DateRangeRule.accepts(start: times.start, end: times.end, settings: settings) { return false }
        if checksEndAfterStart, !EndAfterStartRule.accepts(times, instants: &instants) { return false }
        for rule in otherTimeRules where !rule.acceptsTimes(start: times.start, end: times.end, settings: settings, instants: &instants) {
            return false
        }
        return true
    }

    /// The key of ``Item/identityKey``, read from the item in place.
    private mutating func identityKey(of item: Item) -> UInt64 {
        switch item {
        case .recipe(let recipe): return IdentityKeys.identity(id: IdentityKeys.id(recipe.id), recurrenceID: nil, zone: 0)
        case .event(let event):
            var zone: UInt64 = 0
            if case .zoned(_, let name)? = event.recurrenceID { zone = zoneKey(name) }
            return IdentityKeys.identity(id: IdentityKeys.id(event.id), recurrenceID: event.recurrenceID, zone: zone)
        }
    }

    /// ``IdentityKeys/zone(_:)`` of `name`, remembered for the first few zones met.
    private mutating func zoneKey(_ name: String) -> UInt64 {
        for known in zoneKeys where known.name == name { return known.key }
        let key = IdentityKeys.zone(name)
        if zoneKeys.count < 16 { zoneKeys.append((name, key)) }
        return key
    }
}
