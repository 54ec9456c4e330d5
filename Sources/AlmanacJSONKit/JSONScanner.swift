import AlmanacCore

/// The RFC 8259 grammar at the byte level, shared by every JSON reader of almanac (the tape
/// of ``JSONReader``, the model readers of the json formats, ``opaqueValue()``): white
/// space, strings checked for UTF-8, escapes, surrogate pairs and raw control characters,
/// numbers, literals and the nesting limit, each failure a ``JSONSyntaxError`` at its offset.
///
/// The bytes may stop before the input does (the window of a stream, ``isFinal`` false):
/// then running out of them sets ``ranOut`` and otherwise reads as the end of the input, so
/// the caller throws away what it read and reads the same value again with more bytes.
package struct JSONScanner {
    package let bytes: UnsafeBufferPointer<UInt8>
    /// The next byte.
    package var index: Int
    /// Whether the input ends where ``bytes`` end.
    package let isFinal: Bool
    /// Whether a read needed a byte past the end of ``bytes`` that is not the end of the input.
    package private(set) var ranOut = false
    /// How many arrays and objects are open around ``index``, in the whole input.
    package var depth: Int
    package let maximumDepth: Int

    package init(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int = 0, isFinal: Bool = true, depth: Int = 0, maximumDepth: Int = JSONReader.defaultMaximumDepth) {
        self.bytes = bytes
        self.index = index
        self.isFinal = isFinal
        self.depth = depth
        self.maximumDepth = maximumDepth
    }

    /// Whether `count` more bytes are there; when they are not, notes that the bytes ran out.
    @inline(__always)
    package mutating func has(_ count: Int = 1) -> Bool {
        if index + count <= bytes.count { return true }
        if !isFinal { ranOut = true }
        return false
    }

    /// Steps over white space. Inlined where it is called (most calls find none), the
    /// rest in ``skipWhitespaceRun()``.
    @inlinable @inline(__always)
    package mutating func skipWhitespace() {
        if index < bytes.count, bytes[index] > UInt8(ascii: " ") { return }
        skipWhitespaceRun()
    }

    /// Steps over white space; a run of spaces (a pretty document's indent) eight at a time.
    package mutating func skipWhitespaceRun() {
        let count = bytes.count
        if let base = bytes.baseAddress {
            // A pretty document's usual run, a line feed and an indent, in one look at the
            // eight bytes after the line feed (the loop below goes on past a longer indent).
            if index &+ 9 <= count, base[index] == UInt8(ascii: "\n") {
                let others = UInt64(littleEndian: UnsafeRawPointer(base + (index &+ 1)).loadUnaligned(as: UInt64.self)) ^ Self.spaces
                let next = index &+ 1 &+ others.trailingZeroBitCount &>> 3
                if others == 0 {
                    index &+= 9
                } else if base[next] > UInt8(ascii: " ") {
                    index = next
                    return
                }
            }
            while index < count {
                switch base[index] {
                case UInt8(ascii: " "):
                    guard index &+ 8 <= count else {
                        index &+= 1
                        continue
                    }
                    let others = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) ^ Self.spaces
                    index &+= others == 0 ? 8 : others.trailingZeroBitCount &>> 3
                case UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): index &+= 1
                default: return
                }
            }
        }
        _ = has()
    }

    private static let spaces: UInt64 = 0x2020_2020_2020_2020

    /// The next byte; the end of the input is an error that says what was `expected`.
    @inlinable @inline(__always)
    package mutating func peek(expected: @autoclosure () -> String) throws(JSONSyntaxError) -> UInt8 {
        if index < bytes.count { return bytes[index] }
        try endOfBytes(expected: expected())
    }

    /// Steps over `byte`, which must come next.
    @inlinable @inline(__always)
    package mutating func expect(_ byte: UInt8, _ expected: @autoclosure () -> String) throws(JSONSyntaxError) {
        if index < bytes.count, bytes[index] == byte {
            index += 1
            return
        }
        try unexpected(expected: expected())
    }

    /// The error at the end of the bytes (where ``ranOut`` is noted when they are not the
    /// end of the input): `expected` did not come.
    package mutating func endOfBytes(expected: String) throws(JSONSyntaxError) -> Never {
        _ = has()
        throw JSONSyntaxError.unexpectedEnd(expected: expected, offset: index)
    }

    /// The error for the next byte, or the end of the bytes, when `expected` should have come.
    package mutating func unexpected(expected: String) throws(JSONSyntaxError) -> Never {
        guard index < bytes.count else { try endOfBytes(expected: expected) }
        throw JSONSyntaxError.unexpectedCharacter(found: Self.describe(bytes[index]), expected: expected, offset: index)
    }

    /// Opens the array or object whose bracket is next, refused past ``maximumDepth``.
    package mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > maximumDepth { throw JSONSyntaxError.tooDeep(limit: maximumDepth, offset: index) }
    }

    /// After a member or element: `true` past a `,`, `false` past the closing `bracket`.
    @inlinable @inline(__always)
    package mutating func nextMember(closing bracket: UInt8) throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        if index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ",") {
                index += 1
                return true
            }
            if byte == bracket {
                index += 1
                depth -= 1
                return false
            }
        }
        try unexpected(expected: bracket == UInt8(ascii: "}") ? "',' or '}'" : "',' or ']'")
    }

    // MARK: Strings

    /// Steps over the string whose opening quote is next, checking it (UTF-8, escapes, no
    /// raw control characters); returns whether it holds a backslash escape. Runs of
    /// printable ASCII (the most of most strings) are stepped over eight bytes at a time.
    package mutating func scanString() throws(JSONSyntaxError) -> Bool {
        index += 1
        var escapes = false
        let count = bytes.count
        while true {
            if let base = bytes.baseAddress {
                while index &+ 8 <= count {
                    let stops = Self.stops(UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)))
                    if stops != 0 {
                        index &+= stops.trailingZeroBitCount &>> 3
                        break
                    }
                    index &+= 8
                }
            }
            while index < count {
                let byte = bytes[index]
                guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") else { break }
                index += 1
            }
            guard has() else { break }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return escapes
            case UInt8(ascii: "\\"):
                escapes = true
                try checkEscape()
            case 0..<0x20:
                throw JSONSyntaxError.controlCharacter(byte, offset: index)
            case 0x20..<0x80:
                index += 1
            default:
                let length = UTF8Sequence.length(in: bytes, at: index) ?? 0
                guard length > 0 else {
                    if index + 4 > count { _ = has(4) }
                    throw JSONSyntaxError.invalidUTF8(offset: index)
                }
                index += length
            }
        }
        throw JSONSyntaxError.unexpectedEnd(expected: "'\"' to close the string", offset: index)
    }

    /// The high bit of each byte of `word` (little-endian) that stops a run of plain string
    /// content: a quote, a backslash, a control character or a byte of a multi-byte
    /// sequence. Only the lowest is exact (a borrow runs on only past a byte that stops),
    /// which is all ``scanString()`` asks: where the run ends.
    @inline(__always)
    private static func stops(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
        let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
        return ((quote &- ones) | (backslash &- ones) | (word &- ones &* 0x20) | word) & (ones &* 0x80)
    }

    /// The text of the string from `start` (its opening quote) to `end` (past its closing
    /// quote), which ``scanString()`` checked; `escapes` is what it returned.
    package func string(from start: Int, to end: Int, escapes: Bool) -> String {
        let content = UnsafeBufferPointer(rebasing: bytes[(start + 1)..<(end - 1)])
        guard escapes else { return String(decoding: content, as: UTF8.self) }
        return JSONStringEscapes.unescapedString(content)
    }

    /// Reads the string that comes next: its text and whether it held an escape.
    package mutating func readString() throws(JSONSyntaxError) -> (text: String, escapes: Bool) {
        let start = index
        let escapes = try scanString()
        return (string(from: start, to: index, escapes: escapes), escapes)
    }

    /// Steps over one backslash escape, refusing escapes JSON does not have and lone surrogates.
    private mutating func checkEscape() throws(JSONSyntaxError) {
        let escapeStart = index
        index += 1
        guard has() else { throw JSONSyntaxError.unexpectedEnd(expected: "an escape", offset: index) }
        let letter = bytes[index]
        index += 1
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
             UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return
        case UInt8(ascii: "u"):
            let scalar = try hex4(escapeStart)
            if (0xD800..<0xDC00).contains(scalar) {
                guard has(2), bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw JSONSyntaxError.invalidEscape("lone surrogate", offset: escapeStart)
                }
                index += 2
                let low = try hex4(escapeStart)
                guard (0xDC00..<0xE000).contains(low) else {
                    throw JSONSyntaxError.invalidEscape("lone surrogate", offset: escapeStart)
                }
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw JSONSyntaxError.invalidEscape("lone surrogate", offset: escapeStart)
            }
        default:
            throw JSONSyntaxError.invalidEscape("'\\\(String(decoding: [letter], as: UTF8.self))'", offset: escapeStart)
        }
    }

    private mutating func hex4(_ escapeStart: Int) throws(JSONSyntaxError) -> UInt32 {
        guard has(4) else { throw JSONSyntaxError.unexpectedEnd(expected: "four hex digits", offset: index) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw JSONSyntaxError.invalidEscape("'\\u' needs four hex digits", offset: escapeStart)
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    // MARK: Numbers and literals

    /// Checks the number that comes next against the JSON grammar and steps over it.
    package mutating func scanNumber() throws(JSONSyntaxError) {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        let integerDigits = digits()
        guard integerDigits > 0, !(integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0")) else { throw numberError(start) }
        if has(), bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw numberError(start) }
        }
        if has(), bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if has(), bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw numberError(start) }
        }
        if has(), !Self.isDelimiter(bytes[index]) { throw numberError(start) }
    }

    private mutating func digits() -> Int {
        let first = index
        while has(), bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
        return index - first
    }

    /// The error for the number at `start`, with its text up to a delimiter.
    private mutating func numberError(_ start: Int) -> JSONSyntaxError {
        index = start
        while has(), !Self.isDelimiter(bytes[index]) { index += 1 }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        index = start
        return JSONSyntaxError.invalidNumber(text, offset: start)
    }

    /// Steps over `word` (`true`, `false`, `null`), which must come next and end there.
    package mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let start = index
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for byte in expected {
            guard has(), bytes[index] == byte else {
                index = Swift.min(start + 1, bytes.count)
                while has(), !Self.isDelimiter(bytes[index]), index - start < 20 { index += 1 }
                let found = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index = start
                throw JSONSyntaxError.unexpectedCharacter(found: "'\(found)'", expected: "a value", offset: start)
            }
            index += 1
        }
        if has(), !Self.isDelimiter(bytes[index]) {
            throw JSONSyntaxError.unexpectedCharacter(found: Self.describe(bytes[index]), expected: "',' or the end of the value", offset: index)
        }
    }

    // MARK: Helpers

    /// Whether `byte` may follow a literal or a number.
    package static func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"),
             UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ":"):
            return true
        default:
            return false
        }
    }

    /// A byte as errors name it: `'x'`, or `byte 0x0` when it does not print.
    package static func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "'\(String(decoding: [byte], as: UTF8.self))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    /// The JSON type's name of the value that starts with `byte` (which a reader has
    /// checked), for messages such as "expected a string, found an array".
    package static func typeName(startingWith byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: "{"): return "an object"
        case UInt8(ascii: "["): return "an array"
        case UInt8(ascii: "\""): return "a string"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return "a boolean"
        case UInt8(ascii: "n"): return "null"
        default: return "a number"
        }
    }
}
