/// A JSON value as the jCal reader sees it, with the byte offset where it starts.
struct JCalJSON: Sendable {
    indirect enum Value: Sendable {
        case null
        case bool(Bool)
        /// A number, as the text that spelled it.
        case number(String)
        case string(String)
        case array([JCalJSON])
        /// Members in source order.
        case object([(key: String, value: JCalJSON)])
    }

    var value: Value
    /// Offset of the value's first byte in the input.
    var offset: Int

    /// What kind of JSON value this is, for messages.
    var kind: String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
