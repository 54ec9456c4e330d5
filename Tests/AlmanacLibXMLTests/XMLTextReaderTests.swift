import AlmanacCore
import AlmanacLibXML
import Testing

/// The shared libxml2 reader on its own: walking elements, text, capture, positions,
/// and what it refuses.
@Suite("Shared libxml2 reader")
struct XMLTextReaderTests {
    /// Runs `body` with a reader over `text`.
    private func read<Result>(_ text: String, maximumDepth: Int = 256, _ body: (XMLTextReader) throws -> Result) throws -> Result {
        try Array(text.utf8).withUnsafeBufferPointer { buffer in
            try XMLTextReader.reading(buffer, maximumDepth: maximumDepth, body)
        }
    }

    @Test("children, text, attributes and namespaces are reported as written")
    func walking() throws {
        let text = """
            <?xml version="1.0"?>
            <!-- a comment -->
            <r xmlns="urn:a" xmlns:b="urn:b" id="1" b:x="y">
              <t>  a &amp; b <![CDATA[<c>]]> &#x41; </t>
              <b:e/><?pi data?>
            </r>
            """
        let found: [String] = try read(text) { cursor in
            let root = try cursor.rootElement()
            #expect(root.localName == "r")
            #expect(root.namespace == "urn:a")
            #expect(root.attributes == [XMLAttribute(localName: "id", namespace: "", value: "1"), XMLAttribute(localName: "x", namespace: "urn:b", value: "y")])
            #expect(root.attribute("x", namespace: "urn:b") == "y")
            var found: [String] = []
            try cursor.children(of: root) { child in
                switch child.localName {
                case "t": found.append(try cursor.text(of: child))
                default:
                    found.append("\(child.qualifiedName) \(child.namespace) \(child.isEmpty) \(child.depth)")
                    try cursor.skip(child)
                }
            }
            try cursor.finish()
            return found
        }
        #expect(found == ["  a & b <c> A ", "b:e urn:b true 1"])
    }

    @Test("element positions point at the start tag's '<', in characters")
    func positions() throws {
        let text = "<r>\n  <é/><a/><a\n   x=\"1\"/>\n</r>"
        let positions: [SourcePosition] = try read(text) { cursor in
            let root = try cursor.rootElement()
            var positions: [SourcePosition] = []
            try cursor.children(of: root) { child in
                positions.append(cursor.position(child.mark))
                try cursor.skip(child)
            }
            return positions
        }
        #expect(positions.map { [$0.line, $0.column] } == [[2, 3], [2, 7], [2, 11]])
        #expect(positions[1].offset == 11)
    }

    @Test("capture keeps an element whole, adjacent text joined")
    func capture() throws {
        let captured: XMLCapturedElement = try read(#"<r><x a="1">one<y>two</y>three<![CDATA[!]]></x></r>"#) { cursor in
            let root = try cursor.rootElement()
            var captured: XMLCapturedElement?
            try cursor.children(of: root) { captured = try cursor.capture($0) }
            return try #require(captured)
        }
        #expect(captured == XMLCapturedElement(name: "x", namespace: "", attributes: [XMLAttribute(localName: "a", namespace: "", value: "1")], content: [
            .text("one"), .element(XMLCapturedElement(name: "y", namespace: "", attributes: [], content: [.text("two")])), .text("three!"),
        ]))
    }

    @Test(
        "what the reader refuses throws with line and column",
        arguments: [
            ("<r>\n  <a></b>\n</r>", 2, 10, "malformed XML: Opening and ending tag mismatch: a line 2 and b"),
            ("<!DOCTYPE r [ <!ENTITY e \"x\"> ]>\n<r><t>&e;</t></r>", 2, 4, "entity reference '&e;' is not allowed: DTD entities are not read"),
            ("<r>\n  loose<a/></r>", 2, 1, "unexpected text 'loose' in <r>"),
            ("<r><t><b/></t></r>", 1, 7, "unexpected element <b> in <t>, which holds text only"),
            ("<r><a><b><c/></b></a></r>", 1, 10, "elements nest deeper than 3 levels"),
            ("", 1, 1, "malformed XML: the document is empty: it has no root element"),
        ]
    )
    func refusals(text: String, line: Int, column: Int, message: String) throws {
        let error = try #require(throws: XMLReadError.self) {
            try read(text, maximumDepth: 3) { cursor in
                let root = try cursor.rootElement()
                try cursor.children(of: root) { child in
                    if child.localName == "t" { _ = try cursor.text(of: child) } else { _ = try cursor.capture(child) }
                }
                try cursor.finish()
            }
        }
        #expect(error.message == message)
        #expect(error.position?.line == line, "\(error)")
        #expect(error.position?.column == column, "\(error)")
    }

    @Test("an external entity is never loaded")
    func externalEntity() throws {
        let text = "<!DOCTYPE r [ <!ENTITY x SYSTEM \"file:///etc/hostname\"> ]>\n<r><t>&x;</t></r>"
        let error = try #require(throws: XMLReadError.self) {
            try read(text) { cursor in
                let root = try cursor.rootElement()
                try cursor.children(of: root) { _ = try cursor.text(of: $0) }
            }
        }
        guard case .entityReference(let name, let position) = error else {
            Issue.record("expected an entity-reference error, got \(error)")
            return
        }
        #expect(name == "x")
        #expect([position.line, position.column] == [2, 4])
    }

    @Test("the source map finds lines on demand and counts columns in characters")
    func sourceMap() throws {
        let bytes = Array("ab\r\nçd\n\nx".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            let map = XMLSourceMap(bytes: buffer)
            #expect(map.position(line: 2, column: 2) == SourcePosition(offset: 6, line: 2, column: 2))
            #expect(map.position(line: 4, column: 1) == SourcePosition(offset: 9, line: 4, column: 1))
            #expect(map.position(line: 9, column: 3).offset == bytes.count)
            #expect(map.elementPosition(line: 1, qualifiedName: "nothing", occurrence: 0) == SourcePosition(offset: 0, line: 1, column: 1))
        }
    }

    @Test("XML white space is trimmed, other white space is not")
    func trimming() {
        #expect(" \t\r\n a b \n".trimmingXMLWhitespace() == "a b")
        #expect("\u{A0}a\u{A0}".trimmingXMLWhitespace() == "\u{A0}a\u{A0}")
        #expect("  ".trimmingXMLWhitespace() == "")
    }
}
