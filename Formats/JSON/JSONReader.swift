import AlmanacCore

/// Parses RFC 8259 JSON from bytes into ``JSONValue``s, strictly: no comments,
/// no trailing commas, UTF-8 checked, duplicate keys refused, depth limited.
/// A leading byte-order mark is skipped.
struct JSONReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let options: JSONDecodingOptions
    private var index = 0
    private var depth = 0
    /// Turns offsets in `bytes` into positions in the whole input.
    let sourceMap: JSONSourceMap

    init(_ sourceMap: JSONSourceMap, options: JSONDecodingOptions) {
        self.bytes = sourceMap.bytes
        self.sourceMap = sourceMap
        self.options = options
    }

    /// Parses the one value the input holds, with nothing but white space after it.
    mutating func parseDocument() throws -> JSONValue {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        if index < bytes.count {
            throw JSONDecodingError.unexpectedCharacter(found: describe(bytes[index]), expected: "end of input", at: position(index))
        }
        return value
    }

    private func position(_ offset: Int) -> SourcePosition {
        sourceMap.position(offset)
    }

    // MARK: Values

    private mutating func parseValue() throws -> JSONValue {
        guard index < bytes.count else { throw JSONDecodingError.unexpectedEnd(expected: "a value", at: position(index)) }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return JSONValue(kind: .string(try parseString()), start: start, end: index)
        case UInt8(ascii: "t"): try literal("true"); return JSONValue(kind: .bool(true), start: start, end: index)
        case UInt8(ascii: "f"): try literal("false"); return JSONValue(kind: .bool(false), start: start, end: index)
        case UInt8(ascii: "n"): try literal("null"); return JSONValue(kind: .null, start: start, end: index)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONValue(kind: .number(try parseNumber()), start: start, end: index)
        default:
            throw JSONDecodingError.unexpectedCharacter(found: describe(bytes[index]), expected: "a value", at: position(index))
        }
    }

    private mutating func enter() throws {
        depth += 1
        if depth > options.maximumDepth {
            throw JSONDecodingError.tooDeep(limit: options.maximumDepth, at: position(index))
        }
    }

    private mutating func parseObject() throws -> JSONValue {
        let start = index
        try enter()
        index += 1
        var members: [JSONMember] = []
        skipWhitespace()
        if try peek(expected: "a key or '}'") == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return JSONValue(kind: .object(members), start: start, end: index)
        }
        while true {
            skipWhitespace()
            let keyOffset = index
            guard try peek(expected: "a key") == UInt8(ascii: "\"") else {
                throw JSONDecodingError.unexpectedCharacter(found: describe(bytes[index]), expected: "a key in double quotes", at: position(index))
            }
            let key = try parseString()
            if members.contains(where: { $0.key == key }) {
                throw JSONDecodingError.duplicateKey(key, at: position(keyOffset))
            }
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "':' after the key")
            skipWhitespace()
            members.append(JSONMember(key: key, keyOffset: keyOffset, value: try parseValue()))
            skipWhitespace()
            if try peek(expected: "',' or '}'") == UInt8(ascii: ",") {
                index += 1
                continue
            }
            try expect(UInt8(ascii: "}"), "',' or '}'")
            depth -= 1
            return JSONValue(kind: .object(members), start: start, end: index)
        }
    }

    private mutating func parseArray() throws -> JSONValue {
        let start = index
        try enter()
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if try peek(expected: "a value or ']'") == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return JSONValue(kind: .array(elements), start: start, end: index)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            if try peek(expected: "',' or ']'") == UInt8(ascii: ",") {
                index += 1
                continue
            }
            try expect(UInt8(ascii: "]"), "',' or ']'")
            depth -= 1
            return JSONValue(kind: .array(elements), start: start, end: index)
        }
    }

    // MARK: Strings

    private mutating func parseString() throws -> String {
        index += 1
        let contentStart = index
        // Fast path: no escapes, so the string is the bytes between the quotes.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[contentStart..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw JSONDecodingError.controlCharacter(byte, at: position(index)) }
            if byte < 0x80 { index += 1 } else { try skipUTF8Scalar() }
        }
        var text = Array(bytes[contentStart..<index])
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try appendEscape(to: &text)
            case 0..<0x20:
                throw JSONDecodingError.controlCharacter(byte, at: position(index))
            case 0x20..<0x80:
                text.append(byte)
                index += 1
            default:
                let scalarStart = index
                try skipUTF8Scalar()
                text.append(contentsOf: bytes[scalarStart..<index])
            }
        }
        throw JSONDecodingError.unexpectedEnd(expected: "'\"' to close the string", at: position(index))
    }

    private mutating func appendEscape(to text: inout [UInt8]) throws {
        let escapeStart = index
        index += 1
        guard index < bytes.count else { throw JSONDecodingError.unexpectedEnd(expected: "an escape", at: position(index)) }
        let letter = bytes[index]
        index += 1
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(letter)
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "f"): text.append(0x0C)
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "r"): text.append(0x0D)
        case UInt8(ascii: "t"): text.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hex4(escapeStart)
            if (0xD800..<0xDC00).contains(scalar) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw JSONDecodingError.invalidEscape("lone surrogate", at: position(escapeStart))
                }
                index += 2
                let low = try hex4(escapeStart)
                guard (0xDC00..<0xE000).contains(low) else {
                    throw JSONDecodingError.invalidEscape("lone surrogate", at: position(escapeStart))
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw JSONDecodingError.invalidEscape("lone surrogate", at: position(escapeStart))
            }
            text.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
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

    private mutating func parseNumber() throws -> String {
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
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
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

    private static func isDelimiter(_ byte: UInt8) -> Bool {
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
        if byte >= 0x21 && byte < 0x7F { return "'\(String(decoding: [byte], as: UTF8.self))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }
}
