import AlmanacCore
import AlmanacJSONKit

/// Why a JSON or NDJSON input could not be read. Every case carries where.
public enum JSONDecodingError: CodecError, Hashable {
    /// The input ended inside a value.
    case unexpectedEnd(expected: String, at: SourcePosition)
    /// A byte that cannot stand here.
    case unexpectedCharacter(found: String, expected: String, at: SourcePosition)
    /// Bytes that are not UTF-8.
    case invalidUTF8(at: SourcePosition)
    /// A backslash escape JSON does not have, or a lone surrogate.
    case invalidEscape(String, at: SourcePosition)
    /// A raw control character inside a string.
    case controlCharacter(UInt8, at: SourcePosition)
    /// A number that breaks the JSON grammar or does not fit.
    case invalidNumber(String, at: SourcePosition)
    /// Arrays and objects nested deeper than ``JSONDecodingOptions/maximumDepth``.
    case tooDeep(limit: Int, at: SourcePosition)
    /// The same key twice in one object.
    case duplicateKey(String, at: SourcePosition)
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
        case .unexpectedEnd(let expected, let at): return JSONSyntaxError.unexpectedEnd(expected: expected, offset: at.offset).message
        case .unexpectedCharacter(let found, let expected, let at): return JSONSyntaxError.unexpectedCharacter(found: found, expected: expected, offset: at.offset).message
        case .invalidUTF8(let at): return JSONSyntaxError.invalidUTF8(offset: at.offset).message
        case .invalidEscape(let escape, let at): return JSONSyntaxError.invalidEscape(escape, offset: at.offset).message
        case .controlCharacter(let byte, let at): return JSONSyntaxError.controlCharacter(byte, offset: at.offset).message
        case .invalidNumber(let text, let at): return JSONSyntaxError.invalidNumber(text, offset: at.offset).message
        case .tooDeep(let limit, let at): return JSONSyntaxError.tooDeep(limit: limit, offset: at.offset).message
        case .duplicateKey(let key, let at): return JSONSyntaxError.duplicateKey(key, offset: at.offset, firstOffset: at.offset).message
        case .typeMismatch(let field, let expected, let found, _): return "'\(field)' must be \(expected), found \(found)"
        case .missingField(let field, let item, _): return "\(item) has no '\(field)'"
        case .invalidValue(let field, let reason, _): return "'\(field)': \(reason)"
        case .unsupportedVersion(let version, _): return "unsupported almanac format version \(version); this almanac reads version 1"
        case .undecidedKind(let item, let reason, _): return "cannot tell whether \(item) is a recipe or an event: \(reason); add \"kind\""
        }
    }

    public var position: SourcePosition? {
        switch self {
        case .unexpectedEnd(_, let at), .unexpectedCharacter(_, _, let at), .invalidUTF8(let at),
             .invalidEscape(_, let at), .controlCharacter(_, let at), .invalidNumber(_, let at),
             .tooDeep(_, let at), .duplicateKey(_, let at), .typeMismatch(_, _, _, let at),
             .missingField(_, _, let at), .invalidValue(_, _, let at), .unsupportedVersion(_, let at),
             .undecidedKind(_, _, let at):
            return at
        }
    }
}

extension JSONDecodingError {
    /// The depth limit the input went past, for tooDeep(limit:at:).
    public var depthLimit: Int? {
        if case .tooDeep(let limit, _) = self { return limit }
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
        switch error {
        case .unexpectedEnd(let expected, _): self = .unexpectedEnd(expected: expected, at: position)
        case .unexpectedCharacter(let found, let expected, _): self = .unexpectedCharacter(found: found, expected: expected, at: position)
        case .invalidUTF8: self = .invalidUTF8(at: position)
        case .invalidEscape(let escape, _): self = .invalidEscape(escape, at: position)
        case .controlCharacter(let byte, _): self = .controlCharacter(byte, at: position)
        case .invalidNumber(let text, _): self = .invalidNumber(text, at: position)
        case .tooDeep(let limit, _): self = .tooDeep(limit: limit, at: position)
        case .duplicateKey(let key, _, _): self = .duplicateKey(key, at: position)
        }
    }
}
