import AlmanacCore
import AlmanacLibXML

/// Unknown attributes and elements, and other formats' bags, kept as extras.
extension XMLModelReader {
    // MARK: Extras

    /// What an item held that the vocabulary does not know, and other formats' bags.
    struct Leftovers {
        var foreign = XMLForeignData()
        var bags: [String: OpaqueValue] = [:]
    }

    /// Keeps an unknown attribute in another namespace; drops one in none (or in almanac's)
    /// with a warning.
    /// `xsi:` attributes (such as `xsi:schemaLocation`) are dropped silently.
    func keep(_ attribute: XMLAttribute, of tag: XMLPushTag, in leftovers: inout Leftovers) {
        if attribute.namespace == XMLVocabulary.xsiNamespace { return }
        if attribute.namespace.isEmpty || attribute.namespace == XMLVocabulary.namespace { return warnDropped(attribute, of: tag) }
        leftovers.foreign.attributes.append(attribute)
    }

    func warnDropped(_ attribute: XMLAttribute, of tag: XMLPushTag) {
        guard attribute.namespace != XMLVocabulary.xsiNamespace else { return }
        let name = attribute.namespace.isEmpty ? attribute.localName : "{\(attribute.namespace)}\(attribute.localName)"
        warn("unknown attribute '\(name)' on <\(cursor.qualifiedName(of: tag))> is dropped", at: tag)
    }

    func warn(_ message: String, at tag: XMLPushTag) {
        diagnostics.append(Diagnostic(.warning, message, source: source, position: cursor.position(tag)))
    }

    /// `<extras>`: `<elements>` (kept elements) and `<bag codec="…">` (one value each).
    func extras(_ tag: XMLPushTag, into leftovers: inout Leftovers) throws {
        for attribute in cursor.attributes(of: tag) { warnDropped(attribute, of: tag) }
        while let child = try cursor.nextChild(of: tag) {
            switch name(of: child) {
            case .elements:
                while let element = try cursor.nextChild(of: child) { leftovers.foreign.elements.append(try cursor.capture(element)) }
            case .bag:
                guard let codec = attribute(attributeNames.codec, of: child) else {
                    throw XMLDecodingError.missingField("@codec", in: "<bag>", at: cursor.position(child))
                }
                guard leftovers.bags[codec] == nil else {
                    throw XMLDecodingError.duplicateElement("bag codec=\"\(codec)\"", in: "<extras>", at: cursor.position(child))
                }
                leftovers.bags[codec] = try singleOpaque(in: child, what: "<bag codec=\"\(codec)\">")
            default:
                warn("unknown element <\(cursor.qualifiedName(of: child))> in <extras> is dropped", at: child)
                try cursor.skip(child)
            }
        }
    }

    /// The item's extras: the other formats' bags, and what XML held that almanac does
    /// not know as the `xml` bag.
    func extras(_ leftovers: Leftovers, at tag: XMLPushTag) -> Extras {
        var extras = Extras(leftovers.bags)
        if !leftovers.foreign.isEmpty {
            if leftovers.bags["xml"] != nil {
                warn("<bag codec=\"xml\"> in <\(cursor.qualifiedName(of: tag))> is dropped: the unknown elements and attributes beside it take its place", at: tag)
            }
            extras["xml"] = leftovers.foreign.opaque
        }
        return extras
    }

    /// The one value element inside `tag`.
    /// `what` describes `tag` for messages, such as `<bag codec="ics">`.
    func singleOpaque(in tag: XMLPushTag, what: @autoclosure () -> String) throws -> OpaqueValue {
        var value: OpaqueValue?
        while let child = try cursor.nextChild(of: tag) {
            guard value == nil else {
                throw XMLDecodingError.read(.unexpectedElement(cursor.qualifiedName(of: child), in: "\(what()), which holds one value", at: cursor.position(child)))
            }
            value = try opaque(child)
        }
        guard let value else { throw XMLDecodingError.missingField("null|bool|number|string|array|object", in: what(), at: cursor.position(tag)) }
        return value
    }

    /// `<null/>`, `<bool>`, `<number>` (a JSON number), `<string>`, `<array>`, `<object>` of `<member key="…">`.
    func opaque(_ tag: XMLPushTag) throws -> OpaqueValue {
        switch name(of: tag) {
        case .null:
            try cursor.skip(tag)
            return .null
        case .bool:
            return .bool(try bool(tag, "<bool>"))
        case .number:
            let text = try string(tag).trimmingXMLWhitespace()
            guard Self.isJSONNumber(text) else {
                throw XMLDecodingError.invalidValue(field: "<number>", reason: "'\(text)' is not a JSON number", at: cursor.position(tag))
            }
            return .number(text)
        case .string:
            return .string(try string(tag))
        case .array:
            var elements: [OpaqueValue] = []
            while let child = try cursor.nextChild(of: tag) { elements.append(try opaque(child)) }
            return .array(elements)
        case .object:
            var members: [OpaqueMember] = []
            while let child = try cursor.nextChild(of: tag) {
                guard name(of: child) == .member,
                      let key = attribute(attributeNames.key, of: child) else {
                    throw XMLDecodingError.invalidValue(field: "<\(cursor.qualifiedName(of: child))>", reason: "an <object> holds <member key=\"…\"> elements only", at: cursor.position(child))
                }
                members.append(OpaqueMember(key, try singleOpaque(in: child, what: "<member key=\"\(key)\">")))
            }
            return .object(members)
        default:
            throw XMLDecodingError.invalidValue(field: "<\(cursor.qualifiedName(of: tag))>", reason: "expected one of <null/>, <bool>, <number>, <string>, <array>, <object>", at: cursor.position(tag))
        }
    }

    /// Whether `text` follows the JSON number grammar (so the JSON writer can write it as is).
    static func isJSONNumber(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        func digits() -> Int {
            let count = bytes.prefix(while: { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }).count
            bytes = bytes.dropFirst(count)
            return count
        }
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        if bytes.first == UInt8(ascii: "0") {
            bytes = bytes.dropFirst()
        } else if digits() == 0 {
            return false
        }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            guard digits() > 0 else { return false }
        }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }
}
