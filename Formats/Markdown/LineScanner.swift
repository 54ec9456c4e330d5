/// Questions about one line of Markdown, asked on its bytes: how far it is indented,
/// and which CommonMark block (if any) it starts.
///
/// A line is a slice of the input's bytes (or of a line made for a container's content), so
/// that the parser copies no line to ask about it; a line given as an array is asked as a slice
/// of it.
enum LineScanner {
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")

    /// A list item's marker: `-`, `+`, `*`, or digits followed by `.` or `)`.
    struct ListMarker {
        var ordered: Bool
        /// The bullet character, or the delimiter after the digits.
        var character: UInt8
        /// The number an ordered item starts with.
        var start: Int
        /// The column where the item's content starts; later lines must be indented this far.
        var contentColumn: Int
        /// Whether nothing follows the marker on its line.
        var isEmpty: Bool
        /// The marker's line (shared, not copied) and where its content starts in it (counted from
        /// the line's start).
        fileprivate let line: ArraySlice<UInt8>
        fileprivate let contentStart: Int
        /// Spaces that stand before the content: what is left of a wide gap after the marker.
        fileprivate let padding: Int

        /// The first line's content after the marker, made only when asked for (most
        /// questions about a marker do not need it).
        var content: ArraySlice<UInt8> {
            if isEmpty { return ArraySlice() }
            if padding == 0 { return line[(line.startIndex + contentStart)...] }
            return ArraySlice([UInt8](repeating: LineScanner.space, count: padding) + line[(line.startIndex + contentStart)...])
        }

        /// The text of the paragraph the first line's content makes when it stands alone
        /// (``BlockParser`` parsing that one line: trimmed of spaces and tabs), or `nil` when it
        /// may make another block. Read from the marker's line without copying it: content that
        /// starts with a byte that starts no block (``startsPlainText(_:)``), or with `*` or `_`
        /// that make neither a thematic break nor (`*` then a space, a tab or nothing) a list.
        var paragraphText: String? {
            guard !isEmpty, padding == 0, contentStart < line.count else { return nil }
            return line.withUnsafeBufferPointer { bytes -> String? in
                let first = bytes[contentStart]
                if first == UInt8(ascii: "*") || first == UInt8(ascii: "_") {
                    let next = contentStart + 1
                    if first == UInt8(ascii: "*") && (next == bytes.count || bytes[next] == LineScanner.space || bytes[next] == LineScanner.tab) { return nil }
                    var breakCount = 0
                    var onlyBreak = true
                    for index in contentStart..<bytes.count {
                        let byte = bytes[index]
                        if byte == first { breakCount += 1 } else if byte != LineScanner.space && byte != LineScanner.tab { onlyBreak = false; break }
                    }
                    if onlyBreak && breakCount >= 3 { return nil }
                } else if LineScanner.startsBlock(first) {
                    return nil
                }
                var end = bytes.count
                while end > contentStart && (bytes[end - 1] == LineScanner.space || bytes[end - 1] == LineScanner.tab) { end -= 1 }
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[contentStart..<end]), as: UTF8.self)
            }
        }

        /// Whether `other` continues the same list.
        func continues(_ other: ListMarker) -> Bool {
            ordered == other.ordered && character == other.character
        }
    }

    /// How a raw HTML block ends (CommonMark's seven kinds, by end condition).
    enum HTMLBlockEnd {
        /// At the line that contains this text.
        case marker([UInt8])
        /// Before the next blank line.
        case blankLine
    }

    static func isBlank(_ line: ArraySlice<UInt8>) -> Bool {
        line.allSatisfy { $0 == space || $0 == tab }
    }

    static func isBlank(_ line: [UInt8]) -> Bool {
        isBlank(line[...])
    }

    /// The leading whitespace as columns (a tab goes to the next multiple of 4) and bytes.
    static func indentation(_ line: ArraySlice<UInt8>) -> (columns: Int, bytes: Int) {
        var columns = 0
        var index = line.startIndex
        while index < line.endIndex {
            if line[index] == space { columns += 1 } else if line[index] == tab { columns += 4 - columns % 4 } else { break }
            index += 1
        }
        return (columns, index - line.startIndex)
    }

    /// The line without up to `columns` columns of leading whitespace; a tab that
    /// reaches past them leaves the rest of its width as spaces.
    static func dropIndent(_ line: ArraySlice<UInt8>, columns: Int) -> ArraySlice<UInt8> {
        var column = 0
        var index = line.startIndex
        while index < line.endIndex && column < columns {
            if line[index] == space {
                column += 1
            } else if line[index] == tab {
                let width = 4 - column % 4
                if column + width > columns {
                    return ArraySlice([UInt8](repeating: space, count: column + width - columns) + line[(index + 1)...])
                }
                column += width
            } else {
                break
            }
            index += 1
        }
        return line[index...]
    }

    static func dropIndent(_ line: [UInt8], columns: Int) -> [UInt8] {
        Array(dropIndent(line[...], columns: columns))
    }

    /// The line after its indentation, when that is less than 4 columns (else `nil`: code).
    @inline(__always)
    static func rest(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        let (columns, bytes) = indentation(line)
        return columns < 4 ? line[(line.startIndex + bytes)...] : nil
    }

    /// Whether the line can only be paragraph text: indented less than 4 columns, with a
    /// first visible byte that starts no block (not `-*_#=`~><+` or a digit). Most lines
    /// of prose are such, and need none of the questions below.
    static func startsPlainText(_ line: ArraySlice<UInt8>) -> Bool {
        let (columns, bytes) = indentation(line)
        guard columns < 4, bytes < line.count else { return false }
        return !startsBlock(line[line.startIndex + bytes])
    }

    /// Whether a line whose first visible byte is `byte` may start a block other than a
    /// paragraph: `-*_#=`~><+` or a digit.
    static func startsBlock(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "#"), UInt8(ascii: "="),
             UInt8(ascii: "`"), UInt8(ascii: "~"), UInt8(ascii: ">"), UInt8(ascii: "<"), UInt8(ascii: "+"),
             UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return false
        }
    }

    /// `***`, `---`, `___` (three or more, spaces allowed between).
    static func isThematicBreak(_ line: ArraySlice<UInt8>) -> Bool {
        guard let rest = rest(line), let first = rest.first,
              first == UInt8(ascii: "-") || first == UInt8(ascii: "*") || first == UInt8(ascii: "_") else { return false }
        var count = 0
        for byte in rest {
            if byte == first { count += 1 } else if byte != space && byte != tab { return false }
        }
        return count >= 3
    }

    /// An ATX heading's level and its text without the closing `#` sequence.
    static func atxHeading(_ line: ArraySlice<UInt8>) -> (level: Int, text: [UInt8])? {
        guard let rest = rest(line) else { return nil }
        var level = 0
        var index = rest.startIndex
        while index < rest.endIndex && rest[index] == UInt8(ascii: "#") { level += 1; index += 1 }
        guard (1...6).contains(level), index == rest.endIndex || rest[index] == space || rest[index] == tab else { return nil }
        var text = Array(rest[index...])
        trim(&text)
        var end = text.count
        while end > 0 && text[end - 1] == UInt8(ascii: "#") { end -= 1 }
        if end == 0 {
            text = []
        } else if end < text.count && (text[end - 1] == space || text[end - 1] == tab) {
            text = Array(text[..<end])
            trim(&text)
        }
        return (level, text)
    }

    /// The level of a setext underline (`===` is 1, `---` is 2).
    static func setextLevel(_ line: ArraySlice<UInt8>) -> Int? {
        guard let rest = rest(line), let first = rest.first, first == UInt8(ascii: "=") || first == UInt8(ascii: "-") else { return nil }
        var index = rest.startIndex
        while index < rest.endIndex && rest[index] == first { index += 1 }
        guard rest[index...].allSatisfy({ $0 == space || $0 == tab }) else { return nil }
        return first == UInt8(ascii: "=") ? 1 : 2
    }

    /// The opening of a fenced code block: its character and length.
    static func fenceOpening(_ line: [UInt8]) -> (character: UInt8, length: Int)? {
        fenceOpening(line[...])
    }

    static func fenceOpening(_ line: ArraySlice<UInt8>) -> (character: UInt8, length: Int)? {
        guard let rest = rest(line), let first = rest.first, first == UInt8(ascii: "`") || first == UInt8(ascii: "~") else { return nil }
        var index = rest.startIndex
        while index < rest.endIndex && rest[index] == first { index += 1 }
        let length = index - rest.startIndex
        guard length >= 3 else { return nil }
        if first == UInt8(ascii: "`") && rest[index...].contains(first) { return nil }
        return (first, length)
    }

    /// Whether the line closes a fence opened with `character` × `length`.
    static func closesFence(_ line: [UInt8], character: UInt8, length: Int) -> Bool {
        closesFence(line[...], character: character, length: length)
    }

    static func closesFence(_ line: ArraySlice<UInt8>, character: UInt8, length: Int) -> Bool {
        guard let rest = rest(line) else { return false }
        var index = rest.startIndex
        while index < rest.endIndex && rest[index] == character { index += 1 }
        return index - rest.startIndex >= length && rest[index...].allSatisfy { $0 == space || $0 == tab }
    }

    /// Whether the line starts a block quote (`>`).
    static func isBlockQuote(_ line: ArraySlice<UInt8>) -> Bool {
        rest(line)?.first == UInt8(ascii: ">")
    }

    /// The content of a block-quote line after `>` and one optional space.
    static func blockQuoteContent(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let (_, bytes) = indentation(line)
        var content = line[(line.startIndex + bytes + 1)...]
        if content.first == space { content = content.dropFirst() } else if content.first == tab { content = dropIndent(content, columns: 1) }
        return content
    }

    /// The list marker the line starts with, if any.
    static func listMarker(_ line: [UInt8]) -> ListMarker? {
        listMarker(line[...])
    }

    /// ``listMarker(_:)`` of a slice: its bytes are read counted from its start.
    static func listMarker(_ line: ArraySlice<UInt8>) -> ListMarker? {
        line.withUnsafeBufferPointer { bytes in listMarker(bytes, of: line) }
    }

    private static func listMarker(_ bytes: UnsafeBufferPointer<UInt8>, of line: ArraySlice<UInt8>) -> ListMarker? {
        let (indent, start) = indentation(line)
        guard indent < 4, start < bytes.count else { return nil }
        var index = start
        var ordered = false
        var number = 0
        let first = bytes[index]
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: "*") {
            index += 1
        } else {
            while index < bytes.count, case let digit = bytes[index] &- UInt8(ascii: "0"), digit < 10, index - start < 9 {
                number = number * 10 + Int(digit)
                index += 1
            }
            guard index > start, index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ")") else { return nil }
            ordered = true
            index += 1
        }
        let character = bytes[index - 1]
        let markerEnd = indent + (index - start)
        // The text after the marker starts at `index`.
        if bytes[index...].allSatisfy({ $0 == space || $0 == tab }) {
            return ListMarker(
                ordered: ordered, character: character, start: number, contentColumn: markerEnd + 1, isEmpty: true,
                line: line, contentStart: bytes.count, padding: 0
            )
        }
        guard bytes[index] == space || bytes[index] == tab else { return nil }
        // Columns of whitespace after the marker, counted from the marker's end.
        var column = markerEnd
        var spaceEnd = index
        while spaceEnd < bytes.count && (bytes[spaceEnd] == space || bytes[spaceEnd] == tab) {
            column += bytes[spaceEnd] == tab ? 4 - column % 4 : 1
            spaceEnd += 1
        }
        let spaces = column - markerEnd
        if spaces >= 5 {
            return ListMarker(
                ordered: ordered, character: character, start: number, contentColumn: markerEnd + 1, isEmpty: false,
                line: line, contentStart: spaceEnd, padding: spaces - 1
            )
        }
        return ListMarker(
            ordered: ordered, character: character, start: number, contentColumn: column, isEmpty: false,
            line: line, contentStart: spaceEnd, padding: 0
        )
    }

    /// How an HTML block that starts on this line ends, or `nil` when none starts here.
    /// Kind 7 (any other complete tag alone on its line) cannot interrupt a paragraph.
    static func htmlBlockStart(_ line: ArraySlice<UInt8>, interruptingParagraph: Bool) -> HTMLBlockEnd? {
        guard let rest = rest(line), rest.first == UInt8(ascii: "<") else { return nil }
        let lower = Array(rest.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 })
        func starts(_ text: String) -> Bool { lower.starts(with: Array(text.utf8)) }
        for tag in ["script", "pre", "style", "textarea"] where starts("<" + tag) {
            let next = lower.count > tag.count + 1 ? lower[tag.count + 1] : space
            if next == space || next == tab || next == UInt8(ascii: ">") { return .marker(Array("</\(tag)>".utf8)) }
        }
        if starts("<!--") { return .marker(Array("-->".utf8)) }
        if starts("<?") { return .marker(Array("?>".utf8)) }
        if starts("<![cdata[") { return .marker(Array("]]>".utf8)) }
        if lower.count > 2, lower[1] == UInt8(ascii: "!"), lower[2] >= 97, lower[2] <= 122 { return .marker([UInt8(ascii: ">")]) }
        var index = lower.count > 1 && lower[1] == UInt8(ascii: "/") ? 2 : 1
        let nameStart = index
        while index < lower.count, isAlphanumeric(lower[index]) || lower[index] == UInt8(ascii: "-") { index += 1 }
        guard index > nameStart else { return nil }
        let name = String(decoding: lower[nameStart..<index], as: UTF8.self)
        let next = index < lower.count ? lower[index] : space
        if blockTagNames.contains(name),
           next == space || next == tab || next == UInt8(ascii: ">") || (next == UInt8(ascii: "/") && index + 1 < lower.count && lower[index + 1] == UInt8(ascii: ">")) {
            return .blankLine
        }
        guard !interruptingParagraph else { return nil }
        var trimmed = Array(rest)
        trim(&trimmed)
        return trimmed.last == UInt8(ascii: ">") && (next == space || next == tab || next == UInt8(ascii: ">") || next == UInt8(ascii: "/")) ? .blankLine : nil
    }

    /// Whether the line would end a paragraph instead of continuing it.
    static func interruptsParagraph(_ line: ArraySlice<UInt8>) -> Bool {
        if startsPlainText(line) { return false }
        if isBlank(line) { return true }
        guard rest(line) != nil else { return false }
        if isThematicBreak(line) || atxHeading(line) != nil || fenceOpening(line) != nil || isBlockQuote(line) { return true }
        if htmlBlockStart(line, interruptingParagraph: true) != nil { return true }
        if let marker = listMarker(line), !marker.isEmpty, !marker.ordered || marker.start == 1 { return true }
        return false
    }

    static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= 48 && byte <= 57) || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122)
    }

    /// Removes spaces and tabs at both ends.
    static func trim(_ bytes: inout [UInt8]) {
        while let last = bytes.last, last == space || last == tab { bytes.removeLast() }
        var start = 0
        while start < bytes.count && (bytes[start] == space || bytes[start] == tab) { start += 1 }
        if start > 0 { bytes.removeFirst(start) }
    }

    private static let blockTagNames: Set<String> = [
        "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center", "col",
        "colgroup", "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure",
        "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr",
        "html", "iframe", "legend", "li", "link", "main", "menu", "menuitem", "nav", "noframes", "ol",
        "optgroup", "option", "p", "param", "search", "section", "summary", "table", "tbody", "td", "tfoot",
        "th", "thead", "title", "tr", "track", "ul",
    ]
}
