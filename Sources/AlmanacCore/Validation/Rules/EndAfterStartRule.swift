/// `end-after-start`: flags an event that ends before it starts (an all-day event must
/// end, exclusively, at least a day after its start).
///
/// It reads an event's start and end and nothing else, so an occurrence of a series is
/// checked on its times alone (``acceptsTimes(start:end:settings:instants:)``). The verdict
/// can change from one occurrence to the next: an occurrence keeps the series' length in
/// real time, but its wall-clock times are read back as instants, and next to a change of
/// clocks (a time that occurs twice is read as the first) an end can come out before its start.
public struct EndAfterStartRule: ItemRule {
    public var id: String { "end-after-start" }
    public var defaultSeverity: Diagnostic.Severity { .error }
    public var summary: String { "An event's end is not before its start." }

    public init() {}

    /// Occurrences are checked on the instants the stream read (``accepts(_:instants:)``).
    public var occurrenceTimesCheck: OccurrenceTimesCheck { .endNotBeforeStart }

    /// An event whose times ``acceptsTimes(start:end:settings:instants:)`` accepts has no
    /// finding; the others are read again with Foundation's instants.
    public func findings(in located: LocatedItem, settings: ValidationSettings, instants: inout InstantReader) -> [Finding] {
        // The times are looked at where the event keeps them; only an event the quick look
        // does not accept has them copied out.
        guard case .event(let event) = located.item,
              !Self.accepts(start: event.start, end: event.end, instants: &instants),
              let start = event.start, let end = event.end else { return [] }
        if start.isDateOnly && end.isDateOnly {
            if end.day < start.day {
                return [Finding(itemIndex: 0, message: "it ends (\(Self.text(end))) before it starts (\(Self.text(start)))")]
            } else if end.day == start.day {
                return [Finding(itemIndex: 0, message: "it ends on the day it starts (\(Self.text(start))); an all-day event's end is exclusive, so a one-day event ends the next day (\(Self.text(.date(start.day.adding(days: 1)))))")]
            }
        } else if let startInstant = start.instant(localZone: settings.timeZone), let endInstant = end.instant(localZone: settings.timeZone),
                  endInstant < startInstant {
            return [Finding(itemIndex: 0, message: "it ends (\(Self.text(end))) before it starts (\(Self.text(start)))")]
        }
        return []
    }

    /// Whether ``findings(in:settings:instants:)`` finds nothing in an event with these times:
    /// days compared for all-day events, instants (read by `instants`, in whole seconds as
    /// ``CalendarTime/instant(localZone:)`` reads them) otherwise; a time with a fraction of
    /// a second is left to Foundation's instants.
    public func acceptsTimes(start: CalendarTime?, end: CalendarTime?, settings: ValidationSettings, instants: inout InstantReader) -> Bool {
        Self.accepts(start: start, end: end, instants: &instants)
    }

    /// ``acceptsTimes(start:end:settings:instants:)``, which needs no settings.
    static func accepts(start: CalendarTime?, end: CalendarTime?, instants: inout InstantReader) -> Bool {
        guard let start, let end else { return true }
        if start.isDateOnly && end.isDateOnly { return end.day > start.day }
        guard start.civil.nanosecond == 0, end.civil.nanosecond == 0 else { return false }
        guard let startSeconds = instants.seconds(of: start), let endSeconds = instants.seconds(of: end) else { return true }
        return endSeconds >= startSeconds
    }

    /// ``acceptsTimes(start:end:settings:instants:)`` of an occurrence's times, with the
    /// instants the stream read on the series' clock when it gives them: those
    /// `instants.seconds(of:)` would read (``OccurrenceStream/Times/instants``).
    static func accepts(_ times: OccurrenceStream.Times, instants: inout InstantReader) -> Bool {
        guard let end = times.end else { return true }
        if let known = times.instants, let endSeconds = known.end {
            // Instants are given for UTC and zoned times in whole seconds only.
            return endSeconds >= known.start
        }
        return accepts(start: times.start, end: end, instants: &instants)
    }

    static func text(_ time: CalendarTime) -> String {
        var bytes: [UInt8] = []
        ISO8601Text.append(time, to: &bytes)
        if let zone = time.timeZoneID { bytes += Array(" \(zone)".utf8) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
