/// Well-formed XML on bytes for the xCal writer: elements that hold elements, and
/// leaves that hold text. Pretty output puts every element on a line of its own,
/// indented two spaces a level, with a leaf's text inline; compact output has no
/// white space between elements.
///
/// Text escapes `&`, `<` and `>`, and a carriage return as `&#13;` (a parser would
/// turn a raw one into a line feed); tab and line feed stay as they are. Characters
/// XML 1.0 cannot hold at all, even as references (C0 controls other than tab, line
/// feed and carriage return; U+FFFE and U+FFFF), throw ``XCalEncodingError``.
struct XCalMarkup {
    private(set) var bytes: [UInt8] = []
    let pretty: Bool
    /// How many elements are open.
    private var depth = 0
    /// The last byte written before ``takeBytes()`` emptied `bytes` (`nil`: none yet).
    private var lastTaken: UInt8?

    init(pretty: Bool) {
        self.pretty = pretty
        bytes.reserveCapacity(16_384)
    }

    /// Markup at the start of a line inside `depth` open elements (a streamed calendar's components).
    init(pretty: Bool, depth: Int) {
        self.pretty = pretty
        self.depth = depth
    }

    /// Hands over what has been written and goes on as if it were still there.
    mutating func takeBytes() -> [UInt8] {
        if let last = bytes.last { lastTaken = last }
        defer { bytes = [] }
        return bytes
    }

    /// `<?xml version="1.0" encoding="UTF-8"?>` and a line break.
    mutating func declaration() {
        ascii(#"<?xml version="1.0" encoding="UTF-8"?>"#)
        bytes.append(0x0A)
    }

    /// The final line break.
    mutating func finish() {
        bytes.append(0x0A)
    }

    /// Opens `<name>` (with a namespace declaration when given); close it with ``close(_:)``.
    mutating func open(_ name: String, namespace: String? = nil) {
        startLine()
        bytes.append(UInt8(ascii: "<"))
        bytes.append(contentsOf: name.utf8)
        if let namespace {
            // The namespace is a constant of almanac's, with nothing to escape.
            ascii(" xmlns=\"")
            bytes.append(contentsOf: namespace.utf8)
            bytes.append(UInt8(ascii: "\""))
        }
        bytes.append(UInt8(ascii: ">"))
        depth += 1
    }

    /// Closes the innermost open element, `<name>`.
    mutating func close(_ name: String) {
        depth -= 1
        startLine()
        ascii("</")
        bytes.append(contentsOf: name.utf8)
        bytes.append(UInt8(ascii: ">"))
    }

    /// `<name/>`.
    mutating func empty(_ name: String) {
        startLine()
        bytes.append(UInt8(ascii: "<"))
        bytes.append(contentsOf: name.utf8)
        ascii("/>")
    }

    /// `<name>text</name>`, the text escaped; `field` names what is written, for an error.
    mutating func leaf(_ name: String, _ text: String, field: @autoclosure () -> String) throws {
        startLine()
        bytes.append(UInt8(ascii: "<"))
        bytes.append(contentsOf: name.utf8)
        bytes.append(UInt8(ascii: ">"))
        try escaped(text, field: field)
        ascii("</")
        bytes.append(contentsOf: name.utf8)
        bytes.append(UInt8(ascii: ">"))
    }

    /// Before a tag: a line break and the indent, when pretty.
    private mutating func startLine() {
        guard pretty else { return }
        if let last = bytes.last ?? lastTaken, last != 0x0A { bytes.append(0x0A) }
        for _ in 0..<depth { ascii("  ") }
    }

    private mutating func ascii(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private mutating func escaped(_ text: String, field: () -> String) throws {
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x26: ascii("&amp;")
            case 0x3C: ascii("&lt;")
            case 0x3E: ascii("&gt;")
            case 0x0D: ascii("&#13;")
            case 0x09, 0x0A: bytes.append(UInt8(scalar.value))
            case 0x00..<0x20, 0xFFFE, 0xFFFF:
                throw XCalEncodingError.unrepresentableCharacter(codePoint: scalar.value, field: field())
            case 0x20..<0x80:
                bytes.append(UInt8(scalar.value))
            default:
                UTF8.encode(scalar) { bytes.append($0) }
            }
        }
    }
}
