/// A JSON value read from an input or built to be written: the value and the byte
/// offset where it starts in the input (0 for a value built in code).
///
/// Numbers keep the text that spelled them, so nothing is rounded; object members keep
/// their order. Two values are equal when they hold the same JSON, wherever they were
/// read (offsets are not compared).
public struct JSONValue: Hashable, Sendable {
    /// What the value is.
    public indirect enum Kind: Hashable, Sendable {
        case null
        case bool(Bool)
        /// A number, as the text that spelled it (`1.50`, `2e3`).
        case number(String)
        case string(String)
        case array([JSONValue])
        /// Members in source order (a key may repeat; the reader reports it).
        case object([JSONMember])
    }

    /// The value.
    public var kind: Kind
    /// Offset of the value's first byte in the input it was read from.
    public var offset: Int

    /// A value starting at byte `offset` (0 for one built in code).
    public init(_ kind: Kind, offset: Int = 0) {
        self.kind = kind
        self.offset = offset
    }

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.kind == rhs.kind
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
    }

    // MARK: Building

    /// `null`.
    public static let null = JSONValue(.null)

    /// A string value.
    public static func string(_ text: String) -> JSONValue { JSONValue(.string(text)) }

    /// A boolean value.
    public static func bool(_ flag: Bool) -> JSONValue { JSONValue(.bool(flag)) }

    /// A number from its JSON text, such as `4` or `4.5`.
    public static func number(_ text: String) -> JSONValue { JSONValue(.number(text)) }

    /// An integer.
    public static func number(_ value: Int) -> JSONValue { JSONValue(.number(String(value))) }

    /// An array of `elements`.
    public static func array(_ elements: [JSONValue]) -> JSONValue { JSONValue(.array(elements)) }

    /// An object of `members`, in this order.
    public static func object(_ members: [JSONMember]) -> JSONValue { JSONValue(.object(members)) }

    /// An object of key–value pairs, in this order.
    public static func object(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONValue {
        JSONValue(.object(pairs.map { JSONMember($0.key, $0.value) }))
    }

    // MARK: Reading

    /// The text when this is a string.
    public var string: String? {
        if case .string(let text) = kind { return text }
        return nil
    }

    /// The number's text when this is a number.
    public var numberText: String? {
        if case .number(let text) = kind { return text }
        return nil
    }

    /// The number when this is a number that a `Double` holds.
    public var double: Double? {
        numberText.flatMap(Double.init)
    }

    /// The flag when this is a boolean.
    public var bool: Bool? {
        if case .bool(let flag) = kind { return flag }
        return nil
    }

    /// The elements when this is an array.
    public var elements: [JSONValue]? {
        if case .array(let elements) = kind { return elements }
        return nil
    }

    /// The members when this is an object.
    public var members: [JSONMember]? {
        if case .object(let members) = kind { return members }
        return nil
    }

    /// Whether this is `null`.
    public var isNull: Bool { kind == .null }

    /// The value of the first member named `key` when this is an object.
    public subscript(key: String) -> JSONValue? {
        members?.first { $0.key == key }?.value
    }

    /// What kind of JSON value this is, for messages: `a string`, `an array`, ….
    public var kindDescription: String {
        switch kind {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// One key and value of an object, with the offset of the key's opening quote.
public struct JSONMember: Hashable, Sendable {
    public var key: String
    public var value: JSONValue
    /// Offset of the key's opening quote in the input (0 for a member built in code).
    public var keyOffset: Int

    /// A member; `keyOffset` is where the key was read, if it was.
    public init(_ key: String, _ value: JSONValue, keyOffset: Int = 0) {
        self.key = key
        self.value = value
        self.keyOffset = keyOffset
    }

    public static func == (lhs: JSONMember, rhs: JSONMember) -> Bool {
        lhs.key == rhs.key && lhs.value == rhs.value
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(value)
    }
}
