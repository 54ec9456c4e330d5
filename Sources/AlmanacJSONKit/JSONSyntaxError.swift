import AlmanacCore

/// Why bytes are not JSON (RFC 8259), and where: the offset of the byte in the bytes that
/// were read, which each codec turns into a line and column of its input (see
/// ``JSONSourceMap``) and wraps in its own ``CodecError``.
public enum JSONSyntaxError: Error, Hashable, Sendable {
    /// The input ended inside a value.
    case unexpectedEnd(expected: String, offset: Int)
    /// A byte that cannot stand here.
    case unexpectedCharacter(found: String, expected: String, offset: Int)
    /// Bytes that are not UTF-8.
    case invalidUTF8(offset: Int)
    /// A backslash escape JSON does not have, or a lone surrogate.
    case invalidEscape(String, offset: Int)
    /// A raw control character inside a string.
    case controlCharacter(UInt8, offset: Int)
    /// A number that breaks the JSON grammar.
    case invalidNumber(String, offset: Int)
    /// Arrays and objects nest deeper than the reader allows.
    case tooDeep(limit: Int, offset: Int)
    /// The same key twice in one object, refused (``JSONReader/DuplicateKeys/refuse``).
    case duplicateKey(String, offset: Int, firstOffset: Int)

    /// What went wrong, without the line and column.
    public var message: String {
        switch self {
        case .unexpectedEnd(let expected, _): return "unexpected end of input; expected \(expected)"
        case .unexpectedCharacter(let found, let expected, _): return "unexpected \(found); expected \(expected)"
        case .invalidUTF8(let offset): return "invalid UTF-8 byte sequence at byte \(offset)"
        case .invalidEscape(let escape, _): return "invalid escape \(escape) in string"
        case .controlCharacter(let byte, _):
            let hex = String(byte, radix: 16, uppercase: true)
            return "control character U+\(String(repeating: "0", count: 4 - hex.count) + hex) must be escaped in a string"
        case .invalidNumber(let text, _): return "invalid number '\(text)'"
        case .tooDeep(let limit, _): return "arrays and objects nest deeper than \(limit) levels"
        case .duplicateKey(let key, _, _): return "duplicate key '\(key)'"
        }
    }

    /// The offset of the byte where reading stopped.
    public var offset: Int {
        switch self {
        case .unexpectedEnd(_, let offset), .unexpectedCharacter(_, _, let offset), .invalidUTF8(let offset),
             .invalidEscape(_, let offset), .controlCharacter(_, let offset), .invalidNumber(_, let offset),
             .tooDeep(_, let offset), .duplicateKey(_, let offset, _):
            return offset
        }
    }
}

extension JSONSyntaxError {
    /// The same error with its offsets moved so that ``offset`` is `newOffset` (a duplicate
    /// key's first offset moves with it): a codec places an error found in part of its input.
    package func moved(to newOffset: Int) -> JSONSyntaxError {
        let shift = newOffset - offset
        switch self {
        case .unexpectedEnd(let expected, _): return .unexpectedEnd(expected: expected, offset: newOffset)
        case .unexpectedCharacter(let found, let expected, _): return .unexpectedCharacter(found: found, expected: expected, offset: newOffset)
        case .invalidUTF8: return .invalidUTF8(offset: newOffset)
        case .invalidEscape(let escape, _): return .invalidEscape(escape, offset: newOffset)
        case .controlCharacter(let byte, _): return .controlCharacter(byte, offset: newOffset)
        case .invalidNumber(let text, _): return .invalidNumber(text, offset: newOffset)
        case .tooDeep(let limit, _): return .tooDeep(limit: limit, offset: newOffset)
        case .duplicateKey(let key, _, let first): return .duplicateKey(key, offset: newOffset, firstOffset: first + shift)
        }
    }
}

/// A key that appears twice in one object, as ``JSONReader`` reports it
/// (``JSONReader/DuplicateKeys/report``): both members stay, the first is the one found by key.
package struct JSONDuplicateKey: Hashable, Sendable {
    package var key: String
    /// Offset of the repeated key's opening quote.
    package var offset: Int
    /// Offset of the first occurrence's opening quote.
    package var firstOffset: Int
}
