import AlmanacCore

/// The one JSON writer of almanac: appends JSON text to bytes, pretty (two-space indents,
/// one member a line) or compact (no white space at all). Keys come out in the order they
/// are written, so the output is deterministic; strings are escaped by
/// ``JSONStringEscapes``. Containers are written with ``object(_:)`` and ``array(_:)`` (or
/// ``open(_:)`` and ``close(_:)``), and a writer with a layout of its own (jCal's, one
/// property a line) uses the pieces: ``ascii(_:)``, ``newline(_:)``, ``string(_:)``, ``decimal(_:)``.
///
/// Everything is appended to one byte array as it comes: a format's own keys
/// (``fixedKey(_:)``, the `member` methods) are copied as they are, strings are copied in
/// runs of bytes that need no escape, and numbers are made of digits here.
package struct JSONWriter: Sendable {
    /// What has been written.
    package var bytes: [UInt8] { Array(output[..<count]) }
    /// The bytes written (``count`` of them), then zeros that writes fill in place: a write
    /// makes room once, then stores through a pointer (``write(_:_:)``).
    @usableFromInline var output: [UInt8]
    @usableFromInline var count: Int
    package let pretty: Bool
    @usableFromInline var depth = 0
    /// Whether the container being written has no member or element yet.
    @usableFromInline var isFirst = true

    package init(pretty: Bool, reservingCapacity capacity: Int = 4_096) {
        self.pretty = pretty
        output = Array(repeating: 0, count: capacity)
        count = 0
    }

    /// A writer that appends to `bytes` as if it stood `depth` containers deep (a document
    /// writer's items sit in an array in an object: depth 2).
    package init(pretty: Bool, depth: Int, continuing bytes: [UInt8]) {
        self.pretty = pretty
        self.depth = depth
        output = bytes
        count = bytes.count
    }

    /// Lets `body` write at the end of `bytes` as if `depth` containers deep, in place:
    /// the bytes are not copied, however many there are.
    package static func append(to bytes: inout [UInt8], pretty: Bool, depth: Int = 0, _ body: (inout JSONWriter) throws -> Void) rethrows {
        var writer = JSONWriter(pretty: pretty, depth: depth, continuing: [])
        swap(&writer.output, &bytes)
        writer.count = writer.output.count
        defer {
            writer.trim()
            swap(&writer.output, &bytes)
        }
        try body(&writer)
    }

    /// Hands over what has been written and starts again with no bytes.
    package mutating func takeBytes() -> [UInt8] {
        trim()
        var taken: [UInt8] = []
        swap(&taken, &output)
        count = 0
        return taken
    }

    /// Appends what has been written to `bytes`, then starts again with none, as at the
    /// start of a container: a writer used for item after item keeps the room it made.
    package mutating func moveBytes(to bytes: inout [UInt8]) {
        let written = count
        output.withUnsafeBufferPointer { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<written])) }
        count = 0
        isFirst = true
    }

    /// Drops the spare zeros after the bytes written.
    @usableFromInline mutating func trim() {
        if output.count > count { output.removeLast(output.count - count) }
    }

    /// Makes room for `needed` bytes, and passes `body` where they go; `body` keeps at most
    /// that many and returns how many it kept. It may store up to ``slack`` bytes more, whole
    /// words that the next writes overwrite. It must not touch the writer.
    @inlinable @inline(__always)
    mutating func write(_ needed: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        if output.count &- count < needed &+ Self.slack { makeRoom(needed &+ Self.slack) }
        let start = count
        count += output.withUnsafeMutableBufferPointer { body($0.baseAddress! + start) }
    }

    /// Adds zeros after ``count`` for at least `needed` bytes (the array grows geometrically).
    @usableFromInline mutating func makeRoom(_ needed: Int) {
        trim()
        if needed <= Self.spare.count {
            output.append(contentsOf: Self.spare)
        } else {
            output.append(contentsOf: repeatElement(0, count: needed))
        }
    }

    /// How many bytes past what it keeps a write may store (``write(_:_:)``).
    @inlinable static var slack: Int { 8 }

    @usableFromInline static let spare = [UInt8](repeating: 0, count: 1_024)

    // MARK: Containers

    @inlinable package mutating func object(_ body: (inout JSONWriter) throws -> Void) rethrows {
        try container(open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), body)
    }

    @inlinable package mutating func array(_ body: (inout JSONWriter) throws -> Void) rethrows {
        try container(open: UInt8(ascii: "["), close: UInt8(ascii: "]"), body)
    }

    @inlinable mutating func container(open: UInt8, close: UInt8, _ body: (inout JSONWriter) throws -> Void) rethrows {
        self.open(open)
        try body(&self)
        self.close(close)
    }

    /// Opens a container (`{` or `[`) that ``close(_:)`` ends: for writers that fill it over several calls.
    @inlinable package mutating func open(_ bracket: UInt8) {
        byte(bracket)
        depth += 1
        isFirst = true
    }

    /// Ends the container ``open(_:)`` began, on a line of its own when it holds anything.
    @inlinable package mutating func close(_ bracket: UInt8) {
        depth -= 1
        let indent = !isFirst && pretty ? depth * 2 : -1
        isFirst = false
        write(indent + 2) { target in
            var index = 0
            if indent >= 0 { index = Self.lineBreak(indent, at: target) }
            target[index] = bracket
            return index + 1
        }
    }

    /// Starts a member of the current object: separator, indent and `"key": `.
    @inlinable package mutating func key(_ key: String) {
        separate()
        string(key)
        colon()
    }

    /// Starts a member whose key is a format's own: ASCII that needs no escape, copied as it
    /// is with the separator, indent, quotes and colon in one write (the key's bytes and the
    /// `": ` after it as a few whole words).
    @inlinable package mutating func fixedKey(_ key: StaticString) {
        let comma = !isFirst
        let indent = pretty ? depth &* 2 : -1
        let pretty = self.pretty
        isFirst = false
        let length = key.utf8CodeUnitCount
        let text = key.utf8Start
        write(length &+ indent &+ 7) { target in
            var index = 0
            if comma {
                target[0] = UInt8(ascii: ",")
                index = 1
            }
            if indent >= 0 { index &+= Self.lineBreak(indent, at: target + index) }
            target[index] = UInt8(ascii: "\"")
            Self.copyKey(text, count: length, to: target + (index &+ 1))
            index &+= length &+ 1
            // `": ` (or `":`), and a byte the next write overwrites.
            UnsafeMutableRawPointer(target + index).storeBytes(of: Self.keyEnd, as: UInt32.self)
            return index &+ (pretty ? 3 : 2)
        }
    }

    /// `"`, `:`, space and a zero, in memory order.
    @inlinable static var keyEnd: UInt32 { UInt32(littleEndian: 0x0020_3A22) }

    /// Copies a key's `count` bytes: fewer than eight as two words of four or two that
    /// overlap, more as ``ShortCopy`` does.
    @inlinable @inline(__always)
    static func copyKey(_ source: UnsafePointer<UInt8>, count: Int, to target: UnsafeMutablePointer<UInt8>) {
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(target)
        if count >= 8 {
            ShortCopy.copy(source, count: count, to: target)
        } else if count >= 4 {
            let last = from.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
            to.storeBytes(of: from.loadUnaligned(as: UInt32.self), as: UInt32.self)
            to.storeBytes(of: last, toByteOffset: count &- 4, as: UInt32.self)
        } else if count >= 2 {
            let last = from.loadUnaligned(fromByteOffset: count &- 2, as: UInt16.self)
            to.storeBytes(of: from.loadUnaligned(as: UInt16.self), as: UInt16.self)
            to.storeBytes(of: last, toByteOffset: count &- 2, as: UInt16.self)
        } else if count == 1 {
            target[0] = source[0]
        }
    }

    @inlinable mutating func colon() {
        if pretty { ascii(": ") } else { byte(UInt8(ascii: ":")) }
    }

    /// Starts an element of the current array.
    @inlinable package mutating func element() {
        separate()
    }

    @inlinable mutating func separate() {
        let comma = !isFirst
        isFirst = false
        guard pretty else {
            if comma { byte(UInt8(ascii: ",")) }
            return
        }
        let indent = depth * 2
        write(indent + 2) { target in
            var index = 0
            if comma {
                target[0] = UInt8(ascii: ",")
                index = 1
            }
            return index + Self.lineBreak(indent, at: target + index)
        }
    }

    /// Stores a line break and `indent` spaces at `target`, the spaces as whole words (up to
    /// seven more than `indent`, within a write's ``slack``); returns how many bytes it keeps.
    @inlinable @inline(__always)
    static func lineBreak(_ indent: Int, at target: UnsafeMutablePointer<UInt8>) -> Int {
        target[0] = 0x0A
        let spaces = UnsafeMutableRawPointer(target + 1)
        var offset = 0
        while offset < indent {
            spaces.storeBytes(of: 0x2020_2020_2020_2020 as UInt64, toByteOffset: offset, as: UInt64.self)
            offset &+= 8
        }
        return indent &+ 1
    }

    // MARK: Scalars

    /// A string, quoted and escaped (``JSONStringEscapes``) in one write.
    @inlinable package mutating func string(_ text: String) {
        JSONStringEscapes.withUTF8(of: text) { string(utf8: $0) }
    }

    /// A string of UTF-8, quoted and escaped in one write.
    package mutating func string(utf8: UnsafeBufferPointer<UInt8>) {
        write(utf8, quoted: true)
    }

    /// An element of the current array that is a string of UTF-8: separator, indent and
    /// the quoted string in one write.
    package mutating func element(utf8: UnsafeBufferPointer<UInt8>) {
        let comma = !isFirst
        let indent = pretty ? depth &* 2 : -1
        isFirst = false
        write(indent &+ 4 &+ Self.stringRoom(utf8)) { target in
            var index = comma ? 1 : 0
            target[0] = UInt8(ascii: ",")
            if indent >= 0 { index &+= Self.lineBreak(indent, at: target + index) }
            target[index] = UInt8(ascii: "\"")
            index &+= 1
            index &+= JSONStringEscapes.writeEscaped(utf8, to: target + index)
            target[index] = UInt8(ascii: "\"")
            return index &+ 1
        }
    }

    /// The content of a string, escaped, without its quotes (for a string written in pieces).
    package mutating func escaped(_ text: String) {
        JSONStringEscapes.withUTF8(of: text) { write($0, quoted: false) }
    }

    /// Strings longer than this are measured before they are written, so that the room
    /// reserved for them is what they take, not six times their length.
    private static let measuredLength = 4_096

    /// The room a string's escaped bytes may take: six a byte, or as measured when it is long.
    @inline(__always)
    private static func stringRoom(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        utf8.count <= measuredLength ? JSONStringEscapes.escapedRoom(utf8.count) : JSONStringEscapes.escapedCount(utf8)
    }

    private mutating func write(_ utf8: UnsafeBufferPointer<UInt8>, quoted: Bool) {
        let room = Self.stringRoom(utf8)
        let quotes = quoted ? 1 : 0
        write(room &+ 2 &* quotes) { target in
            let escaped = JSONStringEscapes.writeEscaped(utf8, to: target + quotes)
            if quoted {
                target[0] = UInt8(ascii: "\"")
                target[1 &+ escaped] = UInt8(ascii: "\"")
            }
            return escaped &+ 2 &* quotes
        }
    }

    /// A string whose content `body` appends to the bytes as it is, between the quotes: only
    /// what needs no escape (digits and punctuation, or text ``JSONStringEscapes`` escaped).
    package mutating func string(appending body: (inout [UInt8]) -> Void) {
        byte(UInt8(ascii: "\""))
        appendingToBytes(body)
        byte(UInt8(ascii: "\""))
    }

    /// Lets `body` append to the bytes written (the spare zeros dropped first), for text
    /// made by code that writes to arrays (the dates of ``ISO8601Text``).
    package mutating func appendingToBytes(_ body: (inout [UInt8]) -> Void) {
        trim()
        body(&output)
        count = output.count
    }

    @inlinable package mutating func bool(_ flag: Bool) {
        if flag { ascii("true") } else { ascii("false") }
    }

    @inlinable package mutating func null() {
        ascii("null")
    }

    /// An integer in decimal.
    package mutating func integer(_ number: Int) {
        write(JSONNumberText.integerRoom) { JSONNumberText.write(number, to: $0) }
    }

    /// The shortest text that reads back as the same double; whole numbers without
    /// a fraction (`4`, not `4.0`). JSON has no NaN or infinity: those write `null`.
    package mutating func number(_ number: Double) {
        write(JSONNumberText.doubleRoom) { JSONNumberText.write(number, to: $0) }
    }

    /// Writes an opaque value back as the JSON it came from: a number as its text when that
    /// is a JSON number (`1.50` stays `1.50`), else as ``decimal(_:)`` spells it.
    package mutating func opaque(_ value: OpaqueValue) {
        switch value {
        case .null: null()
        case .bool(let flag): bool(flag)
        case .number(let text):
            if JSONReader.isNumber(text) { JSONStringEscapes.withUTF8(of: text) { bytes($0) } } else { decimal(text) }
        case .string(let text): string(text)
        case .array(let elements):
            array { writer in
                for element in elements {
                    writer.element()
                    writer.opaque(element)
                }
            }
        case .object(let members):
            object { writer in
                for member in members {
                    writer.key(member.key)
                    writer.opaque(member.value)
                }
            }
        }
    }
}
