import AlmanacCore
import AlmanacJSONValue

/// Converts between the JSON values the codec reads and writes and the model's
/// ``OpaqueValue``, in which extras are kept.
enum OpaqueBridge {
    /// `value` as an opaque value (offsets are dropped).
    static func opaque(_ value: JSONValue) -> OpaqueValue {
        switch value.kind {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .number(let text): return .number(text)
        case .string(let text): return .string(text)
        case .array(let elements): return .array(elements.map(opaque))
        case .object(let members): return .object(members.map { OpaqueMember($0.key, opaque($0.value)) })
        }
    }

    /// `value` as a JSON value.
    static func json(_ value: OpaqueValue) -> JSONValue {
        switch value {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .number(let text): return .number(text)
        case .string(let text): return .string(text)
        case .array(let elements): return .array(elements.map(json))
        case .object(let members): return .object(members.map { JSONMember($0.key, json($0.value)) })
        }
    }
}
