import Testing
@testable import AlmanacMarkdown

/// The parser asks about lines as slices of the input's bytes, which start where the line
/// starts in the input, not at 0: every question gives for such a slice what it gives for the
/// line as an array of its own.
@Suite("Lines as slices")
struct LineSliceTests {
    static let lines = [
        "", " ", "\t", "flour", "  flour  ", "- a", "-\ta", "-     code", "  -  b", "-", "- ", "* * *", "***", "- - -",
        "1. one", "12) twelve", "1234567890. long", "0.", "# Title", "### Title ###", "#\tx", "#x", "####### x",
        "===", "---", "- --", "```", "```swift", "``` a ` b", "~~~~", "    code", "\tcode", " \tx", "> quote", ">\tquote",
        ">", "  > > nested", "<div>", "<!-- c -->", "<script>", "<span>x</span>", "<a href=\"x\">", "</div>",
        "<?php", "<![CDATA[", "<!DOCTYPE html>", "crème", "\u{3000}x", "x\r", "*x*", "**5 servings**", "+ plus",
    ]

    /// `text`'s bytes as a slice that starts after other bytes, as a line of a larger input does.
    static func embedded(_ text: String) -> ArraySlice<UInt8> {
        let prefix = Array("# before\n- ".utf8)
        let bytes = prefix + Array(text.utf8) + Array("\nafter".utf8)
        return bytes[prefix.count..<(prefix.count + text.utf8.count)]
    }

    @Test("every question about a line gives the same answer for the line alone and for its slice", arguments: lines)
    func questions(text: String) {
        let own = Array(text.utf8)
        let line = Self.embedded(text)
        #expect(line.startIndex > 0)
        #expect(LineScanner.isBlank(own) == LineScanner.isBlank(line))
        #expect(LineScanner.indentation(own[...]) == LineScanner.indentation(line))
        #expect(LineScanner.rest(own[...]).map(Array.init) == LineScanner.rest(line).map(Array.init))
        #expect(LineScanner.startsPlainText(own[...]) == LineScanner.startsPlainText(line))
        #expect(LineScanner.isThematicBreak(own[...]) == LineScanner.isThematicBreak(line))
        #expect(LineScanner.atxHeading(own[...])?.level == LineScanner.atxHeading(line)?.level)
        #expect(LineScanner.atxHeading(own[...])?.text == LineScanner.atxHeading(line)?.text)
        #expect(LineScanner.setextLevel(own[...]) == LineScanner.setextLevel(line))
        #expect(LineScanner.fenceOpening(own)?.length == LineScanner.fenceOpening(line)?.length)
        for length in 3...4 {
            #expect(LineScanner.closesFence(own, character: UInt8(ascii: "`"), length: length) == LineScanner.closesFence(line, character: UInt8(ascii: "`"), length: length))
        }
        #expect(LineScanner.isBlockQuote(own[...]) == LineScanner.isBlockQuote(line))
        if LineScanner.isBlockQuote(line) {
            #expect(Array(LineScanner.blockQuoteContent(own[...])) == Array(LineScanner.blockQuoteContent(line)))
        }
        for columns in 0...6 {
            #expect(LineScanner.dropIndent(own, columns: columns) == Array(LineScanner.dropIndent(line, columns: columns)))
        }
        for interrupting in [false, true] {
            #expect(String(describing: LineScanner.htmlBlockStart(own[...], interruptingParagraph: interrupting))
                == String(describing: LineScanner.htmlBlockStart(line, interruptingParagraph: interrupting)))
        }
        #expect(LineScanner.interruptsParagraph(own[...]) == LineScanner.interruptsParagraph(line))
        let alone = LineScanner.listMarker(own)
        let sliced = LineScanner.listMarker(line)
        #expect((alone == nil) == (sliced == nil))
        if let alone, let sliced {
            #expect(alone.ordered == sliced.ordered && alone.character == sliced.character && alone.start == sliced.start)
            #expect(alone.contentColumn == sliced.contentColumn && alone.isEmpty == sliced.isEmpty)
            #expect(Array(alone.content) == Array(sliced.content))
            #expect(alone.paragraphText == sliced.paragraphText)
        }
    }

    @Test("a document parses to the same blocks from slices of its bytes as from lines of their own")
    func document() throws {
        let text = Self.lines.joined(separator: "\n") + "\n\n- a\n  b\n\n  c\n- > d\n  > e\n\n1. x\n   ```\n   y\n   ```\n"
        let source = try MarkdownSource(Array(text.utf8))
        let own = try BlockParser().parse(source.lines.indices.map { ParserLine(number: $0, text: source.lines[$0]) })
        let sliced = try BlockParser().parse(source.lines.indices.map { ParserLine(number: $0, text: source.line($0)) })
        #expect(String(describing: own) == String(describing: sliced))
    }
}
