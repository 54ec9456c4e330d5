import AlmanacCore
import Testing
@testable import AlmanacMarkdown

/// A list item's Markdown, which the mapper takes from the paragraph the parser made when its
/// bytes are the same, is the item's line after its content column, made from the bytes; and
/// the steps counted ahead of the mapping are never fewer than the steps made.
@Suite("Item Markdown")
struct ItemMarkdownTests {
    /// Each item of every list in `text`, with the Markdown the mapper gives it and the bytes
    /// of its lines after the content column, joined with `\n` (what it was made of before).
    private func items(_ text: String) throws -> [(markdown: String, expected: String)] {
        let source = try MarkdownSource(Array(text.utf8))
        let blocks = try BlockParser().parse(source.lines.indices.map { ParserLine(number: $0, text: source.lines[$0]) })
        let mapper = RecipeMapper(source: source)
        var found: [(String, String)] = []
        func walk(_ blocks: [MarkdownBlock]) {
            for block in blocks {
                guard case .list(let list) = block.kind else { continue }
                for item in list.items {
                    var lines: [String] = []
                    for number in item.firstLine...item.lastLine {
                        let line = source.lines[number]
                        let rest = number == item.firstLine
                            ? Array(RecipeMapper.dropColumns(line, item.contentColumn))
                            : LineScanner.dropIndent(line, columns: item.contentColumn)
                        lines.append(String(decoding: rest, as: UTF8.self))
                    }
                    found.append((mapper.itemMarkdown(item), lines.joined(separator: "\n")))
                    walk(item.blocks)
                }
            }
        }
        walk(blocks)
        return found
    }

    @Test("an item's Markdown is its bytes after the marker, whatever the paragraph trimmed", arguments: [
        "- flour\n- sugar\n",
        "- flour   \n- sugar\t\n",
        "-  two spaces\n-\ttab\n- \tspace tab\n",
        "- crème brûlée, fouettée\n- 日本語のテキスト\n- \u{3000}ideographic space\u{3000}\n",
        "- a\r\n- b \r\n- c\r\n",
        "-\n- \n-   \n",
        "1. first step that is long enough to be no small string\n2. second\n10) tenth\n",
        "-      indented code\n- *emphasis* and `code`\n- # heading\n- > quote\n",
        "  - indented list\n    - nested item\n  - back\n",
        "- one\n  two lazy\n- three\n\n  four after blank\n",
        "- [link](target)\n- ---\n- * * *\n",
    ])
    func itemMarkdown(text: String) throws {
        for (markdown, expected) in try items(text) {
            #expect(markdown == expected)
            #expect(Array(markdown.utf8) == Array(expected.utf8))
        }
    }

    @Test("an item's first and last block and their count are those of its blocks, made or kept", arguments: [
        "- flour\n- *1 cup* sugar\n- [x](y)\n",
        "- a\n\n  b\n- c\n  lazy\n-\n-      code\n- # heading\n- > quote\n",
        "1. one\n   - nested\n   - items\n2. two\n",
    ])
    func itemBlocks(text: String) throws {
        let source = try MarkdownSource(Array(text.utf8))
        let blocks = try BlockParser().parse(source.lines.indices.map { ParserLine(number: $0, text: source.line($0)) })
        var seen = 0
        for block in blocks {
            guard case .list(let list) = block.kind else { continue }
            for item in list.items {
                seen += 1
                #expect(item.blockCount == item.blocks.count)
                #expect(String(describing: item.firstBlock) == String(describing: item.blocks.first))
                #expect(String(describing: item.lastBlock) == String(describing: item.blocks.last))
                var only: String?
                if item.blocks.count == 1, case .paragraph(let text) = item.blocks[0].kind { only = text }
                #expect(item.onlyParagraph == only)
                var first: String?
                if case .paragraph(let text)? = item.blocks.first?.kind { first = text }
                #expect(item.firstParagraph?.text == first)
                #expect(item.firstParagraph.map(\.lastLine) == (first == nil ? nil : item.blocks.first?.lastLine))
                if item.blockCount > 0 {
                    #expect(item.blocks.first?.firstLine == item.firstLine)
                    #expect(item.blocks.last?.lastLine ?? 0 <= item.lastLine)
                }
            }
        }
        #expect(seen > 0)
    }

    @Test("the counted steps are at least the steps of each section", arguments: [
        "1. a\n2. b\n\n## Part\n\n- c\n\nparagraph\n\n---\n\n```\ncode\n```\n",
        "## First\n\n## Second\n\n1. a\n",
        "[x]: http://example.com\n\n- a\n",
        "",
    ])
    func stepCounts(text: String) throws {
        let source = try MarkdownSource(Array(text.utf8))
        let blocks = try BlockParser().parse(source.lines.indices.map { ParserLine(number: $0, text: source.lines[$0]) })
        let counts = RecipeMapper.stepCounts(blocks)
        var made = [0]
        for part in RecipeMapper(source: source).steps(blocks) {
            switch part {
            case .section: made.append(0)
            case .step: made[made.count - 1] += 1
            }
        }
        #expect(counts.count == made.count)
        for (count, steps) in zip(counts, made) { #expect(count >= steps) }
    }
}
