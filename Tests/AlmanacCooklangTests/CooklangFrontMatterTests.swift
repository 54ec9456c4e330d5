import AlmanacCore
import Testing
@testable import AlmanacCooklang

/// The YAML of front matter.
@Suite struct CooklangFrontMatterTests {
    static func metadata(_ text: String) throws -> [String: CooklangMetadataValue] {
        let parsed = try CooklangReader.parse(Array(text.utf8))
        return Dictionary(parsed.metadata.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    @Test func scalarsListsAndNestedKeys() throws {
        let metadata = try Self.metadata("""
        ---
        title: "Fish: \\"deluxe\\""
        note: 'it''s # not a comment'
        plain: text # a comment
        tags: [a, "b, c"]
        images:
          - one.jpg
          - two.jpg
        source:
          name: Book
          url: https://example.com
        story: |
          line one
          line two
        # a comment line
        ---
        step
        """)
        #expect(metadata["title"] == .text("Fish: \"deluxe\""))
        #expect(metadata["note"] == .text("it's # not a comment"))
        #expect(metadata["plain"] == .text("text"))
        #expect(metadata["tags"] == .list(["a", "b, c"]))
        #expect(metadata["images"] == .list(["one.jpg", "two.jpg"]))
        #expect(metadata["source.name"] == .text("Book"))
        #expect(metadata["source.url"] == .text("https://example.com"))
        #expect(metadata["story"] == .text("line one\nline two"))
    }

    @Test func noClosingFenceIsNoFrontMatter() throws {
        let parsed = try CooklangReader.parse(Array("---\ntitle: x\n".utf8))
        #expect(parsed.metadata.isEmpty)
        #expect(parsed.steps.count == 1)
    }

    @Test func aLineThatIsNoKeyIsAnErrorWithItsPosition() throws {
        #expect(throws: CooklangDecodingError.invalidFrontMatter("expected 'key: value'", at: SourcePosition(offset: 13, line: 3, column: 1))) {
            try CooklangReader.parse(Array("---\ntitle: x\njust words\n---\n".utf8))
        }
    }
}
