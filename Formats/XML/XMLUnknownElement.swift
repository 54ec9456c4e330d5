import AlmanacCore
import AlmanacLibXML

/// An element almanac XML does not know, kept whole so that the XML writer can put it
/// back: its name, namespace, attributes, and text and child elements in order, as the
/// shared reader captures it (``XMLCapturedElement``).
///
/// In an item's `extras["xml"]` it is the JSON-shaped object
/// `{"name": "…", "namespace": "…", "attributes": {"a": "…", "{uri}b": "…"}, "content": ["text", {…}]}`,
/// members left out when empty; namespaced attributes are keyed `{uri}local`.
typealias XMLUnknownElement = XMLCapturedElement

extension XMLUnknownElement {
    var opaque: OpaqueValue {
        var members = [OpaqueMember("name", .string(name))]
        if !namespace.isEmpty { members.append(OpaqueMember("namespace", .string(namespace))) }
        if !attributes.isEmpty { members.append(OpaqueMember("attributes", XMLForeignData.opaque(attributes))) }
        if !content.isEmpty {
            members.append(OpaqueMember("content", .array(content.map {
                switch $0 {
                case .text(let text): return .string(text)
                case .element(let element): return element.opaque
                }
            })))
        }
        return .object(members)
    }

    /// The element an opaque value describes, or `nil` when it is not that shape or
    /// holds a name or namespace XML cannot write.
    init?(opaque: OpaqueValue, depth: Int = 0) {
        guard depth < 200, let members = opaque.members else { return nil }
        var name: String?
        var namespace = ""
        var attributes: [XMLAttribute] = []
        var content: [Node] = []
        for member in members {
            switch (member.key, member.value) {
            case ("name", .string(let text)): name = text
            case ("namespace", .string(let text)): namespace = text
            case ("attributes", let value):
                guard let parsed = XMLForeignData.attributes(value) else { return nil }
                attributes = parsed
            case ("content", .array(let nodes)):
                for node in nodes {
                    if case .string(let text) = node {
                        content.append(.text(text))
                    } else if let child = XMLUnknownElement(opaque: node, depth: depth + 1) {
                        content.append(.element(child))
                    } else {
                        return nil
                    }
                }
            default: return nil
            }
        }
        guard let name, XMLNames.isNCName(name), namespace != XMLVocabulary.xmlNamespace, namespace != XMLVocabulary.xmlnsNamespace else { return nil }
        self.init(name: name, namespace: namespace, attributes: attributes, content: content)
    }
}

/// What an item (or the document) held in almanac XML that the vocabulary does not
/// know: attributes in other namespaces and unknown elements. It is the item's
/// `extras["xml"]`: `{"attributes": {…}, "elements": [{…}]}`, members left out when empty.
struct XMLForeignData: Hashable {
    var attributes: [XMLAttribute] = []
    var elements: [XMLUnknownElement] = []

    var isEmpty: Bool { attributes.isEmpty && elements.isEmpty }

    var opaque: OpaqueValue {
        var members: [OpaqueMember] = []
        if !attributes.isEmpty { members.append(OpaqueMember("attributes", Self.opaque(attributes))) }
        if !elements.isEmpty { members.append(OpaqueMember("elements", .array(elements.map(\.opaque)))) }
        return .object(members)
    }

    init() {}

    /// The data an `extras["xml"]` value describes, or `nil` when it is not that shape
    /// (the writer then keeps it as a plain `<bag codec="xml">`).
    init?(opaque: OpaqueValue) {
        guard let members = opaque.members else { return nil }
        for member in members {
            switch (member.key, member.value) {
            case ("attributes", let value):
                // On an almanac element: never in no namespace or almanac's, which the vocabulary owns.
                guard let parsed = Self.attributes(value),
                      parsed.allSatisfy({ !$0.namespace.isEmpty && $0.namespace != XMLVocabulary.namespace }) else { return nil }
                attributes = parsed
            case ("elements", .array(let values)):
                for value in values {
                    guard let element = XMLUnknownElement(opaque: value) else { return nil }
                    elements.append(element)
                }
            default: return nil
            }
        }
    }

    /// Attributes as an object keyed `local` or `{uri}local`, in order.
    static func opaque(_ attributes: [XMLAttribute]) -> OpaqueValue {
        .object(attributes.map {
            OpaqueMember($0.namespace.isEmpty ? $0.localName : "{\($0.namespace)}\($0.localName)", .string($0.value))
        })
    }

    /// The attributes of such an object, or `nil` when a key or value cannot be written.
    static func attributes(_ value: OpaqueValue) -> [XMLAttribute]? {
        guard let members = value.members else { return nil }
        var result: [XMLAttribute] = []
        var seen: Set<String> = []
        for member in members {
            guard case .string(let text) = member.value, seen.insert(member.key).inserted else { return nil }
            var namespace = ""
            var local = member.key
            if member.key.hasPrefix("{"), let close = member.key.firstIndex(of: "}") {
                namespace = String(member.key[member.key.index(after: member.key.startIndex)..<close])
                local = String(member.key[member.key.index(after: close)...])
                guard !namespace.isEmpty, namespace != XMLVocabulary.xmlnsNamespace else { return nil }
            }
            guard XMLNames.isNCName(local), local != "xmlns" || !namespace.isEmpty else { return nil }
            result.append(XMLAttribute(localName: local, namespace: namespace, value: text))
        }
        return result
    }
}

/// XML 1.0 (fifth edition) name rules, for names almanac writes that came from data.
enum XMLNames {
    /// Whether `name` is a non-empty name without a colon (an NCName).
    static func isNCName(_ name: String) -> Bool {
        var scalars = name.unicodeScalars.makeIterator()
        guard let first = scalars.next(), first != ":", isNameStart(first.value) else { return false }
        while let scalar = scalars.next() {
            guard scalar != ":", isNameStart(scalar.value) || isNameOther(scalar.value) else { return false }
        }
        return true
    }

    private static func isNameStart(_ value: UInt32) -> Bool {
        switch value {
        case 0x3A, 0x41...0x5A, 0x5F, 0x61...0x7A, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D,
             0x37F...0x1FFF, 0x200C...0x200D, 0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF,
             0xF900...0xFDCF, 0xFDF0...0xFFFD, 0x10000...0xEFFFF:
            return true
        default:
            return false
        }
    }

    private static func isNameOther(_ value: UInt32) -> Bool {
        switch value {
        case 0x2D, 0x2E, 0x30...0x39, 0xB7, 0x300...0x36F, 0x203F...0x2040: return true
        default: return false
        }
    }
}
