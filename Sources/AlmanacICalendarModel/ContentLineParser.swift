#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Parses one unfolded RFC 5545 content line, `NAME[;PARAM=value]:value`, on bytes:
/// names in any case, quoted parameter values and RFC 6868 caret escapes.
///
/// The RFC 5545 reader calls it for every line it unfolds; the model's writer calls it
/// for the content lines kept in the extras, whichever syntax they are written in.
public struct ContentLineParser {
    /// What one logical line holds.
    public enum Entry: Sendable {
        /// A well-formed content line.
        case line(ICalProperty)
        /// A line that is not `NAME[;PARAM=…]:value`; `reason` says why.
        case malformed(reason: String, raw: String, line: Int, offset: Int)
    }

    /// Lines whose bytes were not valid UTF-8 (decoded with replacement characters).
    public private(set) var invalidUTF8Lines: [(line: Int, offset: Int)] = []

    public init() {}

    /// Parses one kept line given as text (line breaks in it are dropped); `nil` when it is empty.
    public static func parse(_ raw: String) -> Entry? {
        var bytes = Array(raw.utf8)
        bytes.removeAll { $0 == 0x0D || $0 == 0x0A }
        guard !bytes.isEmpty else { return nil }
        var parser = ContentLineParser()
        return bytes.withUnsafeBufferPointer { parser.parse($0, line: 1, offset: 0) }
    }

    /// `slice` as text, invalid UTF-8 replaced by U+FFFD (and the line noted), and
    /// whether the text is the bytes unchanged.
    private mutating func decode(_ slice: UnsafeBufferPointer<UInt8>, line: Int, offset: Int) -> (text: String, exact: Bool) {
        // `String(decoding:)` is the fast decoder; a repair shows as bytes that differ.
        var text = String(decoding: slice, as: UTF8.self)
        let exact = text.utf8.count == slice.count
            && text.withUTF8 { decoded in slice.isEmpty || memcmp(decoded.baseAddress!, slice.baseAddress!, slice.count) == 0 }
        if !exact && invalidUTF8Lines.last?.line != line { invalidUTF8Lines.append((line, offset)) }
        return (text, exact)
    }

    private mutating func text(_ slice: UnsafeBufferPointer<UInt8>, line: Int, offset: Int) -> String {
        decode(slice, line: line, offset: offset).text
    }

    /// Bytes `range` of `line` as text. When the whole line was valid UTF-8 (`raw` is its
    /// bytes unchanged), the part needs no check for repairs: every part starts and ends
    /// at an ASCII delimiter, so it is valid UTF-8 too.
    private mutating func part(_ range: Range<Int>, of line: UnsafeBufferPointer<UInt8>, rawIsExact: Bool, number: Int, offset: Int) -> String {
        let bytes = UnsafeBufferPointer(rebasing: line[range])
        guard rawIsExact else { return text(bytes, line: number, offset: offset) }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "/"):
            return true
        default:
            return false
        }
    }

    private static func isLower(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
    }

    /// A property or parameter name (ASCII name bytes only), upper-cased. Names of up to
    /// 15 bytes, nearly all of them, become small strings without an allocation.
    private static func upper(_ slice: UnsafeBufferPointer<UInt8>) -> String {
        guard slice.contains(where: isLower) else { return String(decoding: slice, as: UTF8.self) }
        return String(unsafeUninitializedCapacity: slice.count) { buffer in
            for (index, byte) in slice.enumerated() { buffer[index] = isLower(byte) ? byte - 0x20 : byte }
            return slice.count
        }
    }

    /// Parses the bytes of one logical line that starts on line `number`, byte `offset`.
    public mutating func parse(_ line: UnsafeBufferPointer<UInt8>, line number: Int, offset: Int) -> Entry {
        var cursor = 0
        while cursor < line.count && Self.isNameByte(line[cursor]) { cursor += 1 }
        guard cursor > 0 else {
            return .malformed(reason: "a content line must start with a property name", raw: text(line, line: number, offset: offset), line: number, offset: offset)
        }
        let nameBytes = UnsafeBufferPointer(rebasing: line[0..<cursor])
        let name = Self.upper(nameBytes)
        // The common line, `NAME:value`: the value is the one string made, and the line
        // itself is kept only when its name was not in upper case.
        if cursor < line.count && line[cursor] == UInt8(ascii: ":") {
            let value = text(UnsafeBufferPointer(rebasing: line[(cursor + 1)...]), line: number, offset: offset)
            guard !nameBytes.contains(where: Self.isLower) else {
                return .line(ICalProperty(name: name, value: value, raw: text(line, line: number, offset: offset), line: number, offset: offset))
            }
            return .line(ICalProperty(plainLine: name, value: value, line: number, offset: offset))
        }
        let (raw, rawIsExact) = decode(line, line: number, offset: offset)
        var parameters: [ICalParameter] = []
        while cursor < line.count && line[cursor] == UInt8(ascii: ";") {
            cursor += 1
            let nameStart = cursor
            while cursor < line.count && Self.isNameByte(line[cursor]) { cursor += 1 }
            guard cursor > nameStart, cursor < line.count, line[cursor] == UInt8(ascii: "=") else {
                return .malformed(reason: "parameter of \(name) is not NAME=value", raw: raw, line: number, offset: offset)
            }
            let parameterName = Self.upper(UnsafeBufferPointer(rebasing: line[nameStart..<cursor]))
            cursor += 1
            var values: [String] = []
            while true {
                var valueBytes: Range<Int>
                if cursor < line.count && line[cursor] == UInt8(ascii: "\"") {
                    let start = cursor + 1
                    var end = start
                    while end < line.count && line[end] != UInt8(ascii: "\"") { end += 1 }
                    guard end < line.count else {
                        return .malformed(reason: "parameter \(parameterName) of \(name) has no closing quote", raw: raw, line: number, offset: offset)
                    }
                    valueBytes = start..<end
                    cursor = end + 1
                } else {
                    let start = cursor
                    while cursor < line.count, line[cursor] != UInt8(ascii: ","), line[cursor] != UInt8(ascii: ";"), line[cursor] != UInt8(ascii: ":") {
                        cursor += 1
                    }
                    valueBytes = start..<cursor
                }
                values.append(Self.decodeCarets(part(valueBytes, of: line, rawIsExact: rawIsExact, number: number, offset: offset)))
                if cursor < line.count && line[cursor] == UInt8(ascii: ",") {
                    cursor += 1
                    continue
                }
                break
            }
            parameters.append(ICalParameter(name: parameterName, values: values))
        }
        guard cursor < line.count, line[cursor] == UInt8(ascii: ":") else {
            return .malformed(reason: "\(name) has no ':' before its value", raw: raw, line: number, offset: offset)
        }
        let value = part((cursor + 1)..<line.count, of: line, rawIsExact: rawIsExact, number: number, offset: offset)
        return .line(ICalProperty(name: name, parameters: parameters, value: value, raw: raw, line: number, offset: offset))
    }

    /// RFC 6868: `^n` is a newline, `^^` a caret, `^'` a double quote; any other
    /// caret stays as written.
    public static func decodeCarets(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "^")) else { return text }
        var result = ""
        var iterator = text.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            guard scalar == "^" else {
                result.unicodeScalars.append(scalar)
                continue
            }
            guard let following = iterator.next() else {
                result += "^"
                break
            }
            switch following {
            case "n", "N": result += "\n"
            case "^": result += "^"
            case "'": result += "\""
            default:
                result += "^"
                result.unicodeScalars.append(following)
            }
        }
        return result
    }
}
