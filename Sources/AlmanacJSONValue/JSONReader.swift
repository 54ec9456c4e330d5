/// A strict JSON reader on bytes (RFC 8259): one value with the offset where each part
/// starts, numbers kept as their text, strings checked as UTF-8, escapes and surrogate
/// pairs checked, nesting limited (deeper input is an error, not a stack overflow), and
/// repeated keys reported in ``duplicateKeys``. A leading byte-order mark is skipped.
public struct JSONReader {
    /// The nesting of arrays and objects accepted unless the caller says otherwise.
    public static let defaultMaximumDepth = 256

    /// The deepest nesting of arrays and objects this reader accepts.
    public let maximumDepth: Int
    /// Keys that appeared twice in one object, in the order they were read.
    public private(set) var duplicateKeys: [JSONDuplicateKey] = []

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0

    /// A reader over `bytes`, which must outlive it.
    public init(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int = JSONReader.defaultMaximumDepth) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    }

    /// The one JSON value the input holds, with nothing but white space around it.
    public mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw error("text after the JSON value") }
        return value
    }

    /// Reads `bytes` as one JSON document.
    public static func parse(_ bytes: [UInt8], maximumDepth: Int = JSONReader.defaultMaximumDepth) throws(JSONSyntaxError) -> JSONValue {
        let result: Result<JSONValue, JSONSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(buffer, maximumDepth: maximumDepth)
            do throws(JSONSyntaxError) {
                return .success(try reader.parseDocument())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private func error(_ reason: String, at offset: Int? = nil) -> JSONSyntaxError {
        .malformed(reason, offset: offset ?? index)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard index < bytes.count else { throw error("a value is missing at the end of the input") }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "["):
            return JSONValue(.array(try parseArray()), offset: start)
        case UInt8(ascii: "{"):
            return JSONValue(.object(try parseObject()), offset: start)
        case UInt8(ascii: "\""):
            return JSONValue(.string(try parseString()), offset: start)
        case UInt8(ascii: "t"):
            try literal("true")
            return JSONValue(.bool(true), offset: start)
        case UInt8(ascii: "f"):
            try literal("false")
            return JSONValue(.bool(false), offset: start)
        case UInt8(ascii: "n"):
            try literal("null")
            return JSONValue(.null, offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONValue(.number(try parseNumber()), offset: start)
        default:
            throw error("unexpected character '\(Unicode.Scalar(bytes[index]).escaped(asASCII: true))'")
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        var matches = index + count <= bytes.count
        var position = 0
        while matches, position < count {
            matches = bytes[index + position] == word.utf8Start[position]
            position += 1
        }
        guard matches else { throw error("expected \(word)") }
        index += count
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= maximumDepth else { throw .tooDeep(limit: maximumDepth, offset: index) }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> [JSONValue] {
        try enter()
        defer { depth -= 1 }
        index += 1
        var elements: [JSONValue] = []
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

    private mutating func parseObject() throws(JSONSyntaxError) -> [JSONMember] {
        try enter()
        defer { depth -= 1 }
        index += 1
        var members: [JSONMember] = []
        var seen: [String: Int] = [:]
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return members
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a member name in quotes") }
            let keyOffset = index
            let key = try parseString()
            if let first = seen[key] {
                duplicateKeys.append(JSONDuplicateKey(key: key, offset: keyOffset, firstOffset: first))
            } else {
                seen[key] = keyOffset
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after a member name") }
            index += 1
            skipWhitespace()
            members.append(JSONMember(key, try parseValue(), keyOffset: keyOffset))
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

    private mutating func digits() -> Int {
        let first = index
        while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
        return index - first
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> String {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
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

    private mutating func parseString() throws(JSONSyntaxError) -> String {
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
                guard let valid = String(validating: scratch, as: UTF8.self) else { throw error("a string is not valid UTF-8", at: start) }
                return valid
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
                scratch.append(contentsOf: try unicodeEscape().utf8)
            default:
                throw error("'\\\(Unicode.Scalar(escaped).escaped(asASCII: true))' is not a JSON escape", at: index - 2)
            }
        }
    }

    /// The character of a `\u` escape whose `\u` has been read, with its low surrogate.
    private mutating func unicodeEscape() throws(JSONSyntaxError) -> String {
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
        return String(Character(Unicode.Scalar(scalar)!))
    }

    private mutating func hexQuad() throws(JSONSyntaxError) -> UInt32 {
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

    private func text(_ slice: UnsafeBufferPointer<UInt8>, at offset: Int) throws(JSONSyntaxError) -> String {
        guard let valid = String(validating: slice, as: UTF8.self) else { throw error("a string is not valid UTF-8", at: offset) }
        return valid
    }
}
