/// Writes well-formed XML by appending bytes, with no tree in between: the one writer of
/// the `xml` and `xcal` codecs. Pretty output puts every start tag on a line of its own,
/// indented two spaces a level, a leaf's text inline and an end tag on its own line when
/// the element holds elements; compact output has no white space between elements.
///
/// Text escapes `&`, `<` and `>`, and a carriage return as `&#13;` (a parser would turn a
/// raw one into a line feed); tab and line feed stay. Attribute values are always in
/// double quotes and escape `"` too, and tab, line feed and carriage return as character
/// references (a parser would turn raw ones into spaces). `'` never needs escaping.
/// Characters XML 1.0 cannot hold even as references (C0 controls other than tab, line
/// feed and carriage return; U+FFFE and U+FFFF) throw ``XMLUnrepresentableCharacter``,
/// which each codec turns into its own encoding error.
package struct XMLMarkupWriter {
    package private(set) var bytes: [UInt8] = []
    package let pretty: Bool
    /// The open elements, innermost last, each with whether it has child elements yet.
    private var open: [(name: String, hasChildren: Bool)] = []
    /// Bytes before this offset were written by someone else (see ``init(pretty:depth:continuing:)``).
    private var base = 0
    /// The last byte written before ``takeBytes()`` emptied `bytes`, `nil` at a line's start.
    private var lastTaken: UInt8?

    /// A writer of a whole document.
    package init(pretty: Bool, reservingCapacity capacity: Int = 4_096) {
        self.pretty = pretty
        bytes.reserveCapacity(capacity)
    }

    /// A writer that appends to `bytes` at the start of a line, as if inside `depth`
    /// elements (a document writer's items: one level deep in almanac XML, three in xCal).
    package init(pretty: Bool, depth: Int, continuing bytes: [UInt8] = []) {
        self.pretty = pretty
        self.bytes = bytes
        base = bytes.count
        open = Array(repeating: ("", true), count: depth)
    }

    /// Hands over what has been written and goes on with no bytes, as if they were still there.
    package mutating func takeBytes() -> [UInt8] {
        if bytes.count > base { lastTaken = bytes.last }
        base = 0
        defer { bytes = [] }
        return bytes
    }

    /// The names of the open elements, outermost first (`""` for those of ``init(pretty:depth:continuing:)``).
    package var openElements: [String] { open.map(\.name) }

    /// Notes that the innermost open element has children written by someone else.
    package mutating func noteChildren() {
        if !open.isEmpty { open[open.count - 1].hasChildren = true }
    }

    /// `<?xml version="1.0" encoding="UTF-8"?>` and a line break.
    package mutating func declaration() {
        ascii(#"<?xml version="1.0" encoding="UTF-8"?>"#)
        bytes.append(0x0A)
    }

    /// The final line break.
    package mutating func finish() {
        bytes.append(0x0A)
    }

    // MARK: Elements

    /// Opens `<name attributes…>`; close it with ``end()``. `foreign` attributes (kept from
    /// an input) follow, with their namespaces declared.
    package mutating func start(_ name: String, attributes: [(String, String)] = [], foreign: [XMLAttribute] = []) throws(XMLUnrepresentableCharacter) {
        try openTag(name, attributes: attributes)
        try appendForeignAttributes(foreign, field: name)
        bytes.append(UInt8(ascii: ">"))
        open.append((name, false))
    }

    /// ``start(_:attributes:foreign:)`` with one attribute, and no array made for it.
    package mutating func start(_ name: String, attribute: (name: String, value: String), foreign: [XMLAttribute] = []) throws(XMLUnrepresentableCharacter) {
        openTag(name)
        try appendAttribute(attribute.name, attribute.value, of: name)
        try appendForeignAttributes(foreign, field: name)
        bytes.append(UInt8(ascii: ">"))
        open.append((name, false))
    }

    /// Closes the innermost open element.
    package mutating func end() {
        let element = open.removeLast()
        if element.hasChildren { newline(depth: open.count) }
        ascii("</")
        appendUTF8(element.name)
        bytes.append(UInt8(ascii: ">"))
    }

    /// `<name attributes…>text</name>`, the text escaped.
    package mutating func leaf(_ name: String, _ text: String, attributes: [(String, String)] = []) throws(XMLUnrepresentableCharacter) {
        try openTag(name, attributes: attributes)
        bytes.append(UInt8(ascii: ">"))
        try appendEscaped(text, attribute: false, field: name)
        ascii("</")
        appendUTF8(name)
        bytes.append(UInt8(ascii: ">"))
    }

    /// ``leaf(_:_:attributes:)`` with one attribute, and no array made for it.
    package mutating func leaf(_ name: String, _ text: String, attribute: (name: String, value: String)) throws(XMLUnrepresentableCharacter) {
        openTag(name)
        try appendAttribute(attribute.name, attribute.value, of: name)
        bytes.append(UInt8(ascii: ">"))
        try appendEscaped(text, attribute: false, field: name)
        ascii("</")
        appendUTF8(name)
        bytes.append(UInt8(ascii: ">"))
    }

    /// `<name attributes…/>`.
    package mutating func empty(_ name: String, attributes: [(String, String)] = []) throws(XMLUnrepresentableCharacter) {
        try openTag(name, attributes: attributes)
        ascii("/>")
    }

    /// An element kept from an input (``XMLCapturedElement``), written as it was: no
    /// indentation is added inside it, since its text may matter. Namespaces are declared
    /// where they change from `defaultNamespace`.
    package mutating func captured(_ element: XMLCapturedElement, defaultNamespace: String) throws(XMLUnrepresentableCharacter) {
        noteChildren()
        lineBreak()
        try appendCaptured(element, defaultNamespace: defaultNamespace)
    }

    private mutating func openTag(_ name: String, attributes: [(String, String)]) throws(XMLUnrepresentableCharacter) {
        openTag(name)
        for (attribute, value) in attributes { try appendAttribute(attribute, value, of: name) }
    }

    /// `<name`, on a line of its own when pretty.
    private mutating func openTag(_ name: String) {
        noteChildren()
        lineBreak()
        bytes.append(UInt8(ascii: "<"))
        appendUTF8(name)
    }

    /// ` attribute="value"`, the value escaped, in the start tag of `element`.
    private mutating func appendAttribute(_ attribute: String, _ value: String, of element: String) throws(XMLUnrepresentableCharacter) {
        bytes.append(UInt8(ascii: " "))
        appendUTF8(attribute)
        ascii("=\"")
        try appendEscaped(value, attribute: true, field: "\(element)/@\(attribute)")
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func appendCaptured(_ element: XMLCapturedElement, defaultNamespace: String) throws(XMLUnrepresentableCharacter) {
        let field = "<\(element.name)>"
        bytes.append(UInt8(ascii: "<"))
        appendUTF8(element.name)
        if element.namespace != defaultNamespace {
            ascii(" xmlns=\"")
            try appendEscaped(element.namespace, attribute: true, field: field)
            bytes.append(UInt8(ascii: "\""))
        }
        try appendForeignAttributes(element.attributes, field: field)
        if element.content.isEmpty {
            ascii("/>")
            return
        }
        bytes.append(UInt8(ascii: ">"))
        for node in element.content {
            switch node {
            case .text(let text): try appendEscaped(text, attribute: false, field: field)
            case .element(let child): try appendCaptured(child, defaultNamespace: element.namespace)
            }
        }
        ascii("</")
        appendUTF8(element.name)
        bytes.append(UInt8(ascii: ">"))
    }

    /// The namespace XML itself reserves for `xml:lang`, `xml:space`, … (prefix `xml`).
    package static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

    /// Attributes of any namespace, each namespaced one with a prefix declared beside it
    /// (`xml` for the XML namespace, `n1`, `n2`, … for others).
    private mutating func appendForeignAttributes(_ attributes: [XMLAttribute], field: String) throws(XMLUnrepresentableCharacter) {
        guard !attributes.isEmpty else { return }
        var prefixes: [String: String] = [Self.xmlNamespace: "xml"]
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
                appendUTF8(prefix)
                bytes.append(UInt8(ascii: ":"))
            }
            appendUTF8(attribute.localName)
            ascii("=\"")
            try appendEscaped(attribute.value, attribute: true, field: field)
            bytes.append(UInt8(ascii: "\""))
        }
    }

    // MARK: Layout

    /// Before a start tag: a line break and the indent, unless at the start of a line.
    private mutating func lineBreak() {
        let last = bytes.count > base ? bytes.last : lastTaken
        if last == nil || last == 0x0A { indent(open.count) } else { newline(depth: open.count) }
    }

    private mutating func newline(depth: Int) {
        guard pretty else { return }
        appendLayout(from: 0, depth: depth)
    }

    private mutating func indent(_ depth: Int) {
        guard pretty, depth > 0 else { return }
        appendLayout(from: 1, depth: depth)
    }

    /// A line break then 64 spaces: the layout of any line is a slice of it.
    private static let layout: [UInt8] = [0x0A] + Array(repeating: UInt8(ascii: " "), count: 64)

    /// `layout[from...]` up to the indent of `depth` (two spaces a level), in one copy.
    private mutating func appendLayout(from start: Int, depth: Int) {
        let end = 1 + 2 * depth
        guard end <= Self.layout.count else {
            if start == 0 { bytes.append(0x0A) }
            bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
            return
        }
        Self.layout.withUnsafeBufferPointer { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[start..<end])) }
    }

    /// Appends `text`'s UTF-8 bytes in one copy (appending a `String.UTF8View` goes byte
    /// by byte through a generic copy).
    private mutating func appendUTF8(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    private mutating func ascii(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    // MARK: Escaping

    /// Appends `text` escaped for element content or, with `attribute`, for a quoted
    /// attribute value; `field` (an element or `element/@attribute`) goes in the error.
    private mutating func appendEscaped(_ text: String, attribute: Bool, field: @autoclosure () -> String) throws(XMLUnrepresentableCharacter) {
        var text = text
        let failure: UInt32? = text.withUTF8 { utf8 in
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
                    return UInt32(byte)
                case 0xEF where index + 2 < utf8.count && utf8[index + 1] == 0xBF && (utf8[index + 2] == 0xBE || utf8[index + 2] == 0xBF):
                    return 0xFF00 | UInt32(utf8[index + 2] & 0x3F) | 0xC0
                default:
                    index += 1
                    continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                ascii(replacement)
                index += 1
                runStart = index
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
            return nil
        }
        if let failure {
            throw XMLUnrepresentableCharacter(codePoint: failure, field: field(), openElements: openElements)
        }
    }
}

/// A character ``XMLMarkupWriter`` was asked to write that XML 1.0 cannot hold.
package struct XMLUnrepresentableCharacter: Error, Hashable, Sendable {
    /// The character's code point.
    package var codePoint: UInt32
    /// Where: the element (`notes`), the attribute (`recipe/@id`) or the kept element (`<name>`).
    package var field: String
    /// The elements open around it, outermost first (as ``XMLMarkupWriter/openElements``).
    package var openElements: [String]

    package init(codePoint: UInt32, field: String, openElements: [String]) {
        self.codePoint = codePoint
        self.field = field
        self.openElements = openElements
    }

    /// The message of a codec's encoding error for `codePoint` in `field` (the codec's own
    /// description of where, such as `events[0] <notes>`).
    package static func message(codePoint: UInt32, field: String) -> String {
        let hex = String(codePoint, radix: 16, uppercase: true)
        return "\(field) holds U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex), which XML 1.0 cannot hold; remove it or convert to a format that can (json)"
    }
}
