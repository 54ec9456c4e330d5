/// Markdown as the plain text a reader sees, for the model's texts: emphasis delimiters
/// dropped, a link or image as its text (the destination is not kept: it stays in the
/// Markdown the recipe keeps), a code span as its code, raw HTML tags dropped, escapes and
/// entities resolved, a hard break as a line break; block quotes without their `>`, code
/// blocks without their fences, list items with their markers (`-`, `1.`), blocks apart by a
/// blank line, link reference definitions left out.
enum MarkdownPlainText {
    /// The plain text of several lines of Markdown (a description, a step, a name).
    static func document(_ text: String, references: [String: String]) -> String {
        guard mayHoldMarkup(text) else { return MarkdownText.trimmed(text) }
        // The lines are slices of one copy of the text's bytes.
        let lines = Array(text.utf8).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated().map { offset, line in
            ParserLine(number: offset, text: line.last == UInt8(ascii: "\r") ? line.dropLast() : line)
        }
        // The text was parsed once already, within the depth limit: parsing it again cannot go deeper.
        guard let blocks = try? BlockParser().parse(lines) else { return MarkdownText.trimmed(MarkdownText.unescapeBlock(text)) }
        return MarkdownText.trimmed(self.blocks(blocks, references: references))
    }

    /// ``document(_:references:)`` of `text` when `parsed` are its blocks as the reader parsed
    /// them from the source: without a block quote or list (whose nesting the parser's limit
    /// could cut differently) and a carriage return (which the lines of `text` would lose),
    /// parsing `text` again gives the same blocks, and they are used as they are.
    /// The text is taken (`__owned`) so that it is released before the blocks are rendered.
    static func document(_ text: __owned String, parsed: [MarkdownBlock], references: [String: String]) -> String {
        guard mayHoldMarkup(text) else { return MarkdownText.trimmed(text) }
        let simple = parsed.allSatisfy { block in
            switch block.kind {
            case .list, .blockQuote: return false
            default: return true
            }
        }
        guard simple, !MarkdownText.contains(text, byte: UInt8(ascii: "\r")) else { return document(text, references: references) }
        _ = consume text
        return MarkdownText.trimmed(blocks(parsed, references: references))
    }

    /// The plain text of parsed blocks, each apart from the next by a blank line.
    static func blocks(_ blocks: [MarkdownBlock], references: [String: String]) -> String {
        var parts: [String] = []
        for block in blocks {
            let part: String
            switch block.kind {
            case .heading(_, let text):
                part = inline(text, references: references)
            case .paragraph(let text):
                part = inline(withoutDefinitions(text), references: references)
            case .thematicBreak:
                continue
            case .list(let list):
                part = list.items.enumerated().map { offset, item in
                    let marker = list.ordered ? "\(list.start + offset)." : "-"
                    let text = self.blocks(item.blocks, references: references)
                    return MarkdownEscaper.indentContinuation(marker + (text.isEmpty ? "" : " " + text), columns: marker.count + 1)
                }.joined(separator: "\n")
            case .fencedCode, .indentedCode:
                part = block.content ?? ""
            case .blockQuote(let inner):
                part = self.blocks(inner, references: references)
            case .html:
                part = inline(block.content ?? "", references: references)
            }
            let trimmed = MarkdownText.trimmed(part)
            if !trimmed.isEmpty { parts.append(trimmed) }
        }
        return parts.joined(separator: "\n\n")
    }

    /// The plain text of one paragraph's (or heading's) inline Markdown.
    ///
    /// The text is rendered to UTF-8 bytes, the emphasis delimiters looked up in their sorted
    /// offsets as the rendering passes them, and its lines trimmed on those bytes: the cost
    /// stays linear in the text's length, with no set of offsets and no string per line.
    static func inline(_ text: String, references: [String: String]) -> String {
        guard mayHoldMarkup(text) else { return text }
        let scalars = MarkdownText.scalars(text)
        var delimiters: [Int] = []
        for match in InlineEmphasis.matches(in: scalars) {
            delimiters.append(contentsOf: match.open)
            delimiters.append(contentsOf: match.close)
        }
        delimiters.sort()
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        let scan = Scan(scalars, delimiters: delimiters)
        render(scalars, 0..<scalars.count, scan: scan, references: references, into: &output)
        // Line by line: no blank space at a line's end (a hard break's spaces) or a continuation line's start.
        return PlainTextLines.trimmed(&output)
    }

    /// Whether `text` holds a byte that markup starts with; text without any reads as written.
    static func mayHoldMarkup(_ text: String) -> Bool {
        MarkdownText.withBytes(text) { bytes in
            markupClasses.withUnsafeBufferPointer { classes in
                let count = bytes.count
                var lineStart = true
                var index = 0
                while index < count {
                    if !lineStart {
                        // Within a line only markup anywhere (1) or a line end (2) asks for anything:
                        // the run before it is passed over (``ByteRun``).
                        index = midLineStops.withUnsafeBufferPointer { ByteRun.end(of: bytes, from: index, stops: $0) }
                        if index == count { break }
                    }
                    switch classes[Int(bytes[index])] {
                    case 0:
                        lineStart = false
                    case 1:
                        return true
                    case 2:
                        // Spaces before a line end make a hard break.
                        if index > 0 && (bytes[index - 1] == UInt8(ascii: " ") || bytes[index - 1] == UInt8(ascii: "\t")) { return true }
                        lineStart = true
                    case 3:
                        // Indentation could be code or a continuation.
                        if lineStart { return true }
                    default:
                        if lineStart { return true }
                        lineStart = false
                    }
                    index += 1
                }
                return false
            }
        }
    }

    /// What each byte is to ``mayHoldMarkup(_:)``: 0 nothing, 1 markup anywhere (a backslash, a backtick,
    /// `& * _ [ < ~`), 2 a line end, 3 a space or tab, 4 markup at a line's start (`# - + = >` and digits).
    /// 1 for the bytes of ``markupClasses`` 1 and 2 (what a line's run stops at), else 0.
    private static let midLineStops: [UInt8] = markupClasses.map { $0 == 1 || $0 == 2 ? 1 : 0 }

    private static let markupClasses: [UInt8] = {
        var classes = [UInt8](repeating: 0, count: 256)
        for byte in "\\&`*_[<~".utf8 { classes[Int(byte)] = 1 }
        classes[Int(UInt8(ascii: "\n"))] = 2
        classes[Int(UInt8(ascii: " "))] = 3
        classes[Int(UInt8(ascii: "\t"))] = 3
        for byte in "#-+=>0123456789".utf8 { classes[Int(byte)] = 4 }
        return classes
    }()

    private static func render(_ scalars: [Unicode.Scalar], _ range: Range<Int>, scan: Scan,
                               references: [String: String], into output: inout [UInt8]) {
        var index = range.lowerBound
        while index < range.upperBound {
            let scalar = scalars[index]
            switch scalar {
            case "\\" where index + 1 < range.upperBound && (MarkdownText.isASCIIPunctuation(scalars[index + 1]) || scalars[index + 1] == "\n"):
                PlainTextLines.append(scalars[index + 1], to: &output)
                index += 2
                continue
            case "`":
                var end = index
                while end < range.upperBound && scalars[end] == "`" { end += 1 }
                if let close = scan.closingBackticks(from: end, length: end - index), close < range.upperBound {
                    PlainTextLines.append(codeSpan(Array(scalars[end..<close])), to: &output)
                    index = close + (end - index)
                } else {
                    PlainTextLines.append(scalars[index..<end], to: &output)
                    index = end
                }
                continue
            case "&":
                if let (decoded, length) = entity(scalars, at: index, before: range.upperBound) {
                    output.append(contentsOf: decoded.utf8)
                    index += length
                    continue
                }
            case "!" where index + 1 < range.upperBound && scalars[index + 1] == "[":
                if let link = InlineLink.link(scalars, at: index + 1, references: references, memo: scan.links),
                   link.end <= range.upperBound {
                    render(scalars, link.text, scan: scan, references: references, into: &output)
                    index = link.end
                    continue
                }
            case "[":
                if let link = InlineLink.link(scalars, at: index, references: references, memo: scan.links),
                   link.end <= range.upperBound {
                    render(scalars, link.text, scan: scan, references: references, into: &output)
                    index = link.end
                    continue
                }
            case "<":
                if let (kept, end) = angle(scalars, at: index, before: range.upperBound) {
                    PlainTextLines.append(kept, to: &output)
                    index = end
                    continue
                }
            default:
                if scan.isDelimiter(index) { index += 1; continue }
            }
            PlainTextLines.append(scalar, to: &output)
            index += 1
        }
    }

    /// Searches in one text that remember what they found: links (``InlineScanMemo``) and
    /// code spans that never close, so that looking for them costs no more than the text is long.
    private final class Scan {
        let scalars: [Unicode.Scalar]
        let links: InlineScanMemo
        /// For a backtick run length: a search for it from this offset on found none.
        private var backticksMissing: [Int: Int] = [:]
        /// The offsets of the emphasis delimiters that are dropped, sorted.
        private let delimiters: [Int]
        /// The first of ``delimiters`` not before the offset last asked about.
        private var nextDelimiter = 0
        private var lastAsked = -1

        init(_ scalars: [Unicode.Scalar], delimiters: [Int]) {
            self.scalars = scalars
            self.delimiters = delimiters
            links = InlineScanMemo(scalars)
        }

        /// Whether the scalar at `offset` is an emphasis delimiter. The rendering asks in
        /// increasing order, which walks ``delimiters`` once; an earlier offset is searched for.
        func isDelimiter(_ offset: Int) -> Bool {
            if offset < lastAsked {
                var low = 0
                var high = delimiters.count
                while low < high {
                    let middle = (low + high) / 2
                    if delimiters[middle] < offset { low = middle + 1 } else { high = middle }
                }
                nextDelimiter = low
            }
            lastAsked = offset
            while nextDelimiter < delimiters.count && delimiters[nextDelimiter] < offset { nextDelimiter += 1 }
            return nextDelimiter < delimiters.count && delimiters[nextDelimiter] == offset
        }

        /// Where a run of exactly `length` backticks starts, from `start` on.
        func closingBackticks(from start: Int, length: Int) -> Int? {
            if let missing = backticksMissing[length], start >= missing { return nil }
            var index = start
            while index < scalars.count {
                guard scalars[index] == "`" else { index += 1; continue }
                var run = index
                while run < scalars.count && scalars[run] == "`" { run += 1 }
                if run - index == length { return index }
                index = run
            }
            backticksMissing[length] = min(backticksMissing[length] ?? start, start)
            return nil
        }
    }

    /// A code span's code: line ends as spaces, one space stripped from both ends when both have one.
    private static func codeSpan(_ code: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var code = code.map { $0 == "\n" ? " " : $0 }
        if code.count >= 2, code.first == " ", code.last == " ", code.contains(where: { $0 != " " }) {
            code = Array(code[1..<(code.count - 1)])
        }
        return code
    }

    /// An entity reference at `index` and its length, resolved as the reader resolves them.
    private static func entity(_ scalars: [Unicode.Scalar], at index: Int, before end: Int) -> (String, Int)? {
        var cursor = index + 1
        while cursor < end, cursor - index <= 32, scalars[cursor] != ";" { cursor += 1 }
        guard cursor < end, scalars[cursor] == ";" else { return nil }
        let reference = String(String.UnicodeScalarView(scalars[index...cursor]))
        let decoded = MarkdownText.unescape(reference)
        return decoded == reference ? nil : (decoded, cursor - index + 1)
    }

    /// An autolink (`<https://…>`, `<name@host>`: its address) or a raw HTML tag or comment
    /// (nothing) at `index`, and the offset after it.
    private static func angle(_ scalars: [Unicode.Scalar], at index: Int, before end: Int) -> ([Unicode.Scalar], Int)? {
        guard index + 1 < end else { return nil }
        if scalars[index + 1] == "!", index + 3 < end, scalars[index + 2] == "-", scalars[index + 3] == "-" {
            var cursor = index + 4
            while cursor + 2 < end && !(scalars[cursor] == "-" && scalars[cursor + 1] == "-" && scalars[cursor + 2] == ">") { cursor += 1 }
            return cursor + 2 < end ? ([], cursor + 3) : nil
        }
        var cursor = index + 1
        while cursor < end && scalars[cursor] != ">" && scalars[cursor] != "<" { cursor += 1 }
        guard cursor < end, scalars[cursor] == ">", cursor > index + 1 else { return nil }
        let inner = Array(scalars[(index + 1)..<cursor])
        let first = inner[0]
        let isLetter = first.isASCII && first.properties.isAlphabetic
        if !inner.contains(where: { InlineEmphasis.isWhitespace($0) }), inner.contains(":") || inner.contains("@"), isLetter {
            return (inner, cursor + 1)
        }
        if isLetter || (first == "/" && inner.count > 1) || first == "?" || first == "!" {
            return ([], cursor + 1)
        }
        return nil
    }

    /// A paragraph without the link reference definitions it starts with.
    private static func withoutDefinitions(_ text: String) -> String {
        guard text.first == "[", MarkdownText.containsPair(text, UInt8(ascii: "]"), UInt8(ascii: ":")) else { return text }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while let first = lines.first, !InlineLink.definitions(in: [first]).isEmpty { lines.removeFirst() }
        return lines.joined(separator: "\n")
    }
}
