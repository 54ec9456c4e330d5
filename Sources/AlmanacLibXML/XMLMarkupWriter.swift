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
    /// What has been written.
    package var bytes: [UInt8] { storage.count == count ? storage : Array(storage[..<count]) }
    /// The bytes written, the first ``count``, then spare zeros that the next bytes are
    /// stored over in place (``put(_:_:)``): one capacity check a piece, not an array append.
    private var storage: [UInt8] = []
    private var count = 0
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
        storage.reserveCapacity(capacity)
    }

    /// A writer that appends to `bytes` at the start of a line, as if inside `depth`
    /// elements (a document writer's items: one level deep in almanac XML, three in xCal).
    package init(pretty: Bool, depth: Int, continuing bytes: [UInt8] = []) {
        self.pretty = pretty
        storage = bytes
        count = bytes.count
        base = bytes.count
        open = Array(repeating: ("", true), count: depth)
    }

    /// Hands over what has been written and goes on with no bytes, as if they were still there.
    package mutating func takeBytes() -> [UInt8] {
        if count > base { lastTaken = storage[count - 1] }
        storage.removeLast(storage.count - count)
        var taken: [UInt8] = []
        swap(&taken, &storage)
        base = 0
        count = 0
        return taken
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
        byte(0x0A)
    }

    /// The final line break.
    package mutating func finish() {
        byte(0x0A)
    }

    // MARK: Elements

    /// Opens `<name attributes…>`; close it with ``end()``. `foreign` attributes (kept from
    /// an input) follow, with their namespaces declared.
    package mutating func start(_ name: String, attributes: [(String, String)] = [], foreign: [XMLAttribute] = []) throws(XMLUnrepresentableCharacter) {
        try openTag(name, attributes: attributes)
        try appendForeignAttributes(foreign, field: name)
        byte(UInt8(ascii: ">"))
        open.append((name, false))
    }

    /// ``start(_:attributes:foreign:)`` with one attribute, and no array made for it.
    package mutating func start(_ name: String, attribute: (name: String, value: String), foreign: [XMLAttribute] = []) throws(XMLUnrepresentableCharacter) {
        openTag(name)
        try appendAttribute(attribute.name, attribute.value, of: name)
        try appendForeignAttributes(foreign, field: name)
        byte(UInt8(ascii: ">"))
        open.append((name, false))
    }

    /// Closes the innermost open element.
    package mutating func end() {
        let element = open.removeLast()
        // A line of its own when the element holds elements (and the output is pretty).
        let layout = pretty && element.hasChildren ? 1 + 2 * open.count : 0
        var name = element.name
        name.withUTF8 { name in
            put(layout + name.count + 3) { target in
                var target = target
                if layout > 0 {
                    target[0] = 0x0A
                    (target + 1).update(repeating: UInt8(ascii: " "), count: layout - 1)
                    target += layout
                }
                target[0] = UInt8(ascii: "<")
                target[1] = UInt8(ascii: "/")
                Self.store(name, at: target + 2)[0] = UInt8(ascii: ">")
            }
        }
    }

    /// `<name attributes…>text</name>`, the text escaped.
    package mutating func leaf(_ name: String, _ text: String, attributes: [(String, String)] = []) throws(XMLUnrepresentableCharacter) {
        try openTag(name, attributes: attributes)
        try closeLeaf(name, text)
    }

    /// ``leaf(_:_:attributes:)`` with one attribute, and no array made for it.
    package mutating func leaf(_ name: String, _ text: String, attribute: (name: String, value: String)) throws(XMLUnrepresentableCharacter) {
        openTag(name)
        try appendAttribute(attribute.name, attribute.value, of: name)
        try closeLeaf(name, text)
    }

    /// `>text</name>` after a leaf's start tag, the text escaped: in one piece when
    /// nothing in it is (most texts).
    private mutating func closeLeaf(_ name: String, _ text: String) throws(XMLUnrepresentableCharacter) {
        if putPlain(name, text, attribute: false, as: (UInt8(ascii: ">"), UInt8(ascii: "<"), UInt8(ascii: "/"), UInt8(ascii: ">"))) { return }
        byte(UInt8(ascii: ">"))
        try appendEscaped(text, attribute: false, field: name)
        ascii("</")
        appendUTF8(name)
        byte(UInt8(ascii: ">"))
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
        let layout = layoutBeforeTag()
        var name = name
        name.withUTF8 { name in
            put(layout.count + 1 + name.count) { target in
                let tag = Self.store(layout, at: target)
                tag[0] = UInt8(ascii: "<")
                Self.store(name, at: tag + 1)
            }
        }
    }

    /// ` attribute="value"`, the value escaped, in the start tag of `element`.
    private mutating func appendAttribute(_ attribute: String, _ value: String, of element: String) throws(XMLUnrepresentableCharacter) {
        if putPlain(attribute, value, attribute: true, as: (UInt8(ascii: " "), UInt8(ascii: "="), UInt8(ascii: "\""), UInt8(ascii: "\""))) { return }
        byte(UInt8(ascii: " "))
        appendUTF8(attribute)
        ascii("=\"")
        try appendEscaped(value, attribute: true, field: "\(element)/@\(attribute)")
        byte(UInt8(ascii: "\""))
    }

    private mutating func appendCaptured(_ element: XMLCapturedElement, defaultNamespace: String) throws(XMLUnrepresentableCharacter) {
        let field = "<\(element.name)>"
        byte(UInt8(ascii: "<"))
        appendUTF8(element.name)
        if element.namespace != defaultNamespace {
            ascii(" xmlns=\"")
            try appendEscaped(element.namespace, attribute: true, field: field)
            byte(UInt8(ascii: "\""))
        }
        try appendForeignAttributes(element.attributes, field: field)
        if element.content.isEmpty {
            ascii("/>")
            return
        }
        byte(UInt8(ascii: ">"))
        for node in element.content {
            switch node {
            case .text(let text): try appendEscaped(text, attribute: false, field: field)
            case .element(let child): try appendCaptured(child, defaultNamespace: element.namespace)
            }
        }
        ascii("</")
        appendUTF8(element.name)
        byte(UInt8(ascii: ">"))
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
            appendUTF8(" xmlns:\(prefix)=\"")
            try appendEscaped(attribute.namespace, attribute: true, field: field)
            byte(UInt8(ascii: "\""))
        }
        for attribute in attributes {
            byte(UInt8(ascii: " "))
            if let prefix = prefixes[attribute.namespace] {
                appendUTF8(prefix)
                byte(UInt8(ascii: ":"))
            }
            appendUTF8(attribute.localName)
            ascii("=\"")
            try appendEscaped(attribute.value, attribute: true, field: field)
            byte(UInt8(ascii: "\""))
        }
    }

    // MARK: Layout

    /// Before a start tag: a line break and the indent, unless at the start of a line.
    private mutating func lineBreak() {
        let layout = layoutBeforeTag()
        put(layout.count) { Self.store(layout, at: $0) }
    }

    /// What goes before a start tag when pretty: a line break, unless at the start of a line,
    /// and the indent of the open elements, two spaces a level.
    private func layoutBeforeTag() -> (count: Int, lineFeed: Bool) {
        guard pretty else { return (0, false) }
        let last = count > base ? storage[count - 1] : lastTaken
        if last == nil || last == 0x0A { return (2 * open.count, false) }
        return (1 + 2 * open.count, true)
    }

    // MARK: Storing

    /// Stores the `needed` bytes `body` writes at the end, in place.
    @inline(__always)
    private mutating func put(_ needed: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Void) {
        if storage.count - count < needed { makeRoom(needed) }
        let start = count
        storage.withUnsafeMutableBufferPointer { body($0.baseAddress! + start) }
        count += needed
    }

    /// Adds spare zeros for at least `needed` more bytes, a kilobyte or more at a time (the
    /// array's capacity grows as an array's does, so bytes given to continue keep theirs).
    private mutating func makeRoom(_ needed: Int) {
        var missing = Swift.max(count + needed - storage.count, Self.zeros.count)
        while missing > 0 {
            let added = Swift.min(missing, Self.zeros.count)
            Self.zeros.withUnsafeBufferPointer { storage.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<added])) }
            missing -= added
        }
    }

    private static let zeros = [UInt8](repeating: 0, count: 1_024)

    /// Stores `utf8` at `target`; returns where the bytes after it go.
    @inline(__always) @discardableResult
    private static func store(_ utf8: UnsafeBufferPointer<UInt8>, at target: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        if let source = utf8.baseAddress { target.update(from: source, count: utf8.count) }
        return target + utf8.count
    }

    /// Stores a layout (``layoutBeforeTag()``) at `target`; returns where the bytes after it go.
    @inline(__always) @discardableResult
    private static func store(_ layout: (count: Int, lineFeed: Bool), at target: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        var spaces = target
        if layout.lineFeed {
            target[0] = 0x0A
            spaces += 1
        }
        let end = target + layout.count
        spaces.update(repeating: UInt8(ascii: " "), count: end - spaces)
        return end
    }

    /// Stores a name and a text that needs no escaping (``isPlain(_:attribute:)``) in one
    /// piece with the bytes of `marks` around them: ` name="text"` for an attribute (marks
    /// ` `, `=`, `"`, `"`), `>text</name>` to end a leaf (`>`, `<`, `/`, `>`, the text first).
    /// `false`, and nothing stored, when the text needs escaping.
    @inline(__always)
    private mutating func putPlain(_ name: String, _ text: String, attribute: Bool, as marks: (UInt8, UInt8, UInt8, UInt8)) -> Bool {
        var name = name, text = text
        return name.withUTF8 { name in
            text.withUTF8 { text in
                guard Self.isPlain(text, attribute: attribute) else { return false }
                put(name.count + text.count + 4) { target in
                    target[0] = marks.0
                    let middle = Self.store(attribute ? name : text, at: target + 1)
                    middle[0] = marks.1
                    middle[1] = marks.2
                    Self.store(attribute ? text : name, at: middle + 2)[0] = marks.3
                }
                return true
            }
        }
    }

    @inline(__always)
    private mutating func byte(_ value: UInt8) {
        put(1) { $0[0] = value }
    }

    /// Stores `utf8` whole.
    @inline(__always)
    private mutating func append(_ utf8: UnsafeBufferPointer<UInt8>) {
        guard let source = utf8.baseAddress else { return }
        put(utf8.count) { $0.update(from: source, count: utf8.count) }
    }

    /// Appends `text`'s UTF-8 bytes in one copy (appending a `String.UTF8View` goes byte
    /// by byte through a generic copy).
    private mutating func appendUTF8(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    private mutating func ascii(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
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
                append(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                ascii(replacement)
                index += 1
                runStart = index
            }
            append(UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
            return nil
        }
        if let failure {
            throw XMLUnrepresentableCharacter(codePoint: failure, field: field(), openElements: openElements)
        }
    }
}
