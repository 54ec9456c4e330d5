/// Escaped texts, kept elements and foreign attributes: the markup writer's slower paths.
extension XMLMarkupWriter {
    /// The namespace XML itself reserves for `xml:lang`, `xml:space`, … (prefix `xml`).
    package static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

    /// Appends `text` escaped for element content or, with `attribute`, for a quoted
    /// attribute value; returns the character XML cannot hold, if there is one, with
    /// `field` (an element or `element/@attribute`) to name where.
    mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, attribute: Bool, field: () -> String) -> XMLUnrepresentableCharacter? {
        var runStart = 0
        var index = 0
        let count = utf8.count
        while index < count {
            let byte = utf8[index]
            // Most bytes need nothing: letters, digits, most punctuation, and the bytes of
            // longer characters other than the first of U+FFFE / U+FFFF.
            if byte >= 0x40 ? byte != 0xEF : (byte >= 0x20 && byte != UInt8(ascii: "&") && byte != UInt8(ascii: "<") && byte != UInt8(ascii: ">") && byte != UInt8(ascii: "\"")) {
                index += 1
                continue
            }
            let replacement: StaticString
            switch byte {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\"") where attribute: replacement = "&quot;"
            case 0x0D: replacement = "&#13;"
            case 0x09 where attribute: replacement = "&#9;"
            case 0x0A where attribute: replacement = "&#10;"
            case 0x09, 0x0A:
                index += 1
                continue
            case 0x00..<0x20:
                return XMLUnrepresentableCharacter(codePoint: UInt32(byte), field: field(), openElements: openElements)
            case 0xEF where index + 2 < count && utf8[index + 1] == 0xBF && (utf8[index + 2] == 0xBE || utf8[index + 2] == 0xBF):
                return XMLUnrepresentableCharacter(codePoint: 0xFF00 | UInt32(utf8[index + 2] & 0x3F) | 0xC0, field: field(), openElements: openElements)
            default:
                index += 1
                continue
            }
            buffer.append(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
            buffer.append(Self.bytes(of: replacement))
            index += 1
            runStart = index
        }
        buffer.append(UnsafeBufferPointer(rebasing: utf8[runStart..<count]))
        return nil
    }

    /// ``appendEscaped(_:attribute:field:)`` of a `String`.
    private mutating func appendEscaped(_ text: String, attribute: Bool, field: () -> String) -> XMLUnrepresentableCharacter? {
        Self.withBytes(of: text) { appendEscaped($0, attribute: attribute, field: field) }
    }

    /// Appends `text`'s UTF-8 bytes in one copy.
    private mutating func appendUTF8(_ text: String) {
        Self.withBytes(of: text) { buffer.append($0) }
    }

    /// `name="value"`, the value escaped, after a space; the failure, if any.
    private mutating func appendAttribute(prefix: String?, _ name: String, _ value: String, field: () -> String) -> XMLUnrepresentableCharacter? {
        buffer.append(UInt8(ascii: " "))
        if let prefix {
            appendUTF8(prefix)
            buffer.append(UInt8(ascii: ":"))
        }
        appendUTF8(name)
        buffer.append(Self.bytes(of: "=\""))
        if let failure = appendEscaped(value, attribute: true, field: field) { return failure }
        buffer.append(UInt8(ascii: "\""))
        return nil
    }

    /// `element` and what it holds, as it was read; the failure, if any.
    mutating func appendCaptured(_ element: XMLCapturedElement, defaultNamespace: String) -> XMLUnrepresentableCharacter? {
        let field = { "<\(element.name)>" }
        buffer.append(UInt8(ascii: "<"))
        appendUTF8(element.name)
        if element.namespace != defaultNamespace, let failure = appendAttribute(prefix: nil, "xmlns", element.namespace, field: field) { return failure }
        if let failure = appendForeignAttributes(element.attributes, field: field) { return failure }
        if element.content.isEmpty {
            closeEmptyTag()
            return nil
        }
        buffer.append(UInt8(ascii: ">"))
        for node in element.content {
            let failure: XMLUnrepresentableCharacter?
            switch node {
            case .text(let text): failure = appendEscaped(text, attribute: false, field: field)
            case .element(let child): failure = appendCaptured(child, defaultNamespace: element.namespace)
            }
            if let failure { return failure }
        }
        buffer.append(Self.bytes(of: "</"))
        appendUTF8(element.name)
        buffer.append(UInt8(ascii: ">"))
        return nil
    }

    /// Attributes of any namespace, each namespaced one with a prefix declared beside it
    /// (`xml` for the XML namespace, `n1`, `n2`, … for others); the failure, if any.
    mutating func appendForeignAttributes(_ attributes: [XMLAttribute], field: () -> String) -> XMLUnrepresentableCharacter? {
        guard !attributes.isEmpty else { return nil }
        var prefixes: [String: String] = [Self.xmlNamespace: "xml"]
        for attribute in attributes where !attribute.namespace.isEmpty && prefixes[attribute.namespace] == nil {
            let prefix = "n\(prefixes.count)"
            prefixes[attribute.namespace] = prefix
            if let failure = appendAttribute(prefix: "xmlns", prefix, attribute.namespace, field: field) { return failure }
        }
        for attribute in attributes {
            if let failure = appendAttribute(prefix: prefixes[attribute.namespace], attribute.localName, attribute.value, field: field) { return failure }
        }
        return nil
    }
}
