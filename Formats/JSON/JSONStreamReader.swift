import AlmanacCore
import AlmanacJSONKit

/// Reads a `json` document as a stream: the document's own object and its `recipes` and
/// `events` arrays (or a bare array of items) step by step, each item straight into the
/// model by ``JSONModelReader`` in one pass over its bytes, and passed on before the next
/// is read. ``JSONCodec/decode(_:source:limits:)`` reads with it too, over bytes in memory,
/// so the items, positions, warnings, extras and errors are the same either way; memory
/// holds one item at a time.
///
/// Errors are those of a read of the whole document as JSON first (``JSONReader``, the same
/// messages at the same places) and then as the model: an item's model error comes once the
/// item's bytes are all read, and before anything after it is.
struct JSONStreamReader<Source: ByteSource> {
    private var cursor: JSONStreamCursor<Source>
    private let options: JSONDecodingOptions
    private let source: String
    private let defaultKind: ItemKind?
    private(set) var diagnostics: [Diagnostic] = []

    /// A key of the document's object, kept to refuse it when it comes again.
    private struct Key {
        var text: String
        var bytes: [UInt8]
        var escapes: Bool

        func same(as other: Key) -> Bool {
            escapes || other.escapes ? text == other.text : bytes == other.bytes
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
        var extras = Extras()
        let first = try scan(depth: 0) { scanner -> UInt8? in
            scanner.skipWhitespace()
            return scanner.has() ? scanner.bytes[scanner.index] : nil
        }
        switch first {
        case UInt8(ascii: "{"): extras = try readDocument(body)
        case UInt8(ascii: "["): try readItems(depth: 1, kind: nil, body)
        default:
            let (found, start) = try scan(depth: 0) { scanner in
                let start = scanner.index
                let found = JSONScanner.typeName(startingWith: try scanner.peek(expected: "a value"))
                _ = try scanner.opaqueValue()
                return (found, start)
            }
            let position = cursor.positions(of: [start])[0]
            try expectEnd()
            throw JSONDecodingError.typeMismatch(field: "the document", expected: "an object or an array of items", found: found, at: position)
        }
        try expectEnd()
        return extras
    }

    // MARK: The document

    /// `{"almanac": 1, "recipes": [...], "events": [...], ...}`: the version checked, the
    /// items read as they come, other codecs' `extras` bags and unknown keys kept as extras.
    private mutating func readDocument(_ body: (Item, SourcePosition) throws -> Void) throws -> Extras {
        var bags: [OpaqueMember] = []
        var unused: [OpaqueMember] = []
        let empty = try scan(depth: 0) { scanner in
            try scanner.enter()
            scanner.index += 1
            scanner.skipWhitespace()
            guard try scanner.peek(expected: "a key or '}'") == UInt8(ascii: "}") else { return false }
            scanner.index += 1
            return true
        }
        if empty { return Extras() }
        var keys: [Key] = []
        repeat {
            let key = try scan(depth: 1) { scanner in
                scanner.skipWhitespace()
                let found = try scanner.readKey()
                let key = Key(text: found.text, bytes: Array(scanner.bytes[found.start..<found.end]), escapes: found.escapes)
                if keys.contains(where: { $0.same(as: key) }) {
                    throw JSONSyntaxError.duplicateKey(key.text, offset: found.start, firstOffset: found.start)
                }
                scanner.skipWhitespace()
                try scanner.expect(UInt8(ascii: ":"), "':' after the key")
                scanner.skipWhitespace()
                _ = try scanner.peek(expected: "a value")
                return key
            }
            keys.append(key)
            switch key.text {
            case "recipes", "events":
                let kind: ItemKind = key.text == "recipes" ? .recipe : .event
                if try scan(depth: 1, { $0.bytes[$0.index] }) == UInt8(ascii: "[") {
                    try readItems(depth: 2, kind: kind, body)
                } else {
                    try scan(depth: 1) { scanner in
                        let start = scanner.index
                        let first = scanner.bytes[start]
                        _ = try scanner.opaqueValue()
                        guard first == UInt8(ascii: "n") else { throw Self.mismatch(key.text, "an array", first, at: start) }
                    }
                }
            case "almanac":
                try scan(depth: 1) { scanner in
                    let start = scanner.index
                    let first = scanner.bytes[start]
                    let version = try scanner.opaqueValue()
                    if version == .null { return }
                    guard case .number(let text) = version else { throw Self.mismatch("almanac", "the format version 1", first, at: start) }
                    guard Double(text) == 1 else { throw JSONFault(offset: start) { .unsupportedVersion(text, at: $0) } }
                }
            case "extras":
                bags += try scan(depth: 1) { scanner in
                    let start = scanner.index
                    let first = scanner.bytes[start]
                    let found = try scanner.opaqueValue()
                    if found == .null { return [] }
                    guard case .object(let members) = found else { throw Self.mismatch("extras", "an object", first, at: start) }
                    return members.filter { $0.key != "json" }
                }
            default:
                unused.append(OpaqueMember(key.text, try scan(depth: 1) { try $0.opaqueValue() }))
            }
        } while try scan(depth: 1, { try $0.nextMember(closing: UInt8(ascii: "}")) })
        var extras = Extras()
        for bag in bags { extras[bag.key] = bag.value }
        if !unused.isEmpty { extras["json"] = .object(unused) }
        return extras
    }

    /// The elements of an array of items at `depth`: a document's `recipes` or `events`
    /// (`kind`), or a bare array of items (`kind` nil), each read when its bytes come.
    private mutating func readItems(depth: Int, kind: ItemKind?, _ body: (Item, SourcePosition) throws -> Void) throws {
        let empty = try scan(depth: depth - 1) { scanner in
            try scanner.enter()
            scanner.index += 1
            scanner.skipWhitespace()
            guard try scanner.peek(expected: "a value or ']'") == UInt8(ascii: "]") else { return false }
            scanner.index += 1
            return true
        }
        if empty { return }
        let defaultKind = self.defaultKind
        var index = 0
        var guess = kind ?? defaultKind ?? .event
        // Handed from each item's reader to the next: what items repeat is read once.
        var memo = JSONReadMemo(isEnabled: true)
        repeat {
            try scan(depth: depth) { $0.skipWhitespace() }
            let start = cursor.position()
            let path: JSONPath
            switch kind {
            case .recipe?: path = .item("recipes", index)
            case .event?: path = .item("events", index)
            case nil: path = .item("", index)
            }
            let (item, warnings) = try scan(depth: depth) { scanner in
                _ = try scanner.peek(expected: "a value")
                var reader = JSONModelReader(scanner: scanner)
                swap(&reader.memo, &memo)
                defer {
                    scanner = reader.scanner
                    swap(&reader.memo, &memo)
                }
                return try reader.item(kind: kind, path: path, name: "item [\(index)]", defaultKind: defaultKind, guess: guess)
            }
            if !warnings.isEmpty {
                let positions = cursor.positions(of: warnings.map(\.offset))
                for (warning, position) in zip(warnings, positions) {
                    diagnostics.append(Diagnostic(.warning, warning.message, source: source, position: position))
                }
            }
            guess = item.kind
            try body(item, start)
            index += 1
        } while try scan(depth: depth, { try $0.nextMember(closing: UInt8(ascii: "]")) })
    }

    // MARK: Helpers

    private mutating func scan<Value>(depth: Int, _ body: (inout JSONScanner) throws -> Value) throws -> Value {
        try cursor.scan(depth: depth, maximumDepth: options.maximumDepth, body)
    }

    private static func mismatch(_ key: String, _ expected: String, _ first: UInt8, at offset: Int) -> JSONFault {
        let found = JSONScanner.typeName(startingWith: first)
        return JSONFault(offset: offset) { .typeMismatch(field: key, expected: expected, found: found, at: $0) }
    }

    /// Nothing but white space after the document.
    private mutating func expectEnd() throws {
        try scan(depth: 0) { scanner in
            scanner.skipWhitespace()
            if scanner.has() {
                throw JSONSyntaxError.unexpectedCharacter(found: JSONScanner.describe(scanner.bytes[scanner.index]), expected: "end of input", offset: scanner.index)
            }
        }
    }
}
