/// Elements and attributes of a vocabulary known when compiling, named by `StaticString`s:
/// their bytes are copied as they are, with no `String` made, retained or measured.
extension XMLMarkupWriter {
    /// Opens `<name>`; close it with ``end()``.
    package mutating func start(_ name: StaticString) {
        writeStart(Self.bytes(of: name))
    }

    /// Opens `<name attribute="value">`, the value escaped; close it with ``end()``.
    /// `foreign` attributes (kept from an input) follow, with their namespaces declared.
    package mutating func start(_ name: StaticString, attribute: StaticString, value: String, foreign: [XMLAttribute] = []) throws(XMLUnrepresentableCharacter) {
        let name = Self.bytes(of: name), attribute = Self.bytes(of: attribute)
        if let failure = Self.withBytes(of: value, { value in
            guard foreign.isEmpty else {
                openTag(name)
                if let failure = appendAttribute(attribute, value, of: name) { return failure }
                if let failure = appendForeignAttributes(foreign, field: { String(decoding: name, as: UTF8.self) }) { return failure }
                buffer.append(UInt8(ascii: ">"))
                push(name)
                return nil
            }
            return writeStart(name, attribute, value)
        }) { throw failure }
    }

    /// `<name>text</name>`, the text escaped.
    package mutating func leaf(_ name: StaticString, _ text: String) throws(XMLUnrepresentableCharacter) {
        if let failure = Self.withBytes(of: text, { writeLeaf(Self.bytes(of: name), $0) }) { throw failure }
    }

    /// `<name attribute="value">text</name>`, the value and the text escaped.
    package mutating func leaf(_ name: StaticString, _ text: String, attribute: StaticString, value: String) throws(XMLUnrepresentableCharacter) {
        if let failure = Self.withBytes(of: text, { text in
            Self.withBytes(of: value) { writeLeaf(Self.bytes(of: name), text, attribute: Self.bytes(of: attribute), value: $0) }
        }) { throw failure }
    }

    /// `<name>text</name>` (with `attribute="value"` when there is one) of a text that
    /// `write` appends to the bytes it is given: a number or a time made as bytes, with no
    /// `String` in between. The text is escaped all the same.
    package mutating func leaf(_ name: StaticString, attribute: StaticString, value: String?, text write: (inout [UInt8]) -> Void) throws(XMLUnrepresentableCharacter) {
        var text: [UInt8] = []
        swap(&text, &scratch)
        defer { swap(&text, &scratch) }
        text.removeAll(keepingCapacity: true)
        write(&text)
        if let failure = text.withUnsafeBufferPointer({ text in
            guard let value else { return writeLeaf(Self.bytes(of: name), text) }
            return Self.withBytes(of: value) { writeLeaf(Self.bytes(of: name), text, attribute: Self.bytes(of: attribute), value: $0) }
        }) { throw failure }
    }

    /// `<name/>`.
    package mutating func empty(_ name: StaticString) {
        openTag(Self.bytes(of: name))
        closeEmptyTag()
    }

    /// `<name`, for an element with several attributes: each follows with
    /// ``attribute(_:_:of:)``, and ``closeEmptyTag()`` ends the element.
    package mutating func openTag(_ name: StaticString) {
        openTag(Self.bytes(of: name))
    }

    /// ` attribute="value"`, the value escaped, in the start tag of `element`.
    package mutating func attribute(_ attribute: StaticString, _ value: String, of element: StaticString) throws(XMLUnrepresentableCharacter) {
        if let failure = Self.withBytes(of: value, { appendAttribute(Self.bytes(of: attribute), $0, of: Self.bytes(of: element)) }) { throw failure }
    }

    /// `/>`, the end of an element with no content whose start tag ``openTag(_:)-(StaticString)`` began.
    package mutating func closeEmptyElement() {
        closeEmptyTag()
    }
}
