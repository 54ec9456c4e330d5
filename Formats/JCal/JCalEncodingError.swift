import AlmanacCore

/// Why the jCal writer refused its settings.
public enum JCalEncodingError: CodecError, Hashable {
    /// The `dtstamp` setting is not a date-time.
    case invalidStamp(String)

    public var message: String {
        switch self {
        case .invalidStamp(let text): return "--dtstamp '\(text)' is not a date-time such as 2026-12-24T17:00:00Z"
        }
    }

    public var position: SourcePosition? { nil }
}
