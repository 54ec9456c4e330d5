/// Splits lines into CommonMark blocks: headings (ATX and setext), paragraphs,
/// thematic breaks, bullet and ordered lists with nesting, fenced and indented code,
/// block quotes and raw HTML. Inline content is left as text.
///
/// Containers are parsed by collecting their lines (without the container's prefix)
/// and parsing those again, so nesting is recursion: it stops at ``maximumDepth`` levels
/// of lists and block quotes, which no recipe comes near, so that a hostile file cannot
/// exhaust the stack or copy its lines once per level.
struct BlockParser {
    /// The deepest nesting of lists and block quotes read unless the reader's limits say otherwise.
    static let defaultMaximumDepth = 32

    /// The deepest nesting of lists and block quotes read.
    let maximumDepth: Int

    init(maximumDepth: Int = BlockParser.defaultMaximumDepth) {
        self.maximumDepth = maximumDepth
    }

    /// Nesting went past ``maximumDepth`` at `line` (an index into the input's lines).
    struct TooDeep: Error {
        var line: Int
    }

    func parse(_ lines: [ParserLine], depth: Int = 0) throws -> [MarkdownBlock] {
        if depth > maximumDepth, let first = lines.first { throw TooDeep(line: first.number) }
        var blocks: [MarkdownBlock] = []
        var index = 0
        while index < lines.count {
            let text = lines[index].text
            if LineScanner.isBlank(text) { index += 1; continue }
            let (block, next) = try parseBlock(lines, at: index, depth: depth)
            blocks.append(block)
            index = next
        }
        return blocks
    }

    /// Parses the block that starts at `index`; returns it and the index after it.
    private func parseBlock(_ lines: [ParserLine], at index: Int, depth: Int) throws -> (MarkdownBlock, Int) {
        let line = lines[index]
        let text = line.text
        if LineScanner.rest(text) == nil {
            return indentedCode(lines, at: index)
        }
        if LineScanner.startsPlainText(text) {
            return paragraph(lines, at: index)
        }
        if LineScanner.isThematicBreak(text) {
            return (MarkdownBlock(kind: .thematicBreak, firstLine: line.number, lastLine: line.number), index + 1)
        }
        if let (level, content) = LineScanner.atxHeading(text) {
            let heading = MarkdownBlock.Kind.heading(level: level, text: String(decoding: content, as: UTF8.self))
            return (MarkdownBlock(kind: heading, firstLine: line.number, lastLine: line.number), index + 1)
        }
        if let fence = LineScanner.fenceOpening(text) {
            var end = index + 1
            while end < lines.count && !LineScanner.closesFence(lines[end].text, character: fence.character, length: fence.length) { end += 1 }
            let last = min(end, lines.count - 1)
            let indent = LineScanner.indentation(text).columns
            let body = lines[(index + 1)..<min(end, lines.count)].map { LineScanner.dropIndent($0.text, columns: indent) }
            var block = MarkdownBlock(kind: .fencedCode, firstLine: line.number, lastLine: lines[last].number)
            block.content = Self.joinedLines(body)
            return (block, last + 1)
        }
        if LineScanner.isBlockQuote(text) {
            return try blockQuote(lines, at: index, depth: depth)
        }
        if let end = LineScanner.htmlBlockStart(text, interruptingParagraph: false) {
            return html(lines, at: index, end: end)
        }
        if let marker = LineScanner.listMarker(text) {
            return try list(lines, at: index, first: marker, depth: depth)
        }
        return paragraph(lines, at: index)
    }

    private func indentedCode(_ lines: [ParserLine], at index: Int) -> (MarkdownBlock, Int) {
        var last = index
        var cursor = index + 1
        while cursor < lines.count {
            let text = lines[cursor].text
            if LineScanner.isBlank(text) { cursor += 1; continue }
            guard LineScanner.rest(text) == nil else { break }
            last = cursor
            cursor += 1
        }
        var block = MarkdownBlock(kind: .indentedCode, firstLine: lines[index].number, lastLine: lines[last].number)
        block.content = Self.joinedLines(lines[index...last].map { LineScanner.dropIndent($0.text, columns: 4) })
        return (block, last + 1)
    }

    private func paragraph(_ lines: [ParserLine], at index: Int) -> (MarkdownBlock, Int) {
        var content: [ArraySlice<UInt8>] = [lines[index].text]
        var cursor = index + 1
        while cursor < lines.count {
            let text = lines[cursor].text
            if LineScanner.isBlank(text) { break }
            if let level = LineScanner.setextLevel(text) {
                let heading = MarkdownBlock.Kind.heading(level: level, text: joined(content))
                return (MarkdownBlock(kind: heading, firstLine: lines[index].number, lastLine: lines[cursor].number), cursor + 1)
            }
            if LineScanner.interruptsParagraph(text) { break }
            content.append(text)
            cursor += 1
        }
        let block = MarkdownBlock(kind: .paragraph(text: joined(content)), firstLine: lines[index].number, lastLine: lines[cursor - 1].number)
        return (block, cursor)
    }

    private func html(_ lines: [ParserLine], at index: Int, end: LineScanner.HTMLBlockEnd) -> (MarkdownBlock, Int) {
        var first = Array(lines[index].text)
        LineScanner.trim(&first)
        var last = index
        switch end {
        case .marker(let marker):
            while last < lines.count - 1 && !contains(lines[last].text, marker, lowercased: marker.first == UInt8(ascii: "<")) { last += 1 }
        case .blankLine:
            while last + 1 < lines.count && !LineScanner.isBlank(lines[last + 1].text) { last += 1 }
        }
        var block = MarkdownBlock(kind: .html(text: String(decoding: first, as: UTF8.self)), firstLine: lines[index].number, lastLine: lines[last].number)
        block.content = Self.joinedLines(lines[index...last].map(\.text))
        return (block, last + 1)
    }

    private func blockQuote(_ lines: [ParserLine], at index: Int, depth: Int) throws -> (MarkdownBlock, Int) {
        var content: [ParserLine] = []
        var tracker = ParagraphTracker(maximumDepth: maximumDepth)
        var cursor = index
        while cursor < lines.count {
            let text = lines[cursor].text
            if LineScanner.isBlockQuote(text) {
                let inner = LineScanner.blockQuoteContent(text)
                tracker.see(inner)
                content.append(ParserLine(number: lines[cursor].number, text: inner))
            } else if tracker.paragraphOpen && !LineScanner.interruptsParagraph(text) {
                content.append(ParserLine(number: lines[cursor].number, text: text))
            } else {
                break
            }
            cursor += 1
        }
        let block = MarkdownBlock(kind: .blockQuote(try parse(content, depth: depth + 1)), firstLine: lines[index].number, lastLine: lines[cursor - 1].number)
        return (block, cursor)
    }

    private func list(_ lines: [ParserLine], at index: Int, first: LineScanner.ListMarker, depth: Int) throws -> (MarkdownBlock, Int) {
        var items: [MarkdownListItem] = []
        // A tight list (the usual one) has at most an item per line up to the next blank line:
        // its array is made once at that size instead of growing item by item.
        var tight = index + 1
        while tight < lines.count && tight - index < 64 && !LineScanner.isBlank(lines[tight].text) { tight += 1 }
        items.reserveCapacity(tight - index)
        var cursor = index
        // The first line holds `first`; each later item's marker is found when looking past the one before.
        var marker = first
        while true {
            let (item, lastIndex, nextMarker) = try listItem(lines, at: cursor, marker: marker, depth: depth)
            items.append(item)
            cursor = lastIndex + 1
            var next = cursor
            while next < lines.count && LineScanner.isBlank(lines[next].text) { next += 1 }
            guard next < lines.count, !LineScanner.isThematicBreak(lines[next].text),
                  let following = next == cursor ? nextMarker ?? LineScanner.listMarker(lines[next].text) : LineScanner.listMarker(lines[next].text),
                  following.continues(first) else { break }
            cursor = next
            marker = following
        }
        let list = MarkdownList(ordered: first.ordered, items: items, start: first.start, character: first.character)
        let block = MarkdownBlock(kind: .list(list), firstLine: lines[index].number, lastLine: items.last?.lastLine ?? lines[index].number)
        return (block, cursor)
    }

    /// Collects one item's lines (indented continuation, blank lines, lazy paragraph
    /// continuation) and parses them; returns the item, the index of its last line, and the list
    /// marker of the line right after it when that was found on the way (else `nil`).
    private func listItem(_ lines: [ParserLine], at index: Int, marker: LineScanner.ListMarker, depth: Int) throws -> (MarkdownListItem, Int, LineScanner.ListMarker?) {
        let number = lines[index].number
        var nextMarker: LineScanner.ListMarker?
        if !marker.isEmpty && Self.endsItem(lines, after: index, contentColumn: marker.contentColumn, nextMarker: &nextMarker) {
            // The usual one-line item, right before the next item, a line indented less after a
            // blank line, or the end: what the loop below finds. Its content is most often one
            // paragraph line, made without copying the line (what `parse` makes of it).
            if depth < maximumDepth, let text = marker.paragraphText {
                return (MarkdownListItem(paragraph: text, line: number, contentColumn: marker.contentColumn), index, nextMarker)
            }
            let blocks = try parse([ParserLine(number: number, text: marker.content)], depth: depth + 1)
            return (MarkdownListItem(blocks: blocks, firstLine: number, lastLine: number, contentColumn: marker.contentColumn), index, nextMarker)
        }
        let firstContent = marker.content
        var content = [ParserLine(number: number, text: firstContent)]
        var tracker = ParagraphTracker(maximumDepth: maximumDepth)
        tracker.see(firstContent)
        var lastNonBlank = index
        var cursor = index + 1
        let startsBlank = marker.isEmpty
        while cursor < lines.count {
            let text = lines[cursor].text
            if LineScanner.isBlank(text) {
                if startsBlank && lastNonBlank == index { break }
                content.append(ParserLine(number: lines[cursor].number, text: ArraySlice()))
                tracker.paragraphOpen = false
            } else if LineScanner.indentation(text).columns >= marker.contentColumn {
                let inner = LineScanner.dropIndent(text, columns: marker.contentColumn)
                tracker.see(inner)
                content.append(ParserLine(number: lines[cursor].number, text: inner))
                lastNonBlank = cursor
            } else if tracker.paragraphOpen && !LineScanner.interruptsParagraph(text) && LineScanner.listMarker(text) == nil {
                content.append(ParserLine(number: lines[cursor].number, text: text))
                lastNonBlank = cursor
            } else {
                break
            }
            cursor += 1
        }
        let kept = Array(content.prefix { $0.number <= lines[lastNonBlank].number })
        let item = MarkdownListItem(
            blocks: try parse(kept, depth: depth + 1), firstLine: lines[index].number, lastLine: lines[lastNonBlank].number,
            contentColumn: marker.contentColumn
        )
        return (item, lastNonBlank, nil)
    }

    /// Whether an item that starts on line `index` ends there because only blank lines follow
    /// it, or the next line that is not blank is indented less than the item's content and
    /// either comes after a blank line (which closed the paragraph) or starts another list
    /// item: such a line neither continues the item nor (a list marker) continues its
    /// paragraph lazily. `nextMarker` is the list marker of the line right after, when it was read.
    private static func endsItem(_ lines: [ParserLine], after index: Int, contentColumn: Int, nextMarker: inout LineScanner.ListMarker?) -> Bool {
        var next = index + 1
        while next < lines.count && LineScanner.isBlank(lines[next].text) { next += 1 }
        guard next < lines.count else { return true }
        let text = lines[next].text
        guard LineScanner.indentation(text).columns < contentColumn else { return false }
        if next > index + 1 { return true }
        nextMarker = LineScanner.listMarker(text)
        return nextMarker != nil
    }

    /// The lines joined with `\n`, as they are.
    private static func joinedLines(_ lines: [ArraySlice<UInt8>]) -> String {
        String(decoding: Array(lines.joined(separator: [UInt8(ascii: "\n")])), as: UTF8.self)
    }

    /// The lines joined with `\n`, without blank space at the end and spaces and tabs at the start.
    private func joined(_ lines: [ArraySlice<UInt8>]) -> String {
        if lines.count == 1 { return trimmed(lines[0]) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(lines.reduce(lines.count) { $0 + $1.count })
        for (index, line) in lines.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: "\n")) }
            bytes.append(contentsOf: line)
        }
        while let last = bytes.last, last == LineScanner.space || last == LineScanner.tab || last == UInt8(ascii: "\n") { bytes.removeLast() }
        var start = 0
        while start < bytes.count && (bytes[start] == LineScanner.space || bytes[start] == LineScanner.tab) { start += 1 }
        return String(decoding: bytes[start...], as: UTF8.self)
    }

    /// One line as ``joined(_:)`` makes it: without spaces, tabs and line ends at the end, and spaces and tabs at the start.
    private func trimmed(_ line: ArraySlice<UInt8>) -> String {
        var end = line.endIndex
        while end > line.startIndex, line[end - 1] == LineScanner.space || line[end - 1] == LineScanner.tab || line[end - 1] == UInt8(ascii: "\n") { end -= 1 }
        var start = line.startIndex
        while start < end && (line[start] == LineScanner.space || line[start] == LineScanner.tab) { start += 1 }
        return String(decoding: line[start..<end], as: UTF8.self)
    }

    private func contains(_ line: ArraySlice<UInt8>, _ marker: [UInt8], lowercased: Bool) -> Bool {
        let haystack = lowercased ? line.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 } : Array(line)
        guard haystack.count >= marker.count else { return false }
        for start in 0...(haystack.count - marker.count) where haystack[start..<(start + marker.count)].elementsEqual(marker) {
            return true
        }
        return false
    }
}

/// Follows a container's lines to tell whether a paragraph is open at the end,
/// which decides whether a less-indented line continues it lazily.
struct ParagraphTracker {
    /// The deepest nesting peeled off (the parser's limit).
    let maximumDepth: Int
    private var open = false
    private var fence: (character: UInt8, length: Int)?
    /// The last line seen, looked at only when a later line or the question needs it: the
    /// last line of an item is never looked at, so a line of many nested markers is not
    /// peeled again at every level.
    private var pending: ArraySlice<UInt8>?

    /// Whether a paragraph is open after the lines seen.
    var paragraphOpen: Bool {
        mutating get {
            settle()
            return open
        }
        set {
            settle()
            open = newValue
        }
    }

    init(maximumDepth: Int) {
        self.maximumDepth = maximumDepth
    }

    /// Notes what `line` opens or closes. List and quote markers are peeled off in a loop,
    /// at most ``maximumDepth`` deep (the parser refuses deeper nesting anyway).
    mutating func see(_ line: ArraySlice<UInt8>) {
        settle()
        pending = line
    }

    private mutating func settle() {
        guard let line = pending else { return }
        pending = nil
        look(at: line)
    }

    private mutating func look(at line: ArraySlice<UInt8>) {
        if let openFence = fence {
            if LineScanner.closesFence(line, character: openFence.character, length: openFence.length) { fence = nil }
            open = false
            return
        }
        var line = line
        for _ in 0...maximumDepth {
            if LineScanner.startsPlainText(line) { break }
            if LineScanner.isBlank(line) { open = false; return }
            if LineScanner.rest(line) == nil { return }
            if let opening = LineScanner.fenceOpening(line) { fence = opening; open = false; return }
            if LineScanner.isThematicBreak(line) || LineScanner.atxHeading(line) != nil
                || LineScanner.htmlBlockStart(line, interruptingParagraph: true) != nil {
                open = false
                return
            }
            if let marker = LineScanner.listMarker(line) {
                line = marker.content
            } else if LineScanner.isBlockQuote(line) {
                line = LineScanner.blockQuoteContent(line)
            } else {
                break
            }
        }
        open = true
    }
}
