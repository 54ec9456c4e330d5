import AlmanacCore

/// Why an iCalendar input could not be read at all: its component structure is broken.
///
/// Broken properties are not errors: the reader reports them as warnings and
/// converts the rest. Every case carries where.
public enum ICalendarDecodingError: CodecError, Hashable {
    /// The input holds no `BEGIN:VCALENDAR` where one must start (`found` is what stood there).
    case noCalendar(found: String?, at: SourcePosition)
    /// A `BEGIN:` whose `END:` never comes.
    case unterminatedComponent(String, at: SourcePosition)
    /// An `END:` that closes a component other than the open one.
    case mismatchedEnd(found: String, open: String, openedOnLine: Int, at: SourcePosition)
    /// An `END:` with no component open.
    case unexpectedEnd(String, at: SourcePosition)
    /// A `BEGIN:` without a component name.
    case invalidComponentName(String, at: SourcePosition)
    /// Components nested deeper than ``ICalendarDecodingOptions/maximumDepth``.
    case tooDeep(limit: Int, at: SourcePosition)

    public var message: String {
        switch self {
        case .noCalendar(let found?, _): return "expected BEGIN:VCALENDAR, found '\(found)'"
        case .noCalendar(nil, _): return "no VCALENDAR in the input"
        case .unterminatedComponent(let name, _): return "BEGIN:\(name) has no END:\(name)"
        case .mismatchedEnd(let found, let open, let line, _):
            return "END:\(found) does not close BEGIN:\(open) of line \(line)"
        case .unexpectedEnd(let name, _): return "END:\(name) without a BEGIN:\(name)"
        case .invalidComponentName(let name, _): return "'\(name)' is not a component name"
        case .tooDeep(let limit, _): return "components nest deeper than \(limit) levels"
        }
    }

    public var position: SourcePosition? {
        switch self {
        case .noCalendar(_, let at), .unterminatedComponent(_, let at), .mismatchedEnd(_, _, _, let at),
             .unexpectedEnd(_, let at), .invalidComponentName(_, let at), .tooDeep(_, let at):
            return at
        }
    }
}

extension ICalendarDecodingError {
    /// The depth limit the input went past, for tooDeep(limit:at:).
    public var depthLimit: Int? {
        if case .tooDeep(let limit, _) = self { return limit }
        return nil
    }
}
