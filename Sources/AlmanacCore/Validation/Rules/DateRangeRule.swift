/// `date-range`: flags an event whose start or end lies outside the window, by default
/// the sane calendar years 1900 to 2200, which catches typos such as year 20260 or 0026.
/// `--not-before`, `--not-after` and `--within` narrow the window.
///
/// It reads an event's start and end and nothing else, so an occurrence of a series (the
/// series at other times) is checked on its times alone (``acceptsTimes(start:end:settings:instants:)``):
/// moving an event moves its days, and one occurrence may lie outside the window when the
/// series does not.
public struct DateRangeRule: ValidationRule {
    public let id = "date-range"
    public let defaultSeverity = Diagnostic.Severity.error
    public let summary = "An event's start and end lie inside the date window (default 1900-01-01 to 2200-12-31)."

    public init() {}

    public func check(_ items: [LocatedItem], settings: ValidationSettings) -> [Finding] {
        var findings: [Finding] = []
        for (index, located) in items.enumerated() {
            guard case .event(let event) = located.item else { continue }
            for (label, time) in [("start", event.start), ("end", event.end)] {
                guard let day = time?.day else { continue }
                // An all-day end is exclusive: the event's last day is the one before.
                let lastDay = label == "end" && time!.isDateOnly ? day.adding(days: -1) : day
                if lastDay < settings.notBefore || lastDay > settings.notAfter {
                    findings.append(Finding(itemIndex: index, message: "the \(label) \(day) is outside \(settings.notBefore) to \(settings.notAfter)"))
                }
            }
        }
        return findings
    }

    /// Whether both days lie in the window, as ``check(_:settings:)`` reads them.
    public func acceptsTimes(start: CalendarTime?, end: CalendarTime?, settings: ValidationSettings, instants: inout InstantReader) -> Bool {
        func inside(_ time: CalendarTime?, isEnd: Bool) -> Bool {
            guard let time else { return true }
            let day = time.day
            let lastDay = isEnd && time.isDateOnly ? day.adding(days: -1) : day
            return !(lastDay < settings.notBefore || lastDay > settings.notAfter)
        }
        return inside(start, isEnd: false) && inside(end, isEnd: true)
    }
}
