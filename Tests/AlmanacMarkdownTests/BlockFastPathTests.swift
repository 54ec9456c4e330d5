import AlmanacCore
import Testing
@testable import AlmanacMarkdown

/// The block parser's and plain-text checks' byte-level fast paths give what the general
/// paths give: a list item's one paragraph line read from its marker's line, items that end
/// before a less-indented line, the scan for markup, strings made from scalars.
@Suite("Block fast paths")
struct BlockFastPathTests {
    /// Item contents of every kind a line can start: plain text, emphasis, thematic breaks,
    /// nested markers, headings, fences, quotes, HTML, indentation, other scripts, line ends.
    static let contents = [
        "flour", "*1 cup* flour", "*1*", "_x_ y", "***", "* * *", "*", "* x", "*\tx", "**2** eggs", "___", "_ _ _", "__x",
        "1. x", "2) y", "12x", "# x", "#x", "> x", "<div>", "<!-- c -->", "```", "```x", "~~~", "-x", "- x", "+ x", "=x",
        "x  ", "x\t", "é x", "\u{A0}x", "x\r", "[a](b) c", "`code`", "*x* ", "*** x", "*-*", "_*_",
    ]

    /// What the general parse makes of `content` alone: its text when it is one paragraph.
    static func paragraph(_ content: ArraySlice<UInt8>) throws -> String? {
        let blocks = try BlockParser().parse([ParserLine(number: 0, text: content)], depth: 1)
        guard blocks.count == 1, case .paragraph(let text) = blocks[0].kind, blocks[0].content == nil else { return nil }
        return text
    }

    @Test("a marker's one paragraph line is what parsing its content gives", arguments: ["- ", "* ", "1. ", "-\t", "-   ", "  - "])
    func paragraphText(marker: String) throws {
        for content in Self.contents {
            let line = Array((marker + content).utf8)
            guard let found = LineScanner.listMarker(line), !found.isEmpty else { continue }
            let general = try Self.paragraph(found.content)
            if let fast = found.paragraphText {
                #expect(fast == general, "\(marker + content)")
            }
            if content == "flour" || content == "*1 cup* flour" || content == "_x_ y" {
                #expect(found.paragraphText != nil, "\(marker + content)")
            }
        }
    }

    @Test("a wide gap after the marker is code, never a paragraph")
    func wideGap() throws {
        let found = try #require(LineScanner.listMarker(Array("-      code".utf8)))
        #expect(found.paragraphText == nil)
    }

    /// The items of the first list in `text`: each one's last line and how many blocks it holds.
    static func items(_ text: String) throws -> [(lastLine: Int, blocks: Int)] {
        let source = try MarkdownSource(Array(text.utf8))
        let blocks = try BlockParser().parse(source.lines.indices.map { ParserLine(number: $0, text: source.lines[$0]) })
        guard case .list(let list)? = blocks.first?.kind else { return [] }
        return list.items.map { ($0.lastLine, $0.blocks.count) }
    }

    @Test("an item ends before a line indented less than its content after a blank line, and not before one indented as far")
    func itemEnds() throws {
        #expect(try Self.items("- a\n\nb").map(\.lastLine) == [0])
        #expect(try Self.items("- a\n\n\n").map(\.lastLine) == [0])
        #expect(try Self.items("- a\n   \n- b").map(\.lastLine) == [0, 2])
        #expect(try Self.items(" - a\n\n  b").map(\.lastLine) == [0])
        #expect(try Self.items("- a\n\n  b\n- c").map { [$0.lastLine, $0.blocks] } == [[2, 2], [3, 1]])
        #expect(try Self.items("- a\nb").map { [$0.lastLine, $0.blocks] } == [[1, 1]])
        #expect(try Self.items("- a\n# b").map(\.lastLine) == [0])
        #expect(try Self.items("1. a\n\n   b\n\nc").map { [$0.lastLine, $0.blocks] } == [[2, 2]])
    }

    @Test("the scan for markup finds what starts a block, a hard break or inline markup", arguments: [
        ("plain words, 2 eggs. 1.5 l", false), ("", false), ("a\nb", false), ("a#b x1 a-b", false), ("x\t", false), ("é\nü", false),
        ("a  \nb", true), ("a\t\nb", true), ("a\n  b", true), ("a\n#b", true), ("\tx", true), ("1x", true), ("x*", true),
        ("é\n-x", true), ("a & b", true), ("a\n\nb", false), (" a", true), ("a \n", true), ("a\n>b", true), ("long text " + String(repeating: "word ", count: 40) + "[x]", true),
    ])
    func markupScan(text: String, expected: Bool) {
        #expect(MarkdownPlainText.mayHoldMarkup(text) == expected)
    }

    @Test("a paragraph that is one span is read as matching its runs reads it", arguments: [
        "*fall, vegetarian*", "**5 servings**", "_a_", "__b c__", "*(a)*", "*é*", "**½ cup**", "* a*", "*a *", "*\u{A0}a*", "*a\u{2003}*",
        "*a**", "**a*", "***a***", "*a_b*", "*a*b*", "*a\\*", "**", "*", "****", "*a* b", "_a*", "*a\nb*", "*a\\*b*", "__", "*_a_*",
    ])
    func wholeSpan(text: String) {
        let scalars = Array(text.unicodeScalars)
        let fast = InlineEmphasis.wholeSpan(scalars)
        let general = InlineEmphasis.delimitedWholeSpan(scalars)
        #expect(fast?.isStrong == general?.isStrong && fast?.inner == general?.inner, "\(text)")
    }

    @Test("a string from scalars is the string of those scalars", arguments: ["", "a", "short", "crème brûlée", "お好み焼き", "🍳 egg", String(repeating: "é", count: 40)])
    func scalarStrings(text: String) {
        let scalars = Array(text.unicodeScalars)
        #expect(String(scalars: scalars) == text)
        #expect(String(scalars: scalars[scalars.indices.dropFirst()]) == String(String.UnicodeScalarView(scalars.dropFirst())))
    }
}
