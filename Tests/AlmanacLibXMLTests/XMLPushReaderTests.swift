import AlmanacCore
import AlmanacLibXML
import Testing

/// The SAX push reader: it must walk a document exactly as the pull reader does, across
/// chunk boundaries, and refuse what the pull reader refuses.
@Suite("libxml2 push reader")
struct XMLPushReaderTests {
    private func push<Result>(_ text: String, maximumDepth: Int = 256, _ body: (XMLPushReader) throws -> Result) throws -> Result {
        try Array(text.utf8).withUnsafeBufferPointer { try XMLPushReader.reading($0, maximumDepth: maximumDepth, body) }
    }

    private func pull<Result>(_ text: String, _ body: (XMLTextReader) throws -> Result) throws -> Result {
        try Array(text.utf8).withUnsafeBufferPointer { try XMLTextReader.reading($0, body) }
    }

    /// The root captured whole, with the position of each of its children, by both readers.
    private func both(_ text: String) throws -> (push: [String], pull: [String]) {
        let pushed: [String] = try push(text) { cursor in
            let root = try cursor.rootElement()
            var found = ["\(cursor.qualifiedName(of: root)) \(cursor.attributes(of: root))"]
            try cursor.children(of: root) { child in
                let position = cursor.position(child)
                found.append("\(position.line):\(position.column)@\(position.offset) \(cursor.qualifiedName(of: child)) \(child.isEmpty) \(try cursor.capture(child))")
            }
            try cursor.finish()
            return found
        }
        let pulled: [String] = try pull(text) { cursor in
            let root = try cursor.rootElement()
            var found = ["\(root.qualifiedName) \(root.attributes)"]
            try cursor.children(of: root) { child in
                let position = cursor.position(child.mark)
                found.append("\(position.line):\(position.column)@\(position.offset) \(child.qualifiedName) \(child.isEmpty) \(try cursor.capture(child))")
            }
            try cursor.finish()
            return found
        }
        return (pushed, pulled)
    }

    @Test("walks a document as XMLTextReader does: names, attributes, text, CDATA, empty elements, places")
    func sameAsThePullReader() throws {
        let text = """
            <?xml version="1.0"?>
            <!-- a comment -->
            <r xmlns="urn:a" xmlns:b="urn:b" id="1 &amp; 2" b:x="&lt;y&#38;&gt;">
              <t>  a &amp; b <![CDATA[<c>]]> &#x41;<!-- gone --> z </t>
              <b:e/><?pi data?><e></e><a/><a><a/></a>
              <long
                 at="multi-line tag"/>
            </r>
            """
        let result = try both(text)
        #expect(result.push == result.pull)
        #expect(result.push.count == 7)
        #expect(result.push[0] == #"r [AlmanacLibXML.XMLAttribute(localName: "id", namespace: "", value: "1 & 2"), AlmanacLibXML.XMLAttribute(localName: "x", namespace: "urn:b", value: "<y&>")]"#)
    }

    @Test("text and elements spread over many chunks come out whole, in order")
    func acrossChunks() throws {
        let long = String(repeating: "ab&amp;é ", count: 30_000)
        let items = (0..<5_000).map { "<i n=\"\($0)\">\($0)</i><i/>" }.joined(separator: "\n")
        let text = "<r>\n<t>\(long)</t>\n\(items)<t>\(long)</t></r>"
        let result = try both(text)
        #expect(result.push == result.pull)
        #expect(result.push.count == 10_003)
        let first: String = try push(text) { cursor in
            let root = try cursor.rootElement()
            var texts: [String] = []
            try cursor.children(of: root) { child in
                if cursor.localName(of: child) == "t" { texts.append(try cursor.text(of: child)) } else { try cursor.skip(child) }
            }
            return texts[0]
        }
        #expect(first == String(repeating: "ab&é ", count: 30_000))
    }

    @Test("a DTD-declared entity is refused in text and in attributes; its text never comes through")
    func entityReferences() throws {
        let inText = "<!DOCTYPE r [ <!ENTITY e \"secret\"> ]>\n<r><t>&e;</t></r>"
        let error = try #require(throws: XMLReadError.self) {
            try push(inText) { cursor in try cursor.children(of: try cursor.rootElement()) { _ = try cursor.text(of: $0) } }
        }
        #expect(error == .entityReference("e", at: SourcePosition(offset: 41, line: 2, column: 4)))
        let inAttribute = "<!DOCTYPE r [ <!ENTITY e \"secret\"> ]>\n<r a=\"x&e;\"/>"
        let refused = try #require(throws: XMLReadError.self) { try push(inAttribute) { try $0.rootElement() } }
        guard case .entityReference("e", let position) = refused else {
            Issue.record("expected an entity reference, got \(refused)")
            return
        }
        #expect(position.line == 2)
    }

    @Test("malformed and truncated input is libxml2's error with line and column, never an empty document",
          arguments: [
            ("<r><t>a</titl></r>", "Opening and ending tag mismatch: t line 1 and titl", 1),
            ("<r>\n<t>a</t>\n<t>b", "the input ends before every element is closed", 3),
            ("", "the document is empty: it has no root element", 1),
          ])
    func malformed(text: String, message: String, line: Int) throws {
        let error = try #require(throws: XMLReadError.self) {
            try push(text) { cursor in
                try cursor.children(of: try cursor.rootElement()) { _ = try cursor.text(of: $0) }
                try cursor.finish()
            }
        }
        guard case .malformed(let found, let position) = error else {
            Issue.record("expected malformed XML, got \(error)")
            return
        }
        #expect(found == message)
        #expect(position.line == line)
    }

    @Test("libxml2's tree builder limits hold: 256 levels, 10,000,000 bytes of text")
    func limits() throws {
        let deep = String(repeating: "<a>", count: 300) + String(repeating: "</a>", count: 300)
        let tooDeep = try #require(throws: XMLReadError.self) {
            try push(deep, maximumDepth: 1_000) { cursor in _ = try cursor.capture(try cursor.rootElement()) }
        }
        #expect(tooDeep.message.contains("Excessive depth in document: 256"), "\(tooDeep)")
        let limited = try #require(throws: XMLReadError.self) {
            try push("<a><b><c/></b></a>", maximumDepth: 2) { cursor in _ = try cursor.capture(try cursor.rootElement()) }
        }
        #expect(limited == .tooDeep(limit: 2, at: SourcePosition(offset: 6, line: 1, column: 7)))
        let huge = "<a>" + String(repeating: "x", count: 10_000_001) + "</a>"
        let tooLong = try #require(throws: XMLReadError.self) { try push(huge) { cursor in _ = try cursor.text(of: try cursor.rootElement()) } }
        #expect(tooLong.message.contains("huge text node"), "\(tooLong)")
    }
}
