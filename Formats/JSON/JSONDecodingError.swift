import AlmanacCore

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
        case .unexpectedEnd(let expected, _): return "unexpected end of input; expected \(expected)"
        case .unexpectedCharacter(let found, let expected, _): return "unexpected \(found); expected \(expected)"
        case .invalidUTF8(let at): return "invalid UTF-8 byte sequence at byte \(at.offset)"
        case .invalidEscape(let escape, _): return "invalid escape \(escape) in string"
        case .controlCharacter(let byte, _):
            return "control character U+\(String(byte, radix: 16, uppercase: true).leftPadded(to: 4)) must be escaped in a string"
        case .invalidNumber(let text, _): return "invalid number '\(text)'"
        case .tooDeep(let limit, _): return "arrays and objects nest deeper than \(limit) levels"
        case .duplicateKey(let key, _): return "duplicate key '\(key)'"
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

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
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
