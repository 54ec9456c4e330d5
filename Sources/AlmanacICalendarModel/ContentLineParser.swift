#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import AlmanacCore

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

    /// Notes `line` among ``invalidUTF8Lines`` when its bytes are not valid UTF-8, as
    /// ``parse(_:line:offset:)`` would (for a line read without making its strings).
    package mutating func noteInvalidUTF8(_ line: UnsafeBufferPointer<UInt8>, line number: Int, offset: Int) {
        guard !Self.isValidUTF8(line) else { return }
        _ = decode(line, line: number, offset: offset)
    }

    /// Whether `bytes` are well-formed UTF-8 (as `String(decoding:as:)` takes them with no
    /// repair: no overlong forms, surrogates or scalars past U+10FFFF), checked without
    /// making a string; ASCII is skipped 32 or 16 bytes at a time, and up to the first
    /// non-ASCII byte of a word at once.
    package static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        var index = 0
        while index < count {
            // Runs of ASCII, most of a calendar: 32 bytes a step, then 16.
            if index + 32 <= count, (ByteWords.load(bytes, at: index) | ByteWords.load(bytes, at: index + 8)
                | ByteWords.load(bytes, at: index + 16) | ByteWords.load(bytes, at: index + 24)) & 0x8080_8080_8080_8080 == 0 {
                index += 32
                continue
            }
            if index + 16 <= count, (ByteWords.load(bytes, at: index) | ByteWords.load(bytes, at: index + 8)) & 0x8080_8080_8080_8080 == 0 {
                index += 16
                continue
            }
            if index + 8 <= count {
                let high = ByteWords.load(bytes, at: index) & 0x8080_8080_8080_8080
                if high == 0 {
                    index += 8
                    continue
                }
                // Past the ASCII bytes before the word's first byte of 0x80 or more.
                index += high.trailingZeroBitCount >> 3
            } else if bytes[index] < 0x80 {
                index += 1
                continue
            }
            guard let length = UTF8Sequence.length(in: bytes, at: index) else { return false }
            index += length
        }
        return true
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

    private static func isLower(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
    }

    /// A property or parameter name (ASCII name bytes only), upper-cased. Names of up to
    /// 15 bytes, nearly all of them, become small strings without an allocation.
    package static func upper(_ slice: UnsafeBufferPointer<UInt8>) -> String {
        guard slice.contains(where: isLower) else { return String(decoding: slice, as: UTF8.self) }
        return String(unsafeUninitializedCapacity: slice.count) { buffer in
            for (index, byte) in slice.enumerated() { buffer[index] = isLower(byte) ? byte - 0x20 : byte }
            return slice.count
        }
    }

    /// Parses the bytes of one logical line that starts on line `number`, byte `offset`.
    public mutating func parse(_ line: UnsafeBufferPointer<UInt8>, line number: Int, offset: Int) -> Entry {
        let shape: ContentLineShape
        switch ContentLineShape.scan(line) {
        case .success(let found):
            shape = found
        case .failure(.noName):
            return .malformed(reason: "a content line must start with a property name", raw: text(line, line: number, offset: offset), line: number, offset: offset)
        case .failure(let reason):
            let name = Self.upper(UnsafeBufferPointer(rebasing: line[0..<Self.nameEnd(of: line)]))
            return .malformed(reason: Self.reason(reason, name: name, in: line), raw: text(line, line: number, offset: offset), line: number, offset: offset)
        }
        let nameBytes = UnsafeBufferPointer(rebasing: line[0..<shape.nameEnd])
        let name = Self.upper(nameBytes)
        // The common line, `NAME:value`: the value is the one string made, and the line
        // itself is kept only when its name was not in upper case.
        guard shape.hasParameters else {
            let value = text(UnsafeBufferPointer(rebasing: line[shape.valueStart...]), line: number, offset: offset)
            guard !nameBytes.contains(where: Self.isLower) else {
                return .line(ICalProperty(name: name, value: value, raw: text(line, line: number, offset: offset), line: number, offset: offset))
            }
            return .line(ICalProperty(plainLine: name, value: value, line: number, offset: offset))
        }
        let (raw, rawIsExact) = decode(line, line: number, offset: offset)
        var parameters: [ICalParameter] = []
        ContentLineShape.walkParameters(line, from: shape.nameEnd) { parameterName, value, first in
            if first { parameters.append(ICalParameter(name: Self.upper(UnsafeBufferPointer(rebasing: line[parameterName])), values: [])) }
            parameters[parameters.count - 1].values.append(Self.decodeCarets(part(value, of: line, rawIsExact: rawIsExact, number: number, offset: offset)))
        }
        let value = part(shape.valueStart..<line.count, of: line, rawIsExact: rawIsExact, number: number, offset: offset)
        return .line(ICalProperty(name: name, parameters: parameters, value: value, raw: raw, line: number, offset: offset))
    }

    /// Where the name bytes at the start of `line` end.
    private static func nameEnd(of line: UnsafeBufferPointer<UInt8>) -> Int {
        ContentLineShape.nameBytesEnd(line, from: 0)
    }

    /// What a warning says about a line of property `name` that is broken for `reason`.
    package static func reason(_ reason: ContentLineShape.Malformed, name: String, in line: UnsafeBufferPointer<UInt8>) -> String {
        switch reason {
        case .noName: return "a content line must start with a property name"
        case .parameterNotNameValue: return "parameter of \(name) is not NAME=value"
        case .unclosedQuote(let parameter): return "parameter \(upper(UnsafeBufferPointer(rebasing: line[parameter]))) of \(name) has no closing quote"
        case .noColon: return "\(name) has no ':' before its value"
        }
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
