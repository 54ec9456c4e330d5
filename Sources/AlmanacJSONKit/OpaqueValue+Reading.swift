import AlmanacCore

/// ``OpaqueValue`` is the kit's owned JSON value: what ``JSONValue/opaque`` makes of what
/// was read, what writers build and ``JSONWriter/opaque(_:)`` writes. These read it as
/// ``JSONValue`` reads a value of a tape.
extension OpaqueValue {
    /// The value of the first member named `key` when this is an object.
    package subscript(key: String) -> OpaqueValue? {
        members?.first { $0.key == key }?.value
    }

    /// The number's text when this is a number.
    package var numberText: String? {
        if case .number(let text) = self { return text }
        return nil
    }

    /// The flag when this is a boolean.
    package var bool: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    /// Whether this is `null`.
    package var isNull: Bool { self == .null }
}
