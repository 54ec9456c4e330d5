/// A check over a document, with a stable id, like `title-required`.
///
/// Rules are plugins like codecs: a type per rule, one file each under `Rules/`,
/// listed once in ``RuleRegistry/builtin``. A rule reports ``Finding``s; the
/// ``Validator`` turns them into diagnostics with the configured severity.
///
/// The occurrences of a recurring series (`then expand`, a million of them) are the series
/// with other times: a rule says what it reads of them, so that ``StreamValidator`` checks
/// the series once with the rules that ignore times (``ignoresTimes``) and each occurrence
/// with the others' ``acceptsTimes(start:end:settings:instants:)`` alone. Whenever that does
/// not settle it, the occurrence is checked whole, so the findings are the same either way.
public protocol ValidationRule: Sendable {
    /// The stable id users name in `--disable`, `--warn` and `--error`.
    var id: String { get }
    /// The severity when the user does not change it.
    var defaultSeverity: Diagnostic.Severity { get }
    /// One line for `almanac rules`.
    var summary: String { get }

    /// The problems in `items`, in their order.
    func check(_ items: [LocatedItem], settings: ValidationSettings) -> [Finding]

    /// The problems in `located` checked on its own, as `check([located], settings:)` finds
    /// them (`itemIndex` 0), without that array being made: ``StreamValidator`` asks this of
    /// every item of a stream. A rule that checks each item on its own (``ItemRule``) reads
    /// the item in place and returns `[]`, which allocates nothing, when it finds nothing.
    /// `instants` reads times as ``acceptsTimes(start:end:settings:instants:)``'s does.
    /// By default, `check([located], settings:)`.
    func findings(in located: LocatedItem, settings: ValidationSettings, instants: inout InstantReader) -> [Finding]

    /// Whether the rule's findings in one item checked on its own never depend on an event's
    /// `start`, `end` and `recurrenceID`: two events that differ only in those get the same
    /// findings. `false` by default.
    var ignoresTimes: Bool { get }

    /// For a rule that reads an event's times and nothing else of it: `true` when an event
    /// with this start and end, checked on its own, certainly gets no finding, whatever its
    /// other fields; `false` when it may (then the event is checked whole). `instants`
    /// reads zoned and floating times as ``CalendarTime/instant(localZone:)`` does, faster,
    /// floating and all-day ones in `settings.timeZone`.
    /// `false` by default.
    func acceptsTimes(start: CalendarTime?, end: CalendarTime?, settings: ValidationSettings, instants: inout InstantReader) -> Bool

    /// How ``StreamValidator`` asks this rule about each occurrence of a series: through
    /// ``acceptsTimes(start:end:settings:instants:)`` (``OccurrenceTimesCheck/rule``, the
    /// default), or by one of the checks it calls directly, a million times a run. A rule
    /// that names one of those is checked on occurrences by it, not by its own `acceptsTimes`.
    var occurrenceTimesCheck: OccurrenceTimesCheck { get }
}

/// How a rule that reads times is asked about an occurrence (``ValidationRule/occurrenceTimesCheck``).
public enum OccurrenceTimesCheck: Sendable {
    /// Through the rule's ``ValidationRule/acceptsTimes(start:end:settings:instants:)``.
    case rule
    /// The days lie in the window of `date-range` (``DateRangeRule``'s check).
    case dateWindow
    /// The end is not before the start, read with the instants the stream gives
    /// (``EndAfterStartRule``'s check).
    case endNotBeforeStart
}

extension ValidationRule {
    public var ignoresTimes: Bool { false }

    public func findings(in located: LocatedItem, settings: ValidationSettings, instants: inout InstantReader) -> [Finding] {
        check([located], settings: settings)
    }

    public func acceptsTimes(start: CalendarTime?, end: CalendarTime?, settings: ValidationSettings, instants: inout InstantReader) -> Bool {
        false
    }

    /// Through the rule's own ``acceptsTimes(start:end:settings:instants:)``.
    public var occurrenceTimesCheck: OccurrenceTimesCheck { .rule }
}

/// One problem a rule found in one item.
public struct Finding: Hashable, Sendable {
    /// Which item (its index in the checked list).
    public var itemIndex: Int
    /// What is wrong, without the item's name (the validator adds it).
    public var message: String
    /// A lower severity than the rule's for this finding (blank task text is only a warning).
    public var isMinor: Bool

    public init(itemIndex: Int, message: String, isMinor: Bool = false) {
        self.itemIndex = itemIndex
        self.message = message
        self.isMinor = isMinor
    }
}
