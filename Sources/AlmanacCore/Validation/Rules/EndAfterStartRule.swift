/// `end-after-start`: flags an event that ends before it starts (an all-day event must
/// end, exclusively, at least a day after its start).
///
/// It reads an event's start and end and nothing else, so an occurrence of a series is
/// checked on its times alone (``acceptsTimes(start:end:settings:instants:)``). The verdict
/// can change from one occurrence to the next: an occurrence keeps the series' length in
/// real time, but its wall-clock times are read back as instants, and next to a change of
/// clocks (a time that occurs twice is read as the first) an end can come out before its start.
public struct EndAfterStartRule: ValidationRule {
    public let id = "end-after-start"
    public let defaultSeverity = Diagnostic.Severity.error
    public let summary = "An event's end is not before its start."

    public init() {}

    public func check(_ items: [LocatedItem], settings: ValidationSettings) -> [Finding] {
        var findings: [Finding] = []
        for (index, located) in items.enumerated() {
            guard case .event(let event) = located.item, let start = event.start, let end = event.end else { continue }
            if start.isDateOnly && end.isDateOnly {
                if end.day < start.day {
                    findings.append(Finding(itemIndex: index, message: "it ends (\(Self.text(end))) before it starts (\(Self.text(start)))"))
                } else if end.day == start.day {
                    findings.append(Finding(itemIndex: index, message: "it ends on the day it starts (\(Self.text(start))); an all-day event's end is exclusive, so a one-day event ends the next day (\(Self.text(.date(start.day.adding(days: 1)))))"))
                }
            } else if let startInstant = start.instant(localZone: settings.timeZone), let endInstant = end.instant(localZone: settings.timeZone),
                      endInstant < startInstant {
                findings.append(Finding(itemIndex: index, message: "it ends (\(Self.text(end))) before it starts (\(Self.text(start)))"))
            }
        }
        return findings
    }

    /// Whether ``check(_:settings:)`` finds nothing in an event with these times: days
    /// compared for all-day events, instants (read by `instants`, as `check` reads them)
    /// otherwise; a time with a fraction of a second is left to `check`.
    public func acceptsTimes(start: CalendarTime?, end: CalendarTime?, settings: ValidationSettings, instants: inout InstantReader) -> Bool {
        guard let start, let end else { return true }
        if start.isDateOnly && end.isDateOnly { return end.day > start.day }
        guard start.civil.nanosecond == 0, end.civil.nanosecond == 0 else { return false }
        guard let startSeconds = instants.seconds(of: start), let endSeconds = instants.seconds(of: end) else { return true }
        return endSeconds >= startSeconds
    }

    static func text(_ time: CalendarTime) -> String {
        var bytes: [UInt8] = []
        ISO8601Text.append(time, to: &bytes)
        if let zone = time.timeZoneID { bytes += Array(" \(zone)".utf8) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
