import AlmanacCore
import AlmanacJSONKit

/// Why a JSON or NDJSON input could not be read. Every case carries where.
public enum JSONDecodingError: CodecError, Hashable {
    /// Bytes that are not JSON (RFC 8259): the JSON kit's error, its offsets in the whole
    /// input, and its line and column. A duplicate key is one too when the reader refuses
    /// them, and the depth past ``JSONDecodingOptions/maximumDepth``.
    case syntax(JSONSyntaxError, at: SourcePosition)
    /// A field with a value of the wrong JSON type, such as a number for `title`.
    case typeMismatch(field: String, expected: String, found: String, at: SourcePosition)
    /// A required field is absent.
    case missingField(String, in: String, at: SourcePosition)
    /// A value of the right type that does not mean anything, such as `2026-13-01`.
    case invalidValue(field: String, reason: String, at: SourcePosition)
    /// A document of a newer format version than this almanac reads.
    case unsupportedVersion(String, at: SourcePosition)
    /// An item without `kind` whose fields do not tell either, and no
    /// ``ReaderLimits/defaultKind``: `item` names it, `reason` says what its fields tell.
    case undecidedKind(item: String, reason: String, at: SourcePosition)

    public var message: String {
        switch self {
        case .syntax(let error, _): return error.message
        case .typeMismatch(let field, let expected, let found, _): return "'\(field)' must be \(expected), found \(found)"
        case .missingField(let field, let item, _): return "\(item) has no '\(field)'"
        case .invalidValue(let field, let reason, _): return "'\(field)': \(reason)"
        case .unsupportedVersion(let version, _): return "unsupported almanac format version \(version); this almanac reads version 1"
        case .undecidedKind(let item, let reason, _): return "cannot tell whether \(item) is a recipe or an event: \(reason); add \"kind\""
        }
    }

    public var position: SourcePosition? {
        switch self {
        case .syntax(_, let at), .typeMismatch(_, _, _, let at),
             .missingField(_, _, let at), .invalidValue(_, _, let at), .unsupportedVersion(_, let at),
             .undecidedKind(_, _, let at):
            return at
        }
    }
}

extension JSONDecodingError {
    /// The depth limit the input went past, for a ``JSONSyntaxError/tooDeep(limit:offset:)``.
    public var depthLimit: Int? {
        if case .syntax(.tooDeep(let limit, _), _) = self { return limit }
        return nil
    }

    /// Whether this is undecidedKind(item:reason:at:).
    public var isUndecidedKind: Bool {
        if case .undecidedKind = self { return true }
        return false
    }
}

extension JSONDecodingError {
    /// The error for bytes that are not JSON, at its place in the whole input.
    init(_ error: JSONSyntaxError, in map: JSONSourceMap) {
        self.init(error, at: map.position(error.offset))
    }

    /// The error for bytes that are not JSON, at `position` (where its offset is in the whole input).
    init(_ error: JSONSyntaxError, at position: SourcePosition) {
        self = .syntax(error.moved(to: position.offset), at: position)
    }
}
