import AlmanacCore

/// A small JSON parser on bytes (RFC 8259) for what jCal needs: values with the
/// offset where each starts, numbers kept as their text, strings validated as UTF-8.
struct JCalJSONReader {
    /// The deepest nesting of arrays and objects accepted (deeper input is an error,
    /// not a stack overflow).
    static let maximumDepth = 256

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    }

    /// The one JSON value the input holds.
    mutating func parseDocument() throws -> JCalJSON {
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw error("text after the JSON value") }
        return value
    }

    private func error(_ reason: String, at offset: Int? = nil) -> JCalDecodingError {
        .invalidJSON(reason, at: SourcePosition(offset: offset ?? index, in: bytes))
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws -> JCalJSON {
        guard index < bytes.count else { throw error("a value is missing at the end of the input") }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "["):
            return JCalJSON(value: .array(try parseArray()), offset: start)
        case UInt8(ascii: "{"):
            return JCalJSON(value: .object(try parseObject()), offset: start)
        case UInt8(ascii: "\""):
            return JCalJSON(value: .string(try parseString()), offset: start)
        case UInt8(ascii: "t"):
            try literal("true")
            return JCalJSON(value: .bool(true), offset: start)
        case UInt8(ascii: "f"):
            try literal("false")
            return JCalJSON(value: .bool(false), offset: start)
        case UInt8(ascii: "n"):
            try literal("null")
            return JCalJSON(value: .null, offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JCalJSON(value: .number(try parseNumber()), offset: start)
        default:
            throw error("unexpected character '\(Unicode.Scalar(bytes[index]).escaped(asASCII: true))'")
        }
    }

    private mutating func literal(_ word: StaticString) throws {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count,
              (0..<count).allSatisfy({ bytes[index + $0] == word.utf8Start[$0] }) else {
            throw error("expected \(word)")
        }
        index += count
    }

    private mutating func enter() throws {
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw JCalDecodingError.tooDeep(limit: Self.maximumDepth, at: SourcePosition(offset: index, in: bytes))
        }
    }

    private mutating func parseArray() throws -> [JCalJSON] {
        try enter()
        defer { depth -= 1 }
        index += 1
        var elements: [JCalJSON] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return elements
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw error("an array is not closed with ']'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return elements
            } else {
                throw error("expected ',' or ']' in an array")
            }
        }
    }

    private mutating func parseObject() throws -> [(key: String, value: JCalJSON)] {
        try enter()
        defer { depth -= 1 }
        index += 1
        var members: [(key: String, value: JCalJSON)] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return members
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a member name in quotes") }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after a member name") }
            index += 1
            skipWhitespace()
            members.append((key, try parseValue()))
            skipWhitespace()
            guard index < bytes.count else { throw error("an object is not closed with '}'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return members
            } else {
                throw error("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func parseNumber() throws -> String {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits() -> Int {
            let first = index
            while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
            return index - first
        }
        let integerStart = index
        guard digits() > 0 else { throw error("a number needs digits") }
        if bytes[integerStart] == UInt8(ascii: "0"), index - integerStart > 1 { throw error("a number cannot start with 0", at: integerStart) }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw error("a number needs digits after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw error("a number needs digits in its exponent") }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    private mutating func parseString() throws -> String {
        index += 1
        let start = index
        // The common case: no escapes, so the bytes are the string.
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"), bytes[index] >= 0x20 {
            index += 1
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            defer { index += 1 }
            return try text(UnsafeBufferPointer(rebasing: bytes[start..<index]), at: start)
        }
        var scratch = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while true {
            guard index < bytes.count else { throw error("a string is not closed with '\"'", at: start - 1) }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return try scratch.withUnsafeBufferPointer { try text($0, at: start) }
            }
            guard byte >= 0x20 else { throw error("a control character must be escaped in a string") }
            guard byte == UInt8(ascii: "\\") else {
                scratch.append(byte)
                index += 1
                continue
            }
            index += 1
            guard index < bytes.count else { throw error("a string ends inside an escape") }
            let escaped = bytes[index]
            index += 1
            switch escaped {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(escaped)
            case UInt8(ascii: "b"): scratch.append(0x08)
            case UInt8(ascii: "f"): scratch.append(0x0C)
            case UInt8(ascii: "n"): scratch.append(0x0A)
            case UInt8(ascii: "r"): scratch.append(0x0D)
            case UInt8(ascii: "t"): scratch.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hexQuad()
                if (0xD800..<0xDC00).contains(scalar) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                        throw error("a \\u escape of a high surrogate needs its low surrogate")
                    }
                    index += 2
                    let low = try hexQuad()
                    guard (0xDC00..<0xE000).contains(low) else { throw error("not a low surrogate") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00..<0xE000).contains(scalar) {
                    throw error("a lone low surrogate")
                }
                scratch.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
            default:
                throw error("'\\\(Unicode.Scalar(escaped).escaped(asASCII: true))' is not a JSON escape", at: index - 2)
            }
        }
    }

    private mutating func hexQuad() throws -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("a \\u escape needs four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a")) + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A")) + 10
            default: throw error("a \\u escape needs four hex digits")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    private func text(_ slice: UnsafeBufferPointer<UInt8>, at offset: Int) throws -> String {
        guard let valid = String(validating: slice, as: UTF8.self) else { throw error("a string is not valid UTF-8", at: offset) }
        return valid
    }
}
