#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import AlmanacCore

/// A JSON value as one flat list of nodes in document order: what ``JSONReader`` makes of
/// bytes, and what ``JSONTape/init(_:offset:)`` makes of an ``OpaqueValue``.
///
/// Each value is a node holding its type and its byte range in the input; a container
/// is followed by its contents (an object's as key, value, key, value, …) and knows
/// the index just past them, so values are walked and skipped without a tree of
/// allocations. Strings and numbers stay bytes until a reader asks for them.
/// A value type, so that reading nodes through a ``JSONValue`` needs no run-time
/// exclusivity checks.
package struct JSONTape {
    package enum ValueType: UInt8, Sendable {
        case null, `true`, `false`, number, string, array, object
    }

    package struct Node {
        package var type: ValueType
        /// For a string: whether it holds a backslash escape (else its text is its bytes).
        package var hasEscapes = false
        /// Offset of the value's first byte (for a node built in code, where it stands for).
        package var start: Int
        /// Offset just past the value's last byte.
        package var end: Int
        /// The index of the node after this value and everything inside it.
        package var next: Int
        /// Members of an object, elements of an array.
        package var count = 0

        package init(type: ValueType, hasEscapes: Bool = false, start: Int, end: Int, next: Int, count: Int = 0) {
            self.type = type
            self.hasEscapes = hasEscapes
            self.start = start
            self.end = end
            self.next = next
            self.count = count
        }
    }

    /// The bytes the nodes were read from (empty for a tape built in code).
    package let bytes: UnsafeBufferPointer<UInt8>
    package var nodes: [Node] = []
    /// The text of string and number nodes that are not bytes of ``bytes``: built in code,
    /// or replaced (``replace(_:withString:)``). Empty for a tape as read.
    package private(set) var texts: [Int: String] = [:]

    package init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The text of string node `index`, escapes resolved (the reader has checked it).
    @inlinable
    package func string(at index: Int) -> String {
        if !texts.isEmpty, let text = texts[index] { return text }
        let node = nodes[index]
        let content = UnsafeBufferPointer(rebasing: bytes[(node.start + 1)..<(node.end - 1)])
        guard node.hasEscapes else { return String(decoding: content, as: UTF8.self) }
        return JSONStringEscapes.unescapedString(content)
    }

    /// The text of number node `index`, as it is spelled.
    @inlinable
    package func numberText(at index: Int) -> String {
        if !texts.isEmpty, let text = texts[index] { return text }
        let node = nodes[index]
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[node.start..<node.end]), as: UTF8.self)
    }

    /// Whether string node `index` spells `key`.
    @inlinable
    package func string(at index: Int, equals key: String) -> Bool {
        let node = nodes[index]
        guard !node.hasEscapes, texts.isEmpty || texts[index] == nil else { return string(at: index) == key }
        let length = node.end - node.start - 2
        var key = key
        return key.withUTF8 { utf8 in
            utf8.count == length && (length == 0 || memcmp(utf8.baseAddress!, bytes.baseAddress! + node.start + 1, length) == 0)
        }
    }

    /// Whether string nodes `first` and `second` hold the same text.
    package func sameText(_ first: Int, _ second: Int) -> Bool {
        let a = nodes[first]
        let b = nodes[second]
        if a.hasEscapes || b.hasEscapes || !texts.isEmpty { return string(at: first) == string(at: second) }
        guard a.end - a.start == b.end - b.start else { return false }
        return memcmp(bytes.baseAddress! + a.start, bytes.baseAddress! + b.start, a.end - a.start) == 0
    }

    // MARK: Changing and building

    /// Makes node `index` (a scalar: string, number, boolean or null) the string `text`, at
    /// the same place: for readers that repair what they read (JSON-LD's `html` reader).
    package mutating func replace(_ index: Int, withString text: String) {
        nodes[index].type = .string
        nodes[index].hasEscapes = false
        texts[index] = text
    }

    /// An empty tape for values built in code (``append(_:at:)``, ``open(_:at:)``).
    package init() {
        bytes = UnsafeBufferPointer(start: nil, count: 0)
    }

    /// A tape holding `value`, every node of it standing for `offset`.
    package init(_ value: OpaqueValue, offset: Int = 0) {
        self.init()
        append(value, at: offset)
    }

    /// Appends a string node standing for `offset`.
    package mutating func appendString(_ text: String, at offset: Int) {
        texts[nodes.count] = text
        nodes.append(Node(type: .string, start: offset, end: offset, next: nodes.count + 1))
    }

    /// Starts an array or object node standing for `offset`; ``close(_:count:)`` ends it once
    /// its contents (an object's as key string, value, …) are appended.
    package mutating func open(_ type: ValueType, at offset: Int) -> Int {
        nodes.append(Node(type: type, start: offset, end: offset, next: 0))
        return nodes.count - 1
    }

    /// Ends container `node`, which holds `count` elements or members.
    package mutating func close(_ node: Int, count: Int) {
        nodes[node].next = nodes.count
        nodes[node].count = count
    }

    /// Appends `value`, every node of it standing for `offset`.
    package mutating func append(_ value: OpaqueValue, at offset: Int) {
        func scalar(_ type: ValueType) {
            nodes.append(Node(type: type, start: offset, end: offset, next: nodes.count + 1))
        }
        switch value {
        case .null: scalar(.null)
        case .bool(let flag): scalar(flag ? .true : .false)
        case .number(let text):
            texts[nodes.count] = text
            scalar(.number)
        case .string(let text): appendString(text, at: offset)
        case .array(let elements):
            let node = open(.array, at: offset)
            for element in elements { append(element, at: offset) }
            close(node, count: elements.count)
        case .object(let members):
            let node = open(.object, at: offset)
            for member in members {
                appendString(member.key, at: offset)
                append(member.value, at: offset)
            }
            close(node, count: members.count)
        }
    }
}
