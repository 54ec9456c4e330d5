import AlmanacCore
import AlmanacLibXML
import Testing

/// The XML kit's writer on its own: layout, escaping, kept elements, and what XML cannot hold.
@Suite("XML kit writer")
struct XMLMarkupWriterTests {
    private func text(_ writer: XMLMarkupWriter) -> String {
        String(decoding: writer.bytes, as: UTF8.self)
    }

    /// A small document: an element holding elements, a leaf, an empty element.
    private func sample(pretty: Bool) throws -> XMLMarkupWriter {
        var writer = XMLMarkupWriter(pretty: pretty)
        writer.declaration()
        try writer.start("r", attributes: [("xmlns", "urn:r")])
        try writer.start("a")
        try writer.leaf("b", "x")
        try writer.empty("c", attributes: [("k", "v")])
        writer.end()
        try writer.leaf("d", "")
        writer.end()
        writer.finish()
        return writer
    }

    @Test("pretty output indents two spaces a level, a leaf's text inline, end tags of elements that hold elements on their own line")
    func pretty() throws {
        #expect(text(try sample(pretty: true)) == """
            <?xml version="1.0" encoding="UTF-8"?>
            <r xmlns="urn:r">
              <a>
                <b>x</b>
                <c k="v"/>
              </a>
              <d></d>
            </r>

            """)
    }

    @Test("compact output has no white space between elements")
    func compact() throws {
        #expect(text(try sample(pretty: false)) == #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n" + #"<r xmlns="urn:r"><a><b>x</b><c k="v"/></a><d></d></r>"# + "\n")
    }

    @Test("text escapes & < > and CR; attribute values also quotes, tab and line feed")
    func escaping() throws {
        var writer = XMLMarkupWriter(pretty: false)
        try writer.leaf("t", "a & <b> \"q\" 'a'\t\n\r é ✓", attributes: [("v", "a & <b> \"q\" 'a'\t\n\r é")])
        #expect(text(writer) == "<t v=\"a &amp; &lt;b&gt; &quot;q&quot; 'a'&#9;&#10;&#13; é\">a &amp; &lt;b&gt; \"q\" 'a'\t\n&#13; é ✓</t>")
    }

    @Test("characters XML 1.0 cannot hold throw, naming the field and the open elements", arguments: [
        ("\u{1}", UInt32(1)), ("\u{1B}", 0x1B), ("\u{FFFE}", 0xFFFE), ("\u{FFFF}", 0xFFFF),
    ])
    func unrepresentable(character: String, codePoint: UInt32) throws {
        var writer = XMLMarkupWriter(pretty: true)
        try writer.start("r")
        try writer.start("s")
        #expect(throws: XMLUnrepresentableCharacter(codePoint: codePoint, field: "t", openElements: ["r", "s"])) {
            try writer.leaf("t", "a\(character)b")
        }
        #expect(throws: XMLUnrepresentableCharacter(codePoint: codePoint, field: "t/@v", openElements: ["r", "s"])) {
            try writer.empty("t", attributes: [("v", character)])
        }
        #expect(XMLUnrepresentableCharacter.message(codePoint: 0x1B, field: "x") == "x holds U+001B, which XML 1.0 cannot hold; remove it or convert to a format that can (json)")
    }

    @Test("a kept element is written as it was, its namespaces declared where they change, its attributes' prefixes declared")
    func captured() throws {
        let inner = XMLCapturedElement(name: "i", namespace: "urn:o", attributes: [], content: [.text("  keep\n  ")])
        let element = XMLCapturedElement(
            name: "o", namespace: "urn:o",
            attributes: [
                XMLAttribute(localName: "lang", namespace: "http://www.w3.org/XML/1998/namespace", value: "de"),
                XMLAttribute(localName: "p", namespace: "urn:p", value: "1 < 2"),
                XMLAttribute(localName: "plain", namespace: "", value: "x"),
            ],
            content: [.element(inner), .text("a&b"), .element(XMLCapturedElement(name: "e", namespace: "", attributes: [], content: []))]
        )
        var writer = XMLMarkupWriter(pretty: true)
        try writer.start("r", attributes: [("xmlns", "urn:r")])
        try writer.captured(element, defaultNamespace: "urn:r")
        writer.end()
        #expect(text(writer) == """
            <r xmlns="urn:r">
              <o xmlns="urn:o" xmlns:n1="urn:p" xml:lang="de" n1:p="1 &lt; 2" plain="x"><i>  keep
              </i>a&amp;b<e xmlns=""/></o>
            </r>
            """)
    }

    @Test("a continuing writer appends after what it was given, at the start of a line inside its depth, and hands its bytes over")
    func continuing() throws {
        var writer = XMLMarkupWriter(pretty: true, depth: 2, continuing: Array("head\n".utf8))
        try writer.leaf("a", "1")
        #expect(writer.openElements == ["", ""])
        #expect(String(decoding: writer.takeBytes(), as: UTF8.self) == "head\n    <a>1</a>")
        try writer.leaf("b", "2")
        #expect(text(writer) == "\n    <b>2</b>")
    }

    /// What the writer should make of `text`, escaped one character at a time.
    private func escaped(_ text: String, attribute: Bool) -> String {
        var out = ""
        for character in text.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\r": out += "&#13;"
            case "\"" where attribute: out += "&quot;"
            case "\t" where attribute: out += "&#9;"
            case "\n" where attribute: out += "&#10;"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    @Test("texts and attribute values written whole when nothing in them is escaped are what escaping them would give")
    func plainAndEscapedAgree() throws {
        let long = String(repeating: "Zürich 👟 ", count: 400)
        let texts = [
            "", "x", "plain text", "é", "\u{FEFF}bom", "\u{FFFD}", "\u{E000}\u{F8FF}\u{FFEF}", "a\tb\nc", "\"quoted\" 'single'",
            ">", "a > b", "&", "\r", "x\r\ny", long, long + "&", "@[]^`{|}~\u{7F}",
        ] + ["&", "<", ">", "\"", "\t", "\n", "\r", "\u{FEFF}", "\u{FFFD}", "é"].flatMap { special in
            // At every place of the first words, and past them, in texts of every length up to 40.
            (0..<40).flatMap { place in
                [String(repeating: "a", count: place) + special + String(repeating: "b", count: 17 &- min(place, 17)), String(repeating: "a", count: place) + special]
            }
        }
        var writer = XMLMarkupWriter(pretty: true, depth: 1, continuing: Array(repeating: UInt8(ascii: "#"), count: 5_000))
        var expected = String(repeating: "#", count: 5_000)
        for (index, text) in texts.enumerated() {
            try writer.leaf("t", text, attribute: (name: "v", value: text))
            expected += (index == 0 ? "" : "\n") + "  <t v=\"\(escaped(text, attribute: true))\">\(escaped(text, attribute: false))</t>"
        }
        #expect(String(decoding: writer.takeBytes(), as: UTF8.self) == expected)
    }

    @Test("indents deeper than 64 levels, and the end tags of elements that hold elements")
    func deepLayout() throws {
        var writer = XMLMarkupWriter(pretty: true)
        var expected = ""
        for depth in 0..<70 {
            try writer.start("e")
            expected += (depth == 0 ? "" : "\n") + String(repeating: "  ", count: depth) + "<e>"
        }
        try writer.leaf("l", "x")
        expected += "\n" + String(repeating: "  ", count: 70) + "<l>x</l>"
        for depth in (0..<70).reversed() {
            writer.end()
            expected += "\n" + String(repeating: "  ", count: depth) + "</e>"
        }
        #expect(text(writer) == expected)
    }
}
