/// A CommonMark block as the recipe and agenda readers see it: what it is, and the
/// source lines it spans (indexes from 0, both ends included).
struct MarkdownBlock {
    /// Not `indirect`: the nested blocks are in arrays already, and a box per block would be
    /// one more allocation for each.
    enum Kind {
        /// An ATX or setext heading with its raw inline text.
        case heading(level: Int, text: String)
        /// A paragraph's raw inline text: its lines joined with `\n`, trimmed.
        case paragraph(text: String)
        case thematicBreak
        case list(MarkdownList)
        case fencedCode
        case indentedCode
        case blockQuote([MarkdownBlock])
        /// Raw HTML; `text` is its first line, trimmed.
        case html(text: String)
    }

    var kind: Kind
    var firstLine: Int
    var lastLine: Int
    /// The text of a code block (without its fences or indentation) or an HTML block,
    /// after the prefixes of the containers it sits in.
    var content: String?

    var isThematicBreak: Bool {
        if case .thematicBreak = kind { return true }
        return false
    }
}

/// A bullet or ordered list.
struct MarkdownList {
    var ordered: Bool
    var items: [MarkdownListItem]
    /// The number an ordered list starts with.
    var start = 1
    /// The bullet (`-`, `+`, `*`) or the delimiter after the number (`.`, `)`).
    var character = UInt8(ascii: "-")
}

/// One list item: its blocks, its lines, and how far its content is indented.
///
/// The usual item, one paragraph on its marker's line, keeps only that paragraph's text: no
/// array of blocks is made for it unless ``blocks`` is asked for.
struct MarkdownListItem {
    /// The text of the item's one paragraph on its first line, when that is all it holds.
    private let paragraph: String?
    /// The item's blocks when it is not such an item.
    private let others: [MarkdownBlock]
    var firstLine: Int
    var lastLine: Int
    /// The column where the content starts (after the marker and its spaces).
    var contentColumn: Int

    init(blocks: [MarkdownBlock], firstLine: Int, lastLine: Int, contentColumn: Int) {
        paragraph = nil
        others = blocks
        self.firstLine = firstLine
        self.lastLine = lastLine
        self.contentColumn = contentColumn
    }

    /// An item that is one paragraph, `text`, on its one line `line`.
    init(paragraph text: String, line: Int, contentColumn: Int) {
        paragraph = text
        others = []
        firstLine = line
        lastLine = line
        self.contentColumn = contentColumn
    }

    /// The item's blocks (for the one-paragraph item, an array made when asked for).
    var blocks: [MarkdownBlock] {
        if let first = paragraphBlock { return [first] }
        return others
    }

    /// How many blocks the item holds.
    var blockCount: Int { paragraph == nil ? others.count : 1 }

    /// The item's first block.
    var firstBlock: MarkdownBlock? { paragraphBlock ?? others.first }

    /// The text and the last line of the item's first block when that is a paragraph, read
    /// without making the block.
    var firstParagraph: (text: String, lastLine: Int)? {
        if let paragraph { return (paragraph, firstLine) }
        guard let first = others.first, case .paragraph(let text) = first.kind else { return nil }
        return (text, first.lastLine)
    }

    /// The text of the item's only block when that is a paragraph, read without making the block.
    var onlyParagraph: String? {
        if let paragraph { return paragraph }
        guard others.count == 1, case .paragraph(let text) = others[0].kind else { return nil }
        return text
    }

    /// The item's last block.
    var lastBlock: MarkdownBlock? { paragraphBlock ?? others.last }

    private var paragraphBlock: MarkdownBlock? {
        paragraph.map { MarkdownBlock(kind: .paragraph(text: $0), firstLine: firstLine, lastLine: firstLine) }
    }
}

/// One line handed to the block parser: its number in the source and its text
/// after the prefixes of the containers it sits in: a slice of the source's bytes (no copy
/// of the line) or of a line made for a container's content.
struct ParserLine {
    var number: Int
    var text: ArraySlice<UInt8>

    init(number: Int, text: ArraySlice<UInt8>) {
        self.number = number
        self.text = text
    }

    /// A line of its own bytes.
    init(number: Int, text: [UInt8]) {
        self.init(number: number, text: text[...])
    }
}
