import AlmanacCore

/// Why an iCalendar writer (`ics`, `jcal` or `xcal`) refused its settings: the error the
/// three share (xCal's ``XCalEncodingError`` adds what XML cannot hold).
public enum ICalendarEncodingError: CodecError, Hashable {
    /// The `dtstamp` setting is not a date-time.
    case invalidStamp(String)

    public var message: String {
        switch self {
        case .invalidStamp(let text): return "--dtstamp '\(text)' is not a date-time such as 2026-12-24T17:00:00Z"
        }
    }

    public var position: SourcePosition? { nil }
}
