import AlmanacCore

/// A JSON value of a ``JSONTape``: its node, with the byte range it came from, so that a
/// reader can point at it in an error and derive stable ids from it. A view, not a tree:
/// nothing is decoded until asked for, and ``opaque`` makes the owned ``OpaqueValue``.
package struct JSONValue {
    /// The value as a Swift enum, for the places that look at a value as a whole
    /// (containers hold their children as values, made on demand).
    package enum Kind {
        case null
        case bool(Bool)
        /// The number's text, checked against the JSON grammar.
        case number(String)
        case string(String)
        case array([JSONValue])
        case object([JSONMember])
    }

    package let tape: JSONTape
    /// The node's index in the tape.
    package let index: Int

    package init(tape: JSONTape, index: Int) {
        self.tape = tape
        self.index = index
    }

    /// The root of a tape built from `value` (``JSONTape/init(_:offset:)``): to read a value
    /// made in code as one read from bytes is read.
    package init(_ value: OpaqueValue) {
        self.init(tape: JSONTape(value), index: 0)
    }

    @inlinable package var node: JSONTape.Node { tape.nodes[index] }
    @inlinable package var type: JSONTape.ValueType { node.type }
    /// Offset of the value's first byte.
    @inlinable package var start: Int { node.start }
    /// Offset just past the value's last byte.
    @inlinable package var end: Int { node.end }

    @inlinable package var isNull: Bool { type == .null }

    /// The text when this is a string.
    @inlinable package var string: String? {
        type == .string ? tape.string(at: index) : nil
    }

    /// The number's text when this is a number.
    @inlinable package var numberText: String? {
        type == .number ? tape.numberText(at: index) : nil
    }

    @inlinable package var bool: Bool? {
        switch type {
        case .true: return true
        case .false: return false
        default: return nil
        }
    }

    /// The elements when this is an array.
    package var elements: [JSONValue]? {
        guard type == .array else { return nil }
        var result: [JSONValue] = []
        result.reserveCapacity(node.count)
        forEachElement { result.append($0) }
        return result
    }

    /// Calls `body` with each element of this array, in order.
    @inlinable package func forEachElement(_ body: (JSONValue) throws -> Void) rethrows {
        var child = index + 1
        for _ in 0..<node.count {
            try body(JSONValue(tape: tape, index: child))
            child = tape.nodes[child].next
        }
    }

    /// Calls `body` with each member's position among the members, key node index and value.
    @inlinable package func forEachMember(_ body: (_ position: Int, _ keyIndex: Int, _ value: JSONValue) throws -> Void) rethrows {
        var key = index + 1
        for position in 0..<node.count {
            try body(position, key, JSONValue(tape: tape, index: key + 1))
            key = tape.nodes[key + 1].next
        }
    }

    /// The members when this is an object.
    package var members: [JSONMember]? {
        guard type == .object else { return nil }
        var result: [JSONMember] = []
        result.reserveCapacity(node.count)
        forEachMember { _, key, value in
            result.append(JSONMember(key: tape.string(at: key), keyOffset: tape.nodes[key].start, value: value))
        }
        return result
    }

    /// The value of the first member named `key` when this is an object.
    package subscript(key: String) -> JSONValue? {
        guard type == .object else { return nil }
        var found: JSONValue?
        var child = index + 1
        for _ in 0..<node.count where found == nil {
            if tape.string(at: child, equals: key) { found = JSONValue(tape: tape, index: child + 1) }
            child = tape.nodes[child + 1].next
        }
        return found
    }

    package var kind: Kind {
        switch type {
        case .null: return .null
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .number: return .number(numberText!)
        case .string: return .string(string!)
        case .array: return .array(elements!)
        case .object: return .object(members!)
        }
    }

    /// The JSON type's name, for messages such as "expected a string, found an array".
    package var typeName: String {
        switch type {
        case .null: return "null"
        case .true, .false: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The value as an owned tree (for what the model keeps as extras, or writes back).
    package var opaque: OpaqueValue {
        switch kind {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .number(let text): return .number(text)
        case .string(let text): return .string(text)
        case .array(let elements): return .array(elements.map(\.opaque))
        case .object(let members): return .object(members.map { OpaqueMember($0.key, $0.value.opaque) })
        }
    }
}

/// One key and value of a JSON object, with where the key starts.
package struct JSONMember {
    package var key: String
    package var keyOffset: Int
    package var value: JSONValue
}
