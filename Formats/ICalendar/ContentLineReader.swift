/// Splits iCalendar bytes into unfolded content lines, working on bytes.
///
/// Accepts CRLF and bare LF line ends, a UTF-8 byte order mark, folded lines
/// (a line starting with a space or tab continues the one before), names in any
/// case, quoted parameter values and RFC 6868 caret escapes. Unfolding happens
/// before UTF-8 decoding, so a fold inside a multi-byte character is harmless.
struct ContentLineReader {
    /// What the reader found on one logical line.
    enum Entry {
        /// A well-formed content line.
        case line(ContentLine)
        /// A line that is not `NAME[;PARAM=…]:value`; `reason` says why.
        case malformed(reason: String, raw: String, line: Int, offset: Int)
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index: Int
    private var lineNumber = 1
    /// Bytes of the current logical line when it had to be joined from several.
    private var scratch: [UInt8] = []
    /// Lines whose bytes were not valid UTF-8 (decoded with replacement characters).
    private(set) var invalidUTF8Lines: [(line: Int, offset: Int)] = []

    private static let cr = UInt8(ascii: "\r")
    private static let lf = UInt8(ascii: "\n")
    private static let space = UInt8(ascii: " ")
    private static let tab = UInt8(ascii: "\t")

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        index = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    }

    /// The end of the physical line starting at `start` (the index of its `\n`,
    /// or the end of input) and the end of its content (before `\r\n`).
    private func physicalLine(from start: Int) -> (contentEnd: Int, next: Int) {
        var cursor = start
        let count = bytes.count
        while cursor < count && bytes[cursor] != Self.lf { cursor += 1 }
        var contentEnd = cursor
        if contentEnd > start && bytes[contentEnd - 1] == Self.cr { contentEnd -= 1 }
        return (contentEnd, cursor < count ? cursor + 1 : count)
    }

    /// The next logical line, or `nil` at the end of the input. Blank lines are skipped.
    mutating func next() -> Entry? {
        while index < bytes.count {
            let startLine = lineNumber
            let startOffset = index
            var (contentEnd, next) = physicalLine(from: index)
            lineNumber += 1
            // A folded line: gather the continuations.
            var joined = false
            if next < bytes.count, bytes[next] == Self.space || bytes[next] == Self.tab {
                scratch.removeAll(keepingCapacity: true)
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[startOffset..<contentEnd]))
                while next < bytes.count, bytes[next] == Self.space || bytes[next] == Self.tab {
                    let (end, after) = physicalLine(from: next)
                    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[(next + 1)..<max(end, next + 1)]))
                    lineNumber += 1
                    next = after
                }
                joined = true
            }
            index = next
            if joined {
                if scratch.isEmpty { continue }
                let entry = scratch.withUnsafeBufferPointer { parse($0, line: startLine, offset: startOffset) }
                return entry
            }
            if contentEnd == startOffset { continue }
            return parse(UnsafeBufferPointer(rebasing: bytes[startOffset..<contentEnd]), line: startLine, offset: startOffset)
        }
        return nil
    }

    // MARK: Parsing one line

    private mutating func text(_ slice: UnsafeBufferPointer<UInt8>, line: Int, offset: Int) -> String {
        if let valid = String(validating: slice, as: UTF8.self) { return valid }
        if invalidUTF8Lines.last?.line != line { invalidUTF8Lines.append((line, offset)) }
        return String(decoding: slice, as: UTF8.self)
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

    private static func upper(_ slice: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: slice.lazy.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }, as: UTF8.self)
    }

    private mutating func parse(_ line: UnsafeBufferPointer<UInt8>, line number: Int, offset: Int) -> Entry {
        let raw = text(line, line: number, offset: offset)
        var cursor = 0
        while cursor < line.count && Self.isNameByte(line[cursor]) { cursor += 1 }
        guard cursor > 0 else {
            return .malformed(reason: "a content line must start with a property name", raw: raw, line: number, offset: offset)
        }
        let name = Self.upper(UnsafeBufferPointer(rebasing: line[0..<cursor]))
        var parameters: [ContentParameter] = []
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
                var valueBytes: UnsafeBufferPointer<UInt8>
                if cursor < line.count && line[cursor] == UInt8(ascii: "\"") {
                    let start = cursor + 1
                    var end = start
                    while end < line.count && line[end] != UInt8(ascii: "\"") { end += 1 }
                    guard end < line.count else {
                        return .malformed(reason: "parameter \(parameterName) of \(name) has no closing quote", raw: raw, line: number, offset: offset)
                    }
                    valueBytes = UnsafeBufferPointer(rebasing: line[start..<end])
                    cursor = end + 1
                } else {
                    let start = cursor
                    while cursor < line.count, line[cursor] != UInt8(ascii: ","), line[cursor] != UInt8(ascii: ";"), line[cursor] != UInt8(ascii: ":") {
                        cursor += 1
                    }
                    valueBytes = UnsafeBufferPointer(rebasing: line[start..<cursor])
                }
                values.append(Self.decodeCarets(text(valueBytes, line: number, offset: offset)))
                if cursor < line.count && line[cursor] == UInt8(ascii: ",") {
                    cursor += 1
                    continue
                }
                break
            }
            parameters.append(ContentParameter(name: parameterName, values: values))
        }
        guard cursor < line.count, line[cursor] == UInt8(ascii: ":") else {
            return .malformed(reason: "\(name) has no ':' before its value", raw: raw, line: number, offset: offset)
        }
        let value = text(UnsafeBufferPointer(rebasing: line[(cursor + 1)...]), line: number, offset: offset)
        return .line(ContentLine(name: name, parameters: parameters, value: value, raw: raw, line: number, offset: offset))
    }

    /// RFC 6868: `^n` is a newline, `^^` a caret, `^'` a double quote; any other
    /// caret stays as written.
    static func decodeCarets(_ text: String) -> String {
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
