import AlmanacCore
import AlmanacJSONKit

/// Reads a `json` document as a stream (``JSONCodec/decodeItems(from:sourceName:limits:body:)``):
/// the document's own object and its `recipes` and `events` arrays (or a bare array of
/// items) are followed byte by byte here, with the errors ``JSONReader`` gives for them;
/// every other value (an item, the value of another key) is cut out by the
/// ``JSONStreamCursor`` and read by the same ``JSONReader`` and ``JSONModelReader`` as a
/// whole read reads it, placed where it sits in the input. So the items, their positions,
/// the warnings, the document's extras and the error for bad input are what
/// ``JSONCodec/decode(_:source:limits:)`` gives, and memory holds one item at a time.
struct JSONStreamReader<Source: ByteSource> {
    private var cursor: JSONStreamCursor<Source>
    private let options: JSONDecodingOptions
    private let source: String
    private let defaultKind: ItemKind?
    private(set) var diagnostics: [Diagnostic] = []

    /// A key of the document's object, as ``JSONReader`` compares keys for duplicates.
    private struct Key {
        var text: String
        var bytes: [UInt8]
        var escaped: Bool

        func same(as other: Key) -> Bool {
            escaped || other.escaped ? text == other.text : bytes == other.bytes
        }
    }

    init(_ bytes: Source, source: String, options: JSONDecodingOptions, defaultKind: ItemKind?, chunkSize: Int = 64 * 1024) {
        cursor = JSONStreamCursor(bytes, chunkSize: chunkSize)
        self.source = source
        self.options = options
        self.defaultKind = defaultKind
    }

    /// Reads the input, passing each item to `body`; returns the document's extras.
    mutating func read(_ body: (Item, SourcePosition) throws -> Void) throws -> Extras {
        try cursor.skipByteOrderMark()
        try cursor.skipWhitespace()
        var extras = Extras()
        switch try cursor.peek() {
        case UInt8(ascii: "{"): extras = try readDocument(body)
        case UInt8(ascii: "["): try readItems(depth: 1, path: "", body)
        default:
            let found = try value(depth: 0) { value, map in
                (value.typeName, map.position(value.start))
            }
            try expectEnd()
            throw JSONDecodingError.typeMismatch(field: "the document", expected: "an object or an array of items", found: found.0, at: found.1)
        }
        try expectEnd()
        return extras
    }

    // MARK: The document

    /// `{"almanac": 1, "recipes": [...], "events": [...], ...}`, as ``JSONModelReader/document(_:)`` reads it.
    private mutating func readDocument(_ body: (Item, SourcePosition) throws -> Void) throws -> Extras {
        try enter(depth: 1)
        cursor.advance()
        try cursor.skipWhitespace()
        var bags: [(key: String, value: OpaqueValue)] = []
        var unused: [OpaqueMember] = []
        if try peek(expected: "a key or '}'") == UInt8(ascii: "}") {
            cursor.advance()
            return Extras()
        }
        var keys: [Key] = []
        while true {
            try cursor.skipWhitespace()
            let keyPosition = cursor.position
            let first = try peek(expected: "a key")
            guard first == UInt8(ascii: "\"") else {
                throw JSONDecodingError.unexpectedCharacter(found: JSONReader.describe(first), expected: "a key in double quotes", at: keyPosition)
            }
            let key = try value(depth: 1) { value, map in
                Key(text: value.tape.string(at: value.index), bytes: Array(map.bytes), escaped: value.node.hasEscapes)
            }
            if keys.contains(where: { $0.same(as: key) }) { throw JSONDecodingError.duplicateKey(key.text, at: keyPosition) }
            keys.append(key)
            try cursor.skipWhitespace()
            try expect(UInt8(ascii: ":"), "':' after the key")
            try cursor.skipWhitespace()
            switch key.text {
            case "recipes", "events":
                if try cursor.peek() == UInt8(ascii: "[") {
                    try readItems(depth: 2, path: key.text, body)
                } else {
                    try value(depth: 1) { value, map in
                        guard value.isNull else { throw Self.mismatch(key.text, "an array", value, map) }
                    }
                }
            case "almanac":
                try value(depth: 1) { version, map in
                    if version.isNull { return }
                    guard case .number(let text) = version.kind else { throw Self.mismatch("almanac", "the format version 1", version, map) }
                    guard Double(text) == 1 else { throw JSONDecodingError.unsupportedVersion(text, at: map.position(version.start)) }
                }
            case "extras":
                bags += try value(depth: 1) { found, map in
                    if found.isNull { return [] }
                    guard case .object(let members) = found.kind else { throw Self.mismatch("extras", "an object", found, map) }
                    return members.filter { $0.key != "json" }.map { ($0.key, $0.value.opaque) }
                }
            default:
                unused.append(try value(depth: 1) { value, _ in OpaqueMember(key.text, value.opaque) })
            }
            try cursor.skipWhitespace()
            if try peek(expected: "',' or '}'") == UInt8(ascii: ",") {
                cursor.advance()
                continue
            }
            try expect(UInt8(ascii: "}"), "',' or '}'")
            break
        }
        var extras = Extras()
        for bag in bags { extras[bag.key] = bag.value }
        if !unused.isEmpty { extras["json"] = .object(unused) }
        return extras
    }

    /// The elements of an array of items at `depth`: a document's `recipes` or `events`
    /// (`path`), or a bare array of items (`path` empty), each read as the whole read reads it.
    private mutating func readItems(depth: Int, path: String, _ body: (Item, SourcePosition) throws -> Void) throws {
        try enter(depth: depth)
        cursor.advance()
        try cursor.skipWhitespace()
        if try peek(expected: "a value or ']'") == UInt8(ascii: "]") {
            cursor.advance()
            return
        }
        let source = self.source
        let defaultKind = self.defaultKind
        var index = 0
        while true {
            try cursor.skipWhitespace()
            let start = cursor.position
            let (item, found) = try value(depth: depth) { value, map in
                var reader = JSONModelReader(sourceMap: map, source: source)
                let item: Item
                switch path {
                case "recipes": item = .recipe(try reader.recipe(JSONObjectReader(value, path: "recipes[\(index)]", sourceMap: map)))
                case "events": item = .event(try reader.event(JSONObjectReader(value, path: "events[\(index)]", sourceMap: map)))
                default: item = try reader.item(value, path: "[\(index)]", item: "item [\(index)]", defaultKind: defaultKind)
                }
                return (item, reader.diagnostics)
            }
            diagnostics += found
            try body(item, start)
            index += 1
            try cursor.skipWhitespace()
            if try peek(expected: "',' or ']'") == UInt8(ascii: ",") {
                cursor.advance()
                continue
            }
            try expect(UInt8(ascii: "]"), "',' or ']'")
            return
        }
    }

    // MARK: Helpers

    /// Cuts out the next value and parses it at `depth` as the whole read would.
    private mutating func value<Result>(depth: Int, _ body: (JSONValue, JSONSourceMap) throws -> Result) throws -> Result {
        let options = self.options
        return try cursor.value { bytes, line, column, offset in
            let map = JSONSourceMap(bytes: bytes, lineBase: line, offsetBase: offset, columnBase: column)
            return try body(try options.parse(map, depth: depth), map)
        }
    }

    private static func mismatch(_ key: String, _ expected: String, _ found: JSONValue, _ map: JSONSourceMap) -> JSONDecodingError {
        .typeMismatch(field: key, expected: expected, found: found.typeName, at: map.position(found.start))
    }

    /// Opens an object or array at `depth`, refused past the limit as ``JSONReader`` refuses it.
    private func enter(depth: Int) throws {
        if depth > options.maximumDepth { throw JSONDecodingError.tooDeep(limit: options.maximumDepth, at: cursor.position) }
    }

    private mutating func peek(expected: String) throws -> UInt8 {
        guard let byte = try cursor.peek() else { throw JSONDecodingError.unexpectedEnd(expected: expected, at: cursor.position) }
        return byte
    }

    private mutating func expect(_ byte: UInt8, _ expected: String) throws {
        let found = try peek(expected: expected)
        guard found == byte else {
            throw JSONDecodingError.unexpectedCharacter(found: JSONReader.describe(found), expected: expected, at: cursor.position)
        }
        cursor.advance()
    }

    /// Nothing but white space after the document.
    private mutating func expectEnd() throws {
        try cursor.skipWhitespace()
        if let byte = try cursor.peek() {
            throw JSONDecodingError.unexpectedCharacter(found: JSONReader.describe(byte), expected: "end of input", at: cursor.position)
        }
    }
}
