/// A value the model has no field for, kept so that the codec it came from can write it back.
///
/// It is a JSON-shaped tree; numbers keep their source text so nothing is rounded,
/// and object members keep their order.
public indirect enum OpaqueValue: Hashable, Sendable {
    case null
    case bool(Bool)
    /// A number, as the text that spelled it (`1.50`, `2e3`).
    case number(String)
    case string(String)
    case array([OpaqueValue])
    /// An object's members in source order.
    case object([OpaqueMember])

    /// The members when this is an object, otherwise `nil`.
    public var members: [OpaqueMember]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The elements when this is an array, otherwise `nil`.
    public var elements: [OpaqueValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The text when this is a string, otherwise `nil`.
    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}

/// One key and value of an ``OpaqueValue/object(_:)``.
public struct OpaqueMember: Hashable, Sendable, Codable {
    public var key: String
    public var value: OpaqueValue

    public init(_ key: String, _ value: OpaqueValue) {
        self.key = key
        self.value = value
    }
}

extension OpaqueValue: Codable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: Key.self) {
            self = .object(try keyed.allKeys.map { OpaqueMember($0.stringValue, try keyed.decode(OpaqueValue.self, forKey: $0)) })
            return
        }
        if var unkeyed = try? decoder.unkeyedContainer() {
            var elements: [OpaqueValue] = []
            while !unkeyed.isAtEnd { elements.append(try unkeyed.decode(OpaqueValue.self)) }
            self = .array(elements)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let value = try? single.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? single.decode(Double.self) {
            self = .number(value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value))
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let members):
            var keyed = encoder.container(keyedBy: Key.self)
            for member in members { try keyed.encode(member.value, forKey: Key(stringValue: member.key)) }
        case .array(let elements):
            var unkeyed = encoder.unkeyedContainer()
            for element in elements { try unkeyed.encode(element) }
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case .bool(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .number(let text):
            var single = encoder.singleValueContainer()
            try single.encode(Double(text) ?? 0)
        case .string(let text):
            var single = encoder.singleValueContainer()
            try single.encode(text)
        }
    }
}
