/// `date-range`: flags an event whose start or end lies outside the window, by default
/// the sane calendar years 1900 to 2200, which catches typos such as year 20260 or 0026.
/// `--not-before`, `--not-after` and `--within` narrow the window.
///
/// It reads an event's start and end and nothing else, so an occurrence of a series (the
/// series at other times) is checked on its times alone (``acceptsTimes(start:end:settings:instants:)``):
/// moving an event moves its days, and one occurrence may lie outside the window when the
/// series does not.
public struct DateRangeRule: ItemRule {
    public var id: String { "date-range" }
    public var defaultSeverity: Diagnostic.Severity { .error }
    public var summary: String { "An event's start and end lie inside the date window (default 1900-01-01 to 2200-12-31)." }

    public init() {}

    /// Occurrences are checked on their days alone (``accepts(start:end:settings:)``).
    public var occurrenceTimesCheck: OccurrenceTimesCheck { .dateWindow }

    public func findings(in located: LocatedItem, settings: ValidationSettings, instants: inout InstantReader) -> [Finding] {
        guard case .event(let event) = located.item else { return [] }
        // Looked at where the event keeps them, copied out only when one is outside.
        if Self.isInside(event.start, isEnd: false, settings: settings), Self.isInside(event.end, isEnd: true, settings: settings) { return [] }
        var findings: [Finding] = []
        if let start = event.start, !Self.isInside(start, isEnd: false, settings: settings) {
            findings.append(Self.finding("start", start, settings: settings))
        }
        if let end = event.end, !Self.isInside(end, isEnd: true, settings: settings) {
            findings.append(Self.finding("end", end, settings: settings))
        }
        return findings
    }

    /// Whether both days lie in the window, as ``findings(in:settings:instants:)`` reads them.
    public func acceptsTimes(start: CalendarTime?, end: CalendarTime?, settings: ValidationSettings, instants: inout InstantReader) -> Bool {
        Self.accepts(start: start, end: end, settings: settings)
    }

    /// ``acceptsTimes(start:end:settings:instants:)``, which reads no instant.
    static func accepts(start: CalendarTime?, end: CalendarTime?, settings: ValidationSettings) -> Bool {
        (start.map { isInside($0, isEnd: false, settings: settings) } ?? true)
            && (end.map { isInside($0, isEnd: true, settings: settings) } ?? true)
    }

    /// Whether the day of `time` lies in the window; an all-day end is exclusive, so the
    /// event's last day is the one before.
    /// ``isInside(_:isEnd:settings:)`` of a time the event may not have (none is inside).
    private static func isInside(_ time: CalendarTime?, isEnd: Bool, settings: ValidationSettings) -> Bool {
        guard let time else { return true }
        return isInside(time, isEnd: isEnd, settings: settings)
    }

    private static func isInside(_ time: CalendarTime, isEnd: Bool, settings: ValidationSettings) -> Bool {
        let day = time.day
        let lastDay = isEnd && time.isDateOnly ? day.adding(days: -1) : day
        return !(lastDay < settings.notBefore || lastDay > settings.notAfter)
    }

    private static func finding(_ label: String, _ time: CalendarTime, settings: ValidationSettings) -> Finding {
        Finding(itemIndex: 0, message: "the \(label) \(time.day) is outside \(settings.notBefore) to \(settings.notAfter)")
    }
}
