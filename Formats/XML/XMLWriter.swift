import AlmanacCore
import AlmanacLibXML

/// Writes well-formed XML to bytes, pretty (two-space indents, one element a line,
/// text inline) or compact (no white space between elements).
///
/// Text escapes `&`, `<` and `>`, and a carriage return as `&#13;` (a parser would
/// turn a raw one into a line feed). Attribute values are always in double quotes and
/// escape `&`, `<`, `>` and `"`, and tab, line feed and carriage return as character
/// references (a parser would turn raw ones into spaces). `'` never needs escaping.
/// Characters XML 1.0 cannot hold at all throw ``XMLEncodingError``.
struct XMLWriter {
    private(set) var bytes: [UInt8] = []
    let pretty: Bool
    /// The item being written, such as `events[1]`, for error messages.
    var context = "the document"
    /// The open elements, innermost last, each with whether it has child elements yet.
    private var open: [(name: String, hasChildren: Bool)] = []
    /// Bytes before this offset were written by someone else (see ``init(pretty:depth:continuing:)``).
    private var base = 0
    /// The last byte written before ``takeBytes()`` emptied `bytes`, `nil` at a line's start.
    private var lastTaken: UInt8?

    init(pretty: Bool, reservingCapacity capacity: Int = 4_096) {
        self.pretty = pretty
        bytes.reserveCapacity(capacity)
    }

    /// A writer that appends to `bytes` at the start of a line, as if inside `depth`
    /// elements (a document writer's items sit in the root: depth 1).
    init(pretty: Bool, depth: Int, continuing bytes: [UInt8]) {
        self.pretty = pretty
        self.bytes = bytes
        base = bytes.count
        open = Array(repeating: ("", true), count: depth)
    }

    /// Hands over what has been written and goes on with no bytes, as if they were still there.
    mutating func takeBytes() -> [UInt8] {
        if bytes.count > base { lastTaken = bytes.last }
        base = 0
        defer { bytes = [] }
        return bytes
    }

    /// Notes that the innermost open element has children written by someone else.
    mutating func noteChildren() {
        if !open.isEmpty { open[open.count - 1].hasChildren = true }
    }

    /// `<?xml version="1.0" encoding="UTF-8"?>` and a line break.
    mutating func declaration() {
        bytes.append(contentsOf: #"<?xml version="1.0" encoding="UTF-8"?>"#.utf8)
        bytes.append(UInt8(ascii: "\n"))
    }

    /// The final line break.
    mutating func finish() {
        bytes.append(UInt8(ascii: "\n"))
    }

    // MARK: Elements

    /// Opens `<name attributes…>`; close it with ``end()``.
    /// `foreign` attributes (kept from an input) follow, with their namespaces declared.
    mutating func start(_ name: String, attributes: [(String, String)] = [], foreign: [XMLAttribute] = []) throws {
        try openTag(name, attributes: attributes)
        try appendForeignAttributes(foreign, field: name)
        bytes.append(UInt8(ascii: ">"))
        open.append((name, false))
    }

    /// Closes the innermost open element.
    mutating func end() {
        let element = open.removeLast()
        if element.hasChildren { newline(depth: open.count) }
        bytes.append(contentsOf: "</".utf8)
        bytes.append(contentsOf: element.name.utf8)
        bytes.append(UInt8(ascii: ">"))
    }

    /// `<name attributes…>text</name>`.
    mutating func leaf(_ name: String, _ text: String, attributes: [(String, String)] = []) throws {
        try openTag(name, attributes: attributes)
        bytes.append(UInt8(ascii: ">"))
        try appendEscaped(text, attribute: false, field: name)
        bytes.append(contentsOf: "</".utf8)
        bytes.append(contentsOf: name.utf8)
        bytes.append(UInt8(ascii: ">"))
    }

    /// `<name attributes…/>`.
    mutating func empty(_ name: String, attributes: [(String, String)] = []) throws {
        try openTag(name, attributes: attributes)
        bytes.append(contentsOf: "/>".utf8)
    }

    /// A leaf when `text` is there, nothing otherwise.
    mutating func leaf(_ name: String, _ text: String?) throws {
        guard let text else { return }
        try leaf(name, text)
    }

    /// A wrapper element `<name>` with one `<child>` leaf per text, left out when empty.
    mutating func list(_ name: String, _ child: String, _ texts: [String]) throws {
        guard !texts.isEmpty else { return }
        try start(name)
        for text in texts { try leaf(child, text) }
        end()
    }

    private mutating func openTag(_ name: String, attributes: [(String, String)]) throws {
        if !open.isEmpty { open[open.count - 1].hasChildren = true }
        lineBreak()
        bytes.append(UInt8(ascii: "<"))
        bytes.append(contentsOf: name.utf8)
        for (attribute, value) in attributes {
            bytes.append(UInt8(ascii: " "))
            bytes.append(contentsOf: attribute.utf8)
            bytes.append(contentsOf: "=\"".utf8)
            try appendEscaped(value, attribute: true, field: "\(name)/@\(attribute)")
            bytes.append(UInt8(ascii: "\""))
        }
    }

    /// Before a start tag: a line break and the indent, unless at the start of a line.
    private mutating func lineBreak() {
        let last = bytes.count > base ? bytes.last : lastTaken
        if last == nil || last == UInt8(ascii: "\n") { indent(open.count) } else { newline(depth: open.count) }
    }

    private mutating func newline(depth: Int) {
        guard pretty else { return }
        bytes.append(UInt8(ascii: "\n"))
        indent(depth)
    }

    private mutating func indent(_ depth: Int) {
        guard pretty else { return }
        for _ in 0..<depth { bytes.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: " ")]) }
    }

    // MARK: Unknown elements

    /// An element kept from an input, written as it was: no indentation is added
    /// inside it, since its text may matter. Namespaces are declared where they change.
    mutating func unknown(_ element: XMLUnknownElement, defaultNamespace: String) throws {
        if !open.isEmpty { open[open.count - 1].hasChildren = true }
        lineBreak()
        try appendUnknown(element, defaultNamespace: defaultNamespace)
    }

    private mutating func appendUnknown(_ element: XMLUnknownElement, defaultNamespace: String) throws {
        let field = "<\(element.name)>"
        bytes.append(UInt8(ascii: "<"))
        bytes.append(contentsOf: element.name.utf8)
        if element.namespace != defaultNamespace {
            bytes.append(contentsOf: " xmlns=\"".utf8)
            try appendEscaped(element.namespace, attribute: true, field: field)
            bytes.append(UInt8(ascii: "\""))
        }
        try appendForeignAttributes(element.attributes, field: field)
        if element.content.isEmpty {
            bytes.append(contentsOf: "/>".utf8)
            return
        }
        bytes.append(UInt8(ascii: ">"))
        for node in element.content {
            switch node {
            case .text(let text): try appendEscaped(text, attribute: false, field: field)
            case .element(let child): try appendUnknown(child, defaultNamespace: element.namespace)
            }
        }
        bytes.append(contentsOf: "</".utf8)
        bytes.append(contentsOf: element.name.utf8)
        bytes.append(UInt8(ascii: ">"))
    }

    /// Attributes of any namespace, each namespaced one with a prefix declared beside it
    /// (`xml` for the XML namespace, `n1`, `n2`, … for others).
    mutating func appendForeignAttributes(_ attributes: [XMLAttribute], field: String) throws {
        var prefixes: [String: String] = [XMLVocabulary.xmlNamespace: "xml"]
        for attribute in attributes where !attribute.namespace.isEmpty && prefixes[attribute.namespace] == nil {
            let prefix = "n\(prefixes.count)"
            prefixes[attribute.namespace] = prefix
            bytes.append(contentsOf: " xmlns:\(prefix)=\"".utf8)
            try appendEscaped(attribute.namespace, attribute: true, field: field)
            bytes.append(UInt8(ascii: "\""))
        }
        for attribute in attributes {
            bytes.append(UInt8(ascii: " "))
            if let prefix = prefixes[attribute.namespace] {
                bytes.append(contentsOf: prefix.utf8)
                bytes.append(UInt8(ascii: ":"))
            }
            bytes.append(contentsOf: attribute.localName.utf8)
            bytes.append(contentsOf: "=\"".utf8)
            try appendEscaped(attribute.value, attribute: true, field: field)
            bytes.append(UInt8(ascii: "\""))
        }
    }

    // MARK: Escaping

    /// The field an error names: the item and the element path inside it.
    private func fieldName(_ leaf: String) -> String {
        let inside = open.dropFirst(2).map(\.name) + [leaf]
        return "\(context) <\(inside.joined(separator: "/"))>"
    }

    private mutating func appendEscaped(_ text: String, attribute: Bool, field: String) throws {
        var text = text
        try text.withUTF8 { utf8 in
            var runStart = 0
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                let replacement: String
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
                    throw XMLEncodingError.unrepresentableCharacter(codePoint: UInt32(byte), field: fieldName(field))
                case 0xEF where index + 2 < utf8.count && utf8[index + 1] == 0xBF && (utf8[index + 2] == 0xBE || utf8[index + 2] == 0xBF):
                    throw XMLEncodingError.unrepresentableCharacter(codePoint: 0xFF00 | UInt32(utf8[index + 2] & 0x3F) | 0xC0, field: fieldName(field))
                default:
                    index += 1
                    continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                bytes.append(contentsOf: replacement.utf8)
                index += 1
                runStart = index
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        }
    }
}
