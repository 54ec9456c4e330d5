#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import AlmanacCore

/// A parsed JSON document as one flat list of nodes in document order.
///
/// Each value is a node holding its type and its byte range in the input; a container
/// is followed by its contents (an object's as key, value, key, value, …) and knows
/// the index just past them, so values are walked and skipped without a tree of
/// allocations. Strings and numbers stay bytes until the model reader asks for them.
/// A value type, so that reading nodes through a ``JSONValue`` needs no run-time
/// exclusivity checks.
struct JSONTape {
    enum ValueType: UInt8 {
        case null, `true`, `false`, number, string, array, object
    }

    struct Node {
        var type: ValueType
        /// For a string: whether it holds a backslash escape (else its text is its bytes).
        var hasEscapes = false
        /// Offset of the value's first byte.
        var start: Int
        /// Offset just past the value's last byte.
        var end: Int
        /// The index of the node after this value and everything inside it.
        var next: Int
        /// Members of an object, elements of an array.
        var count = 0
    }

    let bytes: UnsafeBufferPointer<UInt8>
    var nodes: [Node] = []

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The text of string node `index`, escapes resolved (the reader has checked it).
    func string(at index: Int) -> String {
        let node = nodes[index]
        let content = UnsafeBufferPointer(rebasing: bytes[(node.start + 1)..<(node.end - 1)])
        guard node.hasEscapes else { return String(decoding: content, as: UTF8.self) }
        return String(decoding: JSONStringEscapes.unescaped(content), as: UTF8.self)
    }

    /// Whether string node `index` spells `key`.
    func string(at index: Int, equals key: String) -> Bool {
        let node = nodes[index]
        guard !node.hasEscapes else { return string(at: index) == key }
        let length = node.end - node.start - 2
        var key = key
        return key.withUTF8 { utf8 in
            utf8.count == length && (length == 0 || memcmp(utf8.baseAddress!, bytes.baseAddress! + node.start + 1, length) == 0)
        }
    }
}

/// A parsed JSON value: a node of its ``JSONTape``, with the byte range it came from,
/// so that the model reader can point at it in an error and derive stable ids from it.
struct JSONValue {
    /// The value as a Swift enum, for the places that look at a value as a whole
    /// (containers hold their children as values, built on demand).
    enum Kind {
        case null
        case bool(Bool)
        /// The number's text, checked against the JSON grammar.
        case number(String)
        case string(String)
        case array([JSONValue])
        case object([JSONMember])
    }

    let tape: JSONTape
    /// The node's index in the tape.
    let index: Int

    private var node: JSONTape.Node { tape.nodes[index] }
    var type: JSONTape.ValueType { node.type }
    /// Offset of the value's first byte.
    var start: Int { node.start }
    /// Offset just past the value's last byte.
    var end: Int { node.end }

    var isNull: Bool { type == .null }

    /// The text when this is a string.
    var stringValue: String? {
        type == .string ? tape.string(at: index) : nil
    }

    /// The number's text when this is a number.
    var numberText: String? {
        guard type == .number else { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: tape.bytes[start..<end]), as: UTF8.self)
    }

    var boolValue: Bool? {
        switch type {
        case .true: return true
        case .false: return false
        default: return nil
        }
    }

    /// The elements when this is an array.
    var elements: [JSONValue]? {
        guard type == .array else { return nil }
        var result: [JSONValue] = []
        result.reserveCapacity(node.count)
        var child = index + 1
        for _ in 0..<node.count {
            result.append(JSONValue(tape: tape, index: child))
            child = tape.nodes[child].next
        }
        return result
    }

    /// Calls `body` with each member's position among the members, key node index and value.
    func forEachMember(_ body: (_ position: Int, _ keyIndex: Int, _ value: JSONValue) throws -> Void) rethrows {
        var key = index + 1
        for position in 0..<node.count {
            try body(position, key, JSONValue(tape: tape, index: key + 1))
            key = tape.nodes[key + 1].next
        }
    }

    /// The members when this is an object.
    var members: [JSONMember]? {
        guard type == .object else { return nil }
        var result: [JSONMember] = []
        result.reserveCapacity(node.count)
        forEachMember { _, key, value in
            result.append(JSONMember(key: tape.string(at: key), keyOffset: tape.nodes[key].start, value: value))
        }
        return result
    }

    var kind: Kind {
        switch type {
        case .null: return .null
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .number: return .number(numberText!)
        case .string: return .string(stringValue!)
        case .array: return .array(elements!)
        case .object: return .object(members!)
        }
    }

    /// The JSON type's name, for messages such as "expected a string, found an array".
    var typeName: String {
        switch type {
        case .null: return "null"
        case .true, .false: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The value as an opaque tree, for keys the model has no field for.
    var opaque: OpaqueValue {
        switch kind {
        case .null: return .null
        case .bool(let value): return .bool(value)
        case .number(let text): return .number(text)
        case .string(let text): return .string(text)
        case .array(let elements): return .array(elements.map(\.opaque))
        case .object(let members): return .object(members.map { OpaqueMember($0.key, $0.value.opaque) })
        }
    }
}

/// One key and value of a JSON object, with where the key starts.
struct JSONMember {
    var key: String
    var keyOffset: Int
    var value: JSONValue
}
