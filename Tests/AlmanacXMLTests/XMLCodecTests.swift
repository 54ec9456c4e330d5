import AlmanacCore
import AlmanacXML
import Testing

@Suite struct XMLCodecTests {
    @Test func describesItself() {
        let format = XMLCodec().format
        #expect(format.name == "xml")
        #expect(format.extensions == ["xml"])
        #expect(format.reads == [.recipe, .event])
        #expect(format.writes == [.recipe, .event])
    }
}

/// Reading as a stream: the same items, positions, warnings and extras as reading whole.
@Suite struct XMLStreamTests {
    static let text = """
        <almanac xmlns="https://almanac.invalid/xml/1" xmlns:o="urn:o" version="1" o:kept="yes">
          <recipe id="r1" shade="red"><title>Soup</title></recipe>
          <event id="e1"><title>Dinner</title><start>2026-12-24T18:00:00</start></event>
          <recipe id="r2"><title>Bread</title></recipe>
          <o:note>kept at the root</o:note>
        </almanac>
        """

    private func stream(_ text: String) throws -> (items: [Item], positions: [SourcePosition?], end: StreamEnd) {
        var source = MemorySource(Array(text.utf8))
        var items: [Item] = []
        var positions: [SourcePosition?] = []
        let end = try XMLCodec().decodeItems(from: &source, sourceName: "s.xml") { item, position in
            items.append(item)
            positions.append(position)
        }
        return (items, positions, end)
    }

    @Test("items come in document order with where each starts; the root's extras and the warnings come at the end")
    func sameAsWhole() throws {
        let whole = try XMLCodec().decode(Array(Self.text.utf8), source: "s.xml")
        let streamed = try stream(Self.text)
        #expect(streamed.items == [.recipe(whole.document.recipes[0]), .event(whole.document.events[0]), .recipe(whole.document.recipes[1])])
        #expect(streamed.positions == [whole.origins.recipes[0], whole.origins.events[0], whole.origins.recipes[1]])
        #expect(streamed.positions.map { $0?.line } == [2, 3, 4])
        #expect(streamed.end.documentExtras == whole.document.extras)
        #expect(!streamed.end.documentExtras.isEmpty)
        #expect(streamed.end.diagnostics == whole.diagnostics)
        #expect(streamed.end.diagnostics.map(\.message) == ["unknown attribute 'shade' on <recipe> is dropped"])
    }

    @Test("an error stops the stream after the items before it, with the codec's error and where")
    func errorMidway() throws {
        let text = XMLTest.wrap("<event><title>a</title></event><event><title>b</title><start>soon</start></event>")
        var source = MemorySource(Array(text.utf8))
        var titles: [String] = []
        let error = try #require(throws: XMLDecodingError.self) {
            _ = try XMLCodec().decodeItems(from: &source, sourceName: "s.xml") { item, _ in
                if case .event(let event) = item { titles.append(event.title) }
            }
        }
        #expect(titles == ["a"])
        guard case .invalidValue(let field, _, let position) = error else {
            Issue.record("expected an invalid value, got \(error)")
            return
        }
        #expect(field == "events[1].start")
        #expect(position.line == 1)
    }

    @Test("what the XML kit's reader refuses is the codec's read error, with the kit's message naming almanac XML")
    func readError() throws {
        var source = MemorySource(Array("<almanac".utf8))
        let error = try #require(throws: XMLDecodingError.self) {
            _ = try XMLCodec().decodeItems(from: &source, sourceName: "s.xml") { _, _ in }
        }
        guard case .read(.malformed) = error else {
            Issue.record("expected malformed XML, got \(error)")
            return
        }
        #expect(error.message.hasPrefix("malformed XML: "))
        let entity = XMLDecodingError.read(.entityReference("e", at: SourcePosition(offset: 0, line: 1, column: 1)))
        #expect(entity.message == "entity reference '&e;' is not allowed: almanac XML reads no DTD entities (use the text itself or a character reference)")
        #expect(XMLDecodingError.read(.tooDeep(limit: 3, at: SourcePosition(offset: 0, line: 1, column: 1))).depthLimit == 3)
        #expect(XMLDecodingError.read(.inputTooLarge(byteCount: 5)).position == nil)
    }
}
