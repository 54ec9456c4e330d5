import AlmanacCore

/// Parses RFC 8259 JSON from bytes into a ``JSONTape``, strictly: no comments,
/// no trailing commas, UTF-8 checked, escapes and surrogate pairs checked, depth limited
/// (deeper input is an error, not a stack overflow), and every key that repeats in an
/// object found: refused or reported, as ``DuplicateKeys`` says. A leading byte-order
/// mark is skipped by ``parseDocument()``.
///
/// Everything is checked here, so that reading a string or number from the tape later
/// cannot fail; but nothing is decoded: strings and numbers stay as byte ranges.
/// Errors carry the offset in the bytes read; the codec turns it into a position.
package struct JSONReader {
    /// What a key that appears twice in one object is.
    package enum DuplicateKeys: Sendable {
        /// An error (``JSONSyntaxError/duplicateKey(_:offset:firstOffset:)``): the almanac formats.
        case refuse
        /// Kept, both members, and listed in ``duplicateKeys``: formats read as sites write them.
        case report
    }

    /// The nesting of arrays and objects accepted unless the caller says otherwise.
    package static let defaultMaximumDepth = 256

    private let bytes: UnsafeBufferPointer<UInt8>
    private let maximumDepth: Int
    private let duplicates: DuplicateKeys
    private var index = 0
    private var depth = 0
    private var tape: JSONTape
    /// The key nodes of the objects being read, innermost last (duplicate keys are looked for here).
    private var openKeys: [Int] = []
    /// Keys that appeared twice in one object, in the order they were read (``DuplicateKeys/report``).
    package private(set) var duplicateKeys: [JSONDuplicateKey] = []

    /// A reader over `bytes`, which must outlive it and the values it reads. `depth` is how
    /// deeply the bytes sit in a whole input (an element of a streamed document's array,
    /// read on its own).
    package init(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int = JSONReader.defaultMaximumDepth, depth: Int = 0, duplicates: DuplicateKeys = .refuse) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        self.duplicates = duplicates
        self.depth = depth
        tape = JSONTape(bytes: bytes)
        tape.nodes.reserveCapacity(max(16, bytes.count / 12))
    }

    /// Parses the one value the input holds, with nothing but white space around it.
    package mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        skipWhitespace()
        try parseValue()
        skipWhitespace()
        if index < bytes.count {
            throw JSONSyntaxError.unexpectedCharacter(found: describe(bytes[index]), expected: "end of input", offset: index)
        }
        return JSONValue(tape: tape, index: 0)
    }

    /// Parses the bytes as one value of a larger input, which they hold exactly: no
    /// byte-order mark or white space around it (a stream reader cut them out).
    package mutating func parseElement() throws(JSONSyntaxError) -> JSONValue {
        try parseValue()
        if index < bytes.count {
            throw JSONSyntaxError.unexpectedCharacter(found: describe(bytes[index]), expected: "end of the value", offset: index)
        }
        return JSONValue(tape: tape, index: 0)
    }

    // MARK: Values

    /// Appends the value at `index` (and what it holds) to the tape.
    private mutating func parseValue() throws(JSONSyntaxError) {
        guard index < bytes.count else { throw JSONSyntaxError.unexpectedEnd(expected: "a value", offset: index) }
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
            throw JSONSyntaxError.unexpectedCharacter(found: describe(bytes[index]), expected: "a value", offset: index)
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

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > maximumDepth {
            throw JSONSyntaxError.tooDeep(limit: maximumDepth, offset: index)
        }
    }

    private mutating func parseObject() throws(JSONSyntaxError) {
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
                throw JSONSyntaxError.unexpectedCharacter(found: describe(bytes[index]), expected: "a key in double quotes", offset: index)
            }
            let key = tape.nodes.count
            try parseString()
            for earlier in openKeys[firstKey...] where tape.sameText(earlier, key) {
                let duplicate = JSONDuplicateKey(key: tape.string(at: key), offset: keyOffset, firstOffset: tape.nodes[earlier].start)
                guard duplicates == .report else {
                    throw JSONSyntaxError.duplicateKey(duplicate.key, offset: duplicate.offset, firstOffset: duplicate.firstOffset)
                }
                duplicateKeys.append(duplicate)
                break
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

    private mutating func parseArray() throws(JSONSyntaxError) {
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
    private mutating func parseString() throws(JSONSyntaxError) {
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
                throw JSONSyntaxError.controlCharacter(byte, offset: index)
            case 0x20..<0x80:
                index += 1
            default:
                try skipUTF8Scalar()
            }
        }
        throw JSONSyntaxError.unexpectedEnd(expected: "'\"' to close the string", offset: index)
    }

    /// Steps over one backslash escape, refusing escapes JSON does not have and lone surrogates.
    private mutating func checkEscape() throws(JSONSyntaxError) {
        let escapeStart = index
        index += 1
        guard index < bytes.count else { throw JSONSyntaxError.unexpectedEnd(expected: "an escape", offset: index) }
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
        guard index + 4 <= bytes.count else { throw JSONSyntaxError.unexpectedEnd(expected: "four hex digits", offset: index) }
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

    /// Steps over one multi-byte UTF-8 scalar, refusing overlong forms, surrogates and bytes past U+10FFFF.
    private mutating func skipUTF8Scalar() throws(JSONSyntaxError) {
        guard let count = UTF8Sequence.length(in: bytes, at: index) else { throw JSONSyntaxError.invalidUTF8(offset: index) }
        index += count
    }

    // MARK: Numbers and literals

    /// Checks a number against the JSON grammar and steps over it.
    private mutating func parseNumber() throws(JSONSyntaxError) {
        let start = index
        func digits() -> Int {
            let first = index
            while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
            return index - first
        }
        func fail() -> JSONSyntaxError {
            var end = index
            while end < bytes.count, !Self.isDelimiter(bytes[end]) { end += 1 }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
            return JSONSyntaxError.invalidNumber(text, offset: start)
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

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let start = index
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for byte in expected {
            guard index < bytes.count, bytes[index] == byte else {
                var end = Swift.min(start + 1, bytes.count)
                while end < bytes.count, !Self.isDelimiter(bytes[end]), end - start < 20 { end += 1 }
                let found = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                throw JSONSyntaxError.unexpectedCharacter(found: "'\(found)'", expected: "a value", offset: start)
            }
            index += 1
        }
        if index < bytes.count, !Self.isDelimiter(bytes[index]) {
            throw JSONSyntaxError.unexpectedCharacter(found: describe(bytes[index]), expected: "',' or the end of the value", offset: index)
        }
    }

    // MARK: Helpers

    /// Whether `byte` may follow a literal or a number (the stream cursor asks too).
    package static func isDelimiter(_ byte: UInt8) -> Bool {
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

    private func peek(expected: String) throws(JSONSyntaxError) -> UInt8 {
        guard index < bytes.count else { throw JSONSyntaxError.unexpectedEnd(expected: expected, offset: index) }
        return bytes[index]
    }

    private mutating func expect(_ byte: UInt8, _ expected: String) throws(JSONSyntaxError) {
        guard try peek(expected: expected) == byte else {
            throw JSONSyntaxError.unexpectedCharacter(found: describe(bytes[index]), expected: expected, offset: index)
        }
        index += 1
    }

    private func describe(_ byte: UInt8) -> String {
        Self.describe(byte)
    }

    /// A byte as errors name it: `'x'`, or `byte 0x0` when it does not print.
    package static func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "'\(String(decoding: [byte], as: UTF8.self))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }
}
