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

    private var scanner: JSONScanner
    private let duplicates: DuplicateKeys
    private var tape: JSONTape
    /// The key nodes of the objects being read, innermost last (duplicate keys are looked for here).
    private var openKeys: [Int] = []
    /// Keys that appeared twice in one object, in the order they were read (``DuplicateKeys/report``).
    package private(set) var duplicateKeys: [JSONDuplicateKey] = []

    private var bytes: UnsafeBufferPointer<UInt8> { scanner.bytes }
    private var index: Int {
        get { scanner.index }
        set { scanner.index = newValue }
    }

    /// A reader over `bytes`, which must outlive it and the values it reads. `depth` is how
    /// deeply the bytes sit in a whole input (an element of a streamed document's array,
    /// read on its own).
    package init(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int = JSONReader.defaultMaximumDepth, depth: Int = 0, duplicates: DuplicateKeys = .refuse) {
        scanner = JSONScanner(bytes, depth: depth, maximumDepth: maximumDepth)
        self.duplicates = duplicates
        tape = JSONTape(bytes: bytes)
        tape.nodes.reserveCapacity(max(16, bytes.count / 12))
    }

    /// Parses the one value the input holds, with nothing but white space around it.
    package mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        scanner.skipWhitespace()
        try parseValue()
        scanner.skipWhitespace()
        if index < bytes.count {
            throw JSONSyntaxError.unexpectedCharacter(found: Self.describe(bytes[index]), expected: "end of input", offset: index)
        }
        return JSONValue(tape: tape, index: 0)
    }

    /// Parses the bytes as one value of a larger input, which they hold exactly: no
    /// byte-order mark or white space around it (a stream reader cut them out).
    package mutating func parseElement() throws(JSONSyntaxError) -> JSONValue {
        try parseValue()
        if index < bytes.count {
            throw JSONSyntaxError.unexpectedCharacter(found: Self.describe(bytes[index]), expected: "end of the value", offset: index)
        }
        return JSONValue(tape: tape, index: 0)
    }

    // MARK: Values

    /// Appends the value at `index` (and what it holds) to the tape.
    private mutating func parseValue() throws(JSONSyntaxError) {
        let start = index
        switch try scanner.peek(expected: "a value") {
        case UInt8(ascii: "{"): try parseObject()
        case UInt8(ascii: "["): try parseArray()
        case UInt8(ascii: "\""): try parseString()
        case UInt8(ascii: "t"): try scanner.literal("true"); append(.true, from: start)
        case UInt8(ascii: "f"): try scanner.literal("false"); append(.false, from: start)
        case UInt8(ascii: "n"): try scanner.literal("null"); append(.null, from: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try scanner.scanNumber()
            append(.number, from: start)
        default:
            throw JSONSyntaxError.unexpectedCharacter(found: Self.describe(bytes[index]), expected: "a value", offset: index)
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

    /// Opens the object or array at `index` as a node, past its bracket; `nil` when it is
    /// empty (`closing` follows at once), which is then closed and left behind.
    private mutating func openContainer(_ kind: JSONTape.ValueType, closing: UInt8, expected: String) throws(JSONSyntaxError) -> Int? {
        let node = open(kind)
        try scanner.enter()
        index += 1
        scanner.skipWhitespace()
        guard try scanner.peek(expected: expected) == closing else { return node }
        index += 1
        scanner.depth -= 1
        close(node, count: 0)
        return nil
    }

    private mutating func parseObject() throws(JSONSyntaxError) {
        guard let node = try openContainer(.object, closing: UInt8(ascii: "}"), expected: "a key or '}'") else { return }
        let firstKey = openKeys.count
        defer { openKeys.removeSubrange(firstKey...) }
        var count = 0
        repeat {
            scanner.skipWhitespace()
            let keyOffset = index
            guard try scanner.peek(expected: "a key") == UInt8(ascii: "\"") else {
                throw JSONSyntaxError.unexpectedCharacter(found: Self.describe(bytes[index]), expected: "a key in double quotes", offset: index)
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
            scanner.skipWhitespace()
            try scanner.expect(UInt8(ascii: ":"), "':' after the key")
            scanner.skipWhitespace()
            try parseValue()
            count += 1
        } while try scanner.nextMember(closing: UInt8(ascii: "}"))
        close(node, count: count)
    }

    private mutating func parseArray() throws(JSONSyntaxError) {
        guard let node = try openContainer(.array, closing: UInt8(ascii: "]"), expected: "a value or ']'") else { return }
        var count = 0
        repeat {
            scanner.skipWhitespace()
            try parseValue()
            count += 1
        } while try scanner.nextMember(closing: UInt8(ascii: "]"))
        close(node, count: count)
    }

    /// Checks a string (UTF-8, escapes, no raw control characters) and appends its node.
    private mutating func parseString() throws(JSONSyntaxError) {
        let start = index
        let escapes = try scanner.scanString()
        append(.string, from: start, escapes: escapes)
    }

    // MARK: Helpers

    /// Whether `byte` may follow a literal or a number (the stream cursor asks too).
    package static func isDelimiter(_ byte: UInt8) -> Bool {
        JSONScanner.isDelimiter(byte)
    }

    /// A byte as errors name it: `'x'`, or `byte 0x0` when it does not print.
    package static func describe(_ byte: UInt8) -> String {
        JSONScanner.describe(byte)
    }
}
