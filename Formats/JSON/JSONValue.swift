import AlmanacCore

/// A parsed JSON value with the byte range it came from, so that the model reader
/// can point at it in an error and derive stable ids from it.
struct JSONValue {
    indirect enum Kind {
        case null
        case bool(Bool)
        /// The number's text, checked against the JSON grammar.
        case number(String)
        case string(String)
        case array([JSONValue])
        case object([JSONMember])
    }

    var kind: Kind
    /// Offset of the value's first byte.
    var start: Int
    /// Offset just past the value's last byte.
    var end: Int

    /// The JSON type's name, for messages such as "expected a string, found an array".
    var typeName: String {
        switch kind {
        case .null: return "null"
        case .bool: return "a boolean"
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
