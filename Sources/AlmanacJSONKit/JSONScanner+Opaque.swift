import AlmanacCore

extension JSONScanner {
    /// A key as read from the bytes: where its quotes are, whether it held an escape, and
    /// its text. Two keys are the same as ``JSONTape/sameText(_:_:)`` compares them: by their
    /// bytes, or by their text when either holds an escape.
    package struct Key {
        package var start: Int
        package var end: Int
        package var escapes: Bool
        package var text: String

        package init(start: Int, end: Int, escapes: Bool, text: String) {
            self.start = start
            self.end = end
            self.escapes = escapes
            self.text = text
        }
    }

    /// Reads the key that comes next (its opening quote), refused when it is not a string.
    package mutating func readKey() throws(JSONSyntaxError) -> Key {
        let start = index
        guard try peek(expected: "a key") == UInt8(ascii: "\"") else {
            throw JSONSyntaxError.unexpectedCharacter(found: Self.describe(bytes[index]), expected: "a key in double quotes", offset: index)
        }
        let escapes = try scanString()
        return Key(start: start, end: index, escapes: escapes, text: string(from: start, to: index, escapes: escapes))
    }

    /// Whether keys `first` and `second`, both read from ``bytes``, are the same.
    package func isSameKey(_ first: Key, _ second: Key) -> Bool {
        if first.escapes || second.escapes { return first.text == second.text }
        guard first.end - first.start == second.end - second.start else { return false }
        return UnsafeBufferPointer(rebasing: bytes[first.start..<first.end]).elementsEqual(UnsafeBufferPointer(rebasing: bytes[second.start..<second.end]))
    }

    /// The error when `key` repeats one of `earlier` (the keys of its object read before it).
    package func duplicate(_ key: Key, among earlier: [Key]) -> JSONSyntaxError? {
        guard let first = earlier.first(where: { isSameKey($0, key) }) else { return nil }
        return JSONSyntaxError.duplicateKey(key.text, offset: key.start, firstOffset: first.start)
    }

    /// Reads the value that comes next as an owned value, in one pass and checked as
    /// ``JSONReader`` checks it (a key that repeats in an object is refused).
    package mutating func opaqueValue() throws(JSONSyntaxError) -> OpaqueValue {
        let start = index
        switch try peek(expected: "a value") {
        case UInt8(ascii: "{"): return try opaqueObject()
        case UInt8(ascii: "["):
            try enter()
            index += 1
            skipWhitespace()
            var elements: [OpaqueValue] = []
            if try peek(expected: "a value or ']'") == UInt8(ascii: "]") {
                index += 1
                depth -= 1
                return .array(elements)
            }
            repeat {
                skipWhitespace()
                elements.append(try opaqueValue())
            } while try nextMember(closing: UInt8(ascii: "]"))
            return .array(elements)
        case UInt8(ascii: "\""): return .string(try readString().text)
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try scanNumber()
            return .number(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
        default:
            throw JSONSyntaxError.unexpectedCharacter(found: Self.describe(bytes[index]), expected: "a value", offset: index)
        }
    }

    private mutating func opaqueObject() throws(JSONSyntaxError) -> OpaqueValue {
        try enter()
        index += 1
        skipWhitespace()
        var members: [OpaqueMember] = []
        if try peek(expected: "a key or '}'") == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(members)
        }
        // The first key is kept on its own: most objects read here have one member, and
        // then no array of keys is made.
        var firstKey: Key?
        var keys: [Key] = []
        repeat {
            skipWhitespace()
            let key = try readKey()
            if let firstKey {
                if isSameKey(firstKey, key) { throw JSONSyntaxError.duplicateKey(key.text, offset: key.start, firstOffset: firstKey.start) }
                if let error = duplicate(key, among: keys) { throw error }
                keys.append(key)
            } else {
                firstKey = key
            }
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "':' after the key")
            skipWhitespace()
            members.append(OpaqueMember(key.text, try opaqueValue()))
        } while try nextMember(closing: UInt8(ascii: "}"))
        return .object(members)
    }
}
