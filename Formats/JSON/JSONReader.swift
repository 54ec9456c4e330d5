import AlmanacCore

/// Parses RFC 8259 JSON from bytes into a ``JSONTape``, strictly: no comments,
/// no trailing commas, UTF-8 checked, duplicate keys refused, depth limited.
/// A leading byte-order mark is skipped.
///
/// Everything is checked here, so that reading a string or number from the tape later
/// cannot fail; but nothing is decoded: strings and numbers stay as byte ranges.
struct JSONReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let options: JSONDecodingOptions
    private var index = 0
    private var depth = 0
    private var tape: JSONTape
    /// The key nodes of the objects being read, innermost last (duplicate keys are looked for here).
    private var openKeys: [Int] = []
    /// Turns offsets in `bytes` into positions in the whole input.
    let sourceMap: JSONSourceMap

    /// `depth` is how deeply the bytes sit in the whole input (an element of a streamed
    /// document's array, read on its own, see ``JSONStreamReader``).
    init(_ sourceMap: JSONSourceMap, options: JSONDecodingOptions, depth: Int = 0) {
        self.bytes = sourceMap.bytes
        self.sourceMap = sourceMap
        self.options = options
        self.depth = depth
        tape = JSONTape(bytes: sourceMap.bytes)
        tape.nodes.reserveCapacity(max(16, sourceMap.bytes.count / 12))
    }

    /// Parses the one value the input holds, with nothing but white space after it.
    mutating func parseDocument() throws -> JSONValue {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        skipWhitespace()
        try parseValue()
        skipWhitespace()
        if index < bytes.count {
            throw JSONDecodingError.unexpectedCharacter(found: describe(bytes[index]), expected: "end of input", at: position(index))
        }
        return JSONValue(tape: tape, index: 0)
    }

    /// Parses the bytes as one value of a larger input, which they hold exactly: no
    /// byte-order mark or white space around it (``JSONStreamReader`` cut them out).
    mutating func parseElement() throws -> JSONValue {
        try parseValue()
        if index < bytes.count {
            throw JSONDecodingError.unexpectedCharacter(found: describe(bytes[index]), expected: "end of the value", at: position(index))
        }
        return JSONValue(tape: tape, index: 0)
    }

    private func position(_ offset: Int) -> SourcePosition {
        sourceMap.position(offset)
    }

    // MARK: Values

    /// Appends the value at `index` (and what it holds) to the tape.
    private mutating func parseValue() throws {
        guard index < bytes.count else { throw JSONDecodingError.unexpectedEnd(expected: "a value", at: position(index)) }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "{"): try parseObject()
        case UInt8(ascii: "["): try parseArray()
        case UInt8(ascii: "\""): try parseString()
        case UInt8(ascii: "t"): try literal("true"); append(.true, from: start)
        case UInt8(ascii: "f"): try literal("false"); append(.false, from: start)
        case UInt8(ascii: "n"): try literal("null"); append(.null, from: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try parseNumber()
            append(.number, from: start)
        default:
            throw JSONDecodingError.unexpectedCharacter(found: describe(bytes[index]), expected: "a value", at: position(index))
        }
    }

    /// A value without contents, from `start` to the current index.
    private mutating func append(_ type: JSONTape.ValueType, from start: Int, escapes: Bool = false) {
        tape.nodes.append(JSONTape.Node(type: type, hasEscapes: escapes, start: start, end: index, next: tape.nodes.count + 1))
    }

    /// Starts a container: its node, finished by ``close(_:count:)`` once its contents are on the tape.
    private mutating func open(_ type: JSONTape.ValueType) -> Int {
        tape.nodes.append(JSONTape.Node(type: type, start: index, end: index, next: 0))
        return tape.nodes.count - 1
    }

    private mutating func close(_ node: Int, count: Int) {
        tape.nodes[node].end = index
        tape.nodes[node].next = tape.nodes.count
        tape.nodes[node].count = count
    }

    private mutating func enter() throws {
        depth += 1
        if depth > options.maximumDepth {
            throw JSONDecodingError.tooDeep(limit: options.maximumDepth, at: position(index))
        }
    }

    private mutating func parseObject() throws {
        let node = open(.object)
        try enter()
        index += 1
        skipWhitespace()
        if try peek(expected: "a key or '}'") == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            close(node, count: 0)
            return
        }
        let firstKey = openKeys.count
        defer { openKeys.removeSubrange(firstKey...) }
        var count = 0
        while true {
            skipWhitespace()
            let keyOffset = index
            guard try peek(expected: "a key") == UInt8(ascii: "\"") else {
                throw JSONDecodingError.unexpectedCharacter(found: describe(bytes[index]), expected: "a key in double quotes", at: position(index))
            }
            let key = tape.nodes.count
            try parseString()
            for earlier in openKeys[firstKey...] where sameText(earlier, key) {
                throw JSONDecodingError.duplicateKey(tape.string(at: key), at: position(keyOffset))
            }
            openKeys.append(key)
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "':' after the key")
            skipWhitespace()
            try parseValue()
            count += 1
            skipWhitespace()
            if try peek(expected: "',' or '}'") == UInt8(ascii: ",") {
                index += 1
                continue
            }
            try expect(UInt8(ascii: "}"), "',' or '}'")
            depth -= 1
            close(node, count: count)
            return
        }
    }

    /// Whether two string nodes hold the same text.
    private func sameText(_ first: Int, _ second: Int) -> Bool {
        let a = tape.nodes[first]
        let b = tape.nodes[second]
        if a.hasEscapes || b.hasEscapes { return tape.string(at: first) == tape.string(at: second) }
        guard a.end - a.start == b.end - b.start else { return false }
        for offset in 0..<(a.end - a.start) where bytes[a.start + offset] != bytes[b.start + offset] { return false }
        return true
    }

    private mutating func parseArray() throws {
        let node = open(.array)
        try enter()
        index += 1
        skipWhitespace()
        if try peek(expected: "a value or ']'") == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            close(node, count: 0)
            return
        }
        var count = 0
        while true {
            skipWhitespace()
            try parseValue()
            count += 1
            skipWhitespace()
            if try peek(expected: "',' or ']'") == UInt8(ascii: ",") {
                index += 1
                continue
            }
            try expect(UInt8(ascii: "]"), "',' or ']'")
            depth -= 1
            close(node, count: count)
            return
        }
    }

    // MARK: Strings

    /// Checks a string (UTF-8, escapes, no raw control characters) and appends its node.
    private mutating func parseString() throws {
        let start = index
        index += 1
        var escapes = false
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                append(.string, from: start, escapes: escapes)
                return
            case UInt8(ascii: "\\"):
                escapes = true
                try checkEscape()
            case 0..<0x20:
                throw JSONDecodingError.controlCharacter(byte, at: position(index))
            case 0x20..<0x80:
                index += 1
            default:
                try skipUTF8Scalar()
            }
        }
        throw JSONDecodingError.unexpectedEnd(expected: "'\"' to close the string", at: position(index))
    }

    /// Steps over one backslash escape, refusing escapes JSON does not have and lone surrogates.
    private mutating func checkEscape() throws {
        let escapeStart = index
        index += 1
        guard index < bytes.count else { throw JSONDecodingError.unexpectedEnd(expected: "an escape", at: position(index)) }
        let letter = bytes[index]
        index += 1
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
             UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return
        case UInt8(ascii: "u"):
            let scalar = try hex4(escapeStart)
            if (0xD800..<0xDC00).contains(scalar) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw JSONDecodingError.invalidEscape("lone surrogate", at: position(escapeStart))
                }
                index += 2
                let low = try hex4(escapeStart)
                guard (0xDC00..<0xE000).contains(low) else {
                    throw JSONDecodingError.invalidEscape("lone surrogate", at: position(escapeStart))
                }
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw JSONDecodingError.invalidEscape("lone surrogate", at: position(escapeStart))
            }
        default:
            throw JSONDecodingError.invalidEscape("'\\\(String(decoding: [letter], as: UTF8.self))'", at: position(escapeStart))
        }
    }

    private mutating func hex4(_ escapeStart: Int) throws -> UInt32 {
        guard index + 4 <= bytes.count else { throw JSONDecodingError.unexpectedEnd(expected: "four hex digits", at: position(index)) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw JSONDecodingError.invalidEscape("'\\u' needs four hex digits", at: position(escapeStart))
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// Steps over one multi-byte UTF-8 scalar, refusing overlong forms, surrogates and bytes past U+10FFFF.
    private mutating func skipUTF8Scalar() throws {
        let lead = bytes[index]
        let count: Int
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: count = 2
        case 0xE0: count = 3; lower = 0xA0
        case 0xE1...0xEC, 0xEE, 0xEF: count = 3
        case 0xED: count = 3; upper = 0x9F
        case 0xF0: count = 4; lower = 0x90
        case 0xF1...0xF3: count = 4
        case 0xF4: count = 4; upper = 0x8F
        default: throw JSONDecodingError.invalidUTF8(at: position(index))
        }
        guard index + count <= bytes.count else { throw JSONDecodingError.invalidUTF8(at: position(index)) }
        let second = bytes[index + 1]
        guard second >= lower && second <= upper else { throw JSONDecodingError.invalidUTF8(at: position(index)) }
        for offset in 2..<count where bytes[index + offset] & 0xC0 != 0x80 {
            throw JSONDecodingError.invalidUTF8(at: position(index))
        }
        index += count
    }

    // MARK: Numbers and literals

    /// Checks a number against the JSON grammar and steps over it.
    private mutating func parseNumber() throws {
        let start = index
        func digits() -> Int {
            let first = index
            while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
            return index - first
        }
        func fail() -> JSONDecodingError {
            var end = index
            while end < bytes.count, !Self.isDelimiter(bytes[end]) { end += 1 }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
            return JSONDecodingError.invalidNumber(text, at: position(start))
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        let integerDigits = digits()
        guard integerDigits > 0, !(integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0")) else { throw fail() }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw fail() }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw fail() }
        }
        if index < bytes.count, !Self.isDelimiter(bytes[index]) { throw fail() }
    }

    private mutating func literal(_ word: StaticString) throws {
        let start = index
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for byte in expected {
            guard index < bytes.count, bytes[index] == byte else {
                var end = Swift.min(start + 1, bytes.count)
                while end < bytes.count, !Self.isDelimiter(bytes[end]), end - start < 20 { end += 1 }
                let found = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                throw JSONDecodingError.unexpectedCharacter(found: "'\(found)'", expected: "a value", at: position(start))
            }
            index += 1
        }
        if index < bytes.count, !Self.isDelimiter(bytes[index]) {
            throw JSONDecodingError.unexpectedCharacter(found: describe(bytes[index]), expected: "',' or the end of the value", at: position(index))
        }
    }

    // MARK: Helpers

    /// Whether `byte` may follow a literal or a number (the stream cursor asks too).
    static func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"),
             UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ":"):
            return true
        default:
            return false
        }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): index += 1
            default: return
            }
        }
    }

    private func peek(expected: String) throws -> UInt8 {
        guard index < bytes.count else { throw JSONDecodingError.unexpectedEnd(expected: expected, at: position(index)) }
        return bytes[index]
    }

    private mutating func expect(_ byte: UInt8, _ expected: String) throws {
        guard try peek(expected: expected) == byte else {
            throw JSONDecodingError.unexpectedCharacter(found: describe(bytes[index]), expected: expected, at: position(index))
        }
        index += 1
    }

    private func describe(_ byte: UInt8) -> String {
        Self.describe(byte)
    }

    /// A byte as errors name it: `'x'`, or `byte 0x0` when it does not print.
    static func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "'\(String(decoding: [byte], as: UTF8.self))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }
}
