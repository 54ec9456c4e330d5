import AlmanacCore
import AlmanacJSONKit

/// Why a jCal input could not be read: it is not JSON, or not the shape RFC 7265 gives
/// components and properties. Every case says where (line and column).
public enum JCalDecodingError: CodecError, Hashable {
    /// The bytes are not JSON (`reason` says what was expected).
    case invalidJSON(String, at: SourcePosition)
    /// Arrays nest deeper than the reader allows.
    case tooDeep(limit: Int, at: SourcePosition)
    /// A value where a component `[name, [properties], [components]]` must be.
    case notAComponent(String, at: SourcePosition)
    /// The top-level component is not `vcalendar`.
    case noCalendar(found: String, at: SourcePosition)
    /// A value where a property `[name, {parameters}, type, value, …]` must be.
    case notAProperty(String, at: SourcePosition)
    /// A parameter value that is not a string or an array of strings.
    case invalidParameter(name: String, at: SourcePosition)
    /// A property value of a JSON kind its type cannot have.
    case invalidValue(property: String, type: String, found: String, at: SourcePosition)

    public var message: String {
        switch self {
        case .invalidJSON(let reason, _): return "not JSON: \(reason)"
        case .tooDeep(let limit, _): return "arrays and objects nest deeper than \(limit) levels"
        case .notAComponent(let reason, _): return "expected a jCal component [name, [properties], [components]]: \(reason)"
        case .noCalendar(let found, _): return "expected a \"vcalendar\" component, found \"\(found)\""
        case .notAProperty(let reason, _): return "expected a jCal property [name, {parameters}, type, value]: \(reason)"
        case .invalidParameter(let name, _): return "parameter \"\(name)\" must be a string or an array of strings"
        case .invalidValue(let property, let type, let found, _): return "\(property): a \(type) value cannot be \(found)"
        }
    }

    public var position: SourcePosition? {
        switch self {
        case .invalidJSON(_, let at), .tooDeep(_, let at), .notAComponent(_, let at), .noCalendar(_, let at),
             .notAProperty(_, let at), .invalidParameter(_, let at), .invalidValue(_, _, _, let at):
            return at
        }
    }
}

extension JCalDecodingError {
    /// The jCal error for input that is not JSON.
    init(_ error: JSONSyntaxError, in map: JSONSourceMap) {
        switch error {
        case .tooDeep(let limit, let offset): self = .tooDeep(limit: limit, at: map.position(offset))
        default: self = .invalidJSON(error.message, at: map.position(error.offset))
        }
    }
}

extension JCalDecodingError {
    /// The depth limit the input went past, for tooDeep(limit:at:).
    public var depthLimit: Int? {
        if case .tooDeep(let limit, _) = self { return limit }
        return nil
    }
}
