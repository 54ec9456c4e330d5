import AlmanacCore
import Testing
@testable import AlmanacMarkdown

/// The reader's linear paths give what the ones they replace gave: lines kept as offsets,
/// plain text trimmed line by line on bytes, a description's blocks used as parsed.
@Suite("Markdown reader in linear time and memory")
struct LinearReaderTests {
    /// What the trimming did before: split the characters at `\n`, trim each, join.
    private static func trimmedByCharacters(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { MarkdownText.trimmed(String($0)) }.joined(separator: "\n")
    }

    @Test("lines are trimmed on bytes as on characters", arguments: [
        "", "\n", "a", " a \n  b\t\n\nc  ", "\u{3000}wide\u{3000}\n\u{A0}nbsp\u{A0}", "é \n \u{1F600} ",
        "crlf \r\n kept as one\r\n", "\r\n", "a\r\r\nb", "trailing\n", "\n\nlead",
    ])
    func trimsLines(text: String) {
        var bytes = Array(text.utf8)
        #expect(PlainTextLines.trimmed(&bytes) == Self.trimmedByCharacters(text))
    }

    @Test("inline text of many lines keeps its lines trimmed")
    func inlineManyLines() {
        let line = "Whisk *the* flour, [then](https://example.com/a) bake at 200 °C  "
        let text = Array(repeating: line, count: 300).joined(separator: "\n")
        let plain = MarkdownPlainText.inline(text, references: [:])
        let expected = Array(repeating: "Whisk the flour, then bake at 200 °C", count: 300).joined(separator: "\n")
        #expect(plain == expected)
    }

    @Test("emphasis inside a link's text is dropped where the link is rendered")
    func emphasisInLink() {
        #expect(MarkdownPlainText.inline("a [*b* c](x) *d* [e](y) _f_", references: [:]) == "a b c d e f")
    }

    @Test("lines read from the source as the input splits them", arguments: [
        "a\nb", "a\r\nb\r\n", "a\r\r\nb", "\n\n", "x", "", "last\r", "  \n\t\nz",
    ])
    func sourceLines(text: String) throws {
        let source = try MarkdownSource(Array(text.utf8))
        var expected: [[UInt8]] = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
        if text.utf8.last == UInt8(ascii: "\n") || text.isEmpty { expected.removeLast() }
        expected = expected.map { $0.last == UInt8(ascii: "\r") ? Array($0.dropLast()) : $0 }
        #expect(Array(source.lines) == expected)
        for index in source.lines.indices {
            #expect(source.isBlank(line: index) == LineScanner.isBlank(expected[index]))
        }
    }

    @Test("a description's blocks give the plain text its source gives", arguments: [
        "A *spicy* dish\nwith [bread](b.md).",
        "First  \nline\n\nSecond paragraph\n\n```\ncode *kept*\n```",
        "Heading\n===\n\n<div>html</div>\n\n    indented *code*",
        "- a list\n- of *two*\n\n> quoted",
        "plain text only",
    ])
    func descriptionBlocks(text: String) throws {
        let recipe = try MarkdownTesting.recipeMD("# Title\n\n\(text)\n\n---\n\n- flour\n")
        let description = try #require(recipe.description)
        #expect(MarkdownPlainText.document(description, parsed: recipe.descriptionBlocks, references: [:])
            == MarkdownPlainText.document(description, references: [:]))
    }
}

/// ``MarkdownText/scalars(_:)`` decodes any text as its scalar view does.
@Suite("Scalars of a text")
struct TextScalarsTests {
    @Test("scalars are those of the string", arguments: ["", "ascii only", "200 °C", "é\u{1F600}ü — ½\u{3000}x", "\u{10FFFF}\u{7FF}\u{800}\u{FFFF}\u{10000}"])
    func scalars(text: String) {
        #expect(MarkdownText.scalars(text) == Array(text.unicodeScalars))
    }
}
