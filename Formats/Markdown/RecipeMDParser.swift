import AlmanacCore

/// A recipe as RecipeMD 2.4.0 defines it, with its texts as written in the source
/// (Markdown, escapes and all). ``RecipeMapper`` turns it into the model.
struct RecipeMDRecipe {
    struct Amount {
        var factor: Double
        var unit: String?
        /// The amount as written between the `*`.
        var text = ""
    }

    struct Ingredient {
        /// The name as written: the item's text after the amount, continuation lines included.
        var name: String
        var amount: Amount?
        /// The destination when the whole text is a link.
        var link: String?
        /// The link's text, when the ingredient is a link.
        var linkText: String?
        /// The column where the item's content starts, for dedenting continuation lines.
        var contentColumn: Int
    }

    struct Group {
        var title: String
        var ingredients: [Ingredient] = []
        var groups: [Group] = []
    }

    var title = ""
    /// The description's Markdown, joined from the source only when asked for (the mapper
    /// needs it only briefly, not while it renders the description's plain text).
    var description: String? { descriptionLines.map { $0.source.text($0.lines) } }
    /// Where the description is: the source and its lines.
    var descriptionLines: (source: MarkdownSource, lines: ClosedRange<Int>)?
    /// The blocks of the description.
    var descriptionBlocks: [MarkdownBlock] = []
    var tags: [String] = []
    var yields: [Amount] = []
    var ingredients: [Ingredient] = []
    var groups: [Group] = []
    /// The instructions' Markdown, joined from the source only when asked for (the mapper
    /// reads ``instructionBlocks``).
    var instructions: String? { instructionLines.map { $0.source.text($0.lines) } }
    /// Where the instructions are: the source and their lines.
    var instructionLines: (source: MarkdownSource, lines: ClosedRange<Int>)?
    /// The top-level blocks of the instructions, for splitting them into steps.
    var instructionBlocks: [MarkdownBlock] = []
    /// The link reference definitions anywhere in the recipe, by normalized label.
    var references: [String: String] = [:]
}

/// Reads one recipe from its top-level blocks, following RecipeMD 2.4.0: title,
/// description, tags and yields, `---`, ingredients and groups, `---`, instructions.
struct RecipeMDParser {
    let source: MarkdownSource
    let blocks: [MarkdownBlock]
    /// The line after the recipe's last line, for errors at its end.
    let endLine: Int
    private var index = 0
    private let references: [String: String]

    init(source: MarkdownSource, blocks: [MarkdownBlock], endLine: Int) {
        self.source = source
        self.blocks = blocks
        self.endLine = endLine
        // A paragraph's text is made of its lines' bytes (joined by line ends, without the
        // containers' prefixes at their starts): when the recipe's lines hold no `]:`, none of
        // its paragraphs does, and none holds a link reference definition.
        guard let first = blocks.first, let last = blocks.last,
              source.withLines(first.firstLine...last.lastLine, { MarkdownText.containsPair($0, UInt8(ascii: "]"), UInt8(ascii: ":")) }) else {
            references = [:]
            return
        }
        var paragraphs: [String] = []
        Self.collectParagraphs(blocks, into: &paragraphs)
        references = InlineLink.definitions(in: paragraphs)
    }

    mutating func parse() throws -> RecipeMDRecipe {
        var recipe = RecipeMDRecipe()
        recipe.references = references
        guard let first = blocks.first, case .heading(1, let title) = first.kind else {
            throw MarkdownDecodingError.missingTitle(found: describe(blocks.first), at: position(blocks.first))
        }
        recipe.title = title
        index = 1
        let descriptionStart = index
        // The first tags or yields paragraph, found here, is not read again below.
        var span: (isStrong: Bool, inner: [Unicode.Scalar])?
        while index < blocks.count && !blocks[index].isThematicBreak {
            span = emphasisParagraph(blocks[index])
            if span != nil { break }
            index += 1
        }
        if index > descriptionStart {
            recipe.descriptionLines = (source, blocks[descriptionStart].firstLine...blocks[index - 1].lastLine)
            recipe.descriptionBlocks = Array(blocks[descriptionStart..<index])
        }
        try parseTagsAndYields(into: &recipe, first: span)
        guard index < blocks.count, blocks[index].isThematicBreak else {
            throw MarkdownDecodingError.missingDivider(before: "the ingredients", found: describe(current), at: position(current))
        }
        index += 1
        while index < blocks.count {
            if case .heading = blocks[index].kind {
                Self.add(try parseGroups(parentLevel: 0), to: &recipe.groups)
            } else if case .list(let list) = blocks[index].kind {
                Self.add(try list.items.map(parseIngredient), to: &recipe.ingredients)
                index += 1
            } else {
                break
            }
        }
        guard index < blocks.count else { return recipe }
        guard blocks[index].isThematicBreak else {
            throw MarkdownDecodingError.missingDivider(before: "the instructions", found: describe(current), at: position(current))
        }
        index += 1
        if index < blocks.count {
            recipe.instructionBlocks = Array(blocks[index...])
            recipe.instructionLines = (source, blocks[index].firstLine...blocks[blocks.count - 1].lastLine)
        }
        return recipe
    }

    /// Appends `more` to `list`, taking its array as it is when `list` is empty (the usual case:
    /// one list per group) instead of copying it.
    private static func add<Element>(_ more: [Element], to list: inout [Element]) {
        if list.isEmpty { list = more } else { list += more }
    }

    private var current: MarkdownBlock? { index < blocks.count ? blocks[index] : nil }

    /// Reads the tags and yields paragraphs from ``index`` on; `first` is the span of the one at
    /// ``index``, when the caller found it already.
    private mutating func parseTagsAndYields(into recipe: inout RecipeMDRecipe, first: (isStrong: Bool, inner: [Unicode.Scalar])?) throws {
        var sawTags = false
        var sawYields = false
        var known = first
        while index < blocks.count, let (isStrong, inner) = known ?? emphasisParagraph(blocks[index]) {
            known = nil
            let parts = MarkdownText.splitList(inner)
            let at = position(blocks[index])
            if isStrong {
                guard !sawYields else { throw MarkdownDecodingError.repeated("the yields paragraph", at: at) }
                sawYields = true
                for part in parts where !part.isEmpty {
                    if let amount = try amount(part, at: at) { recipe.yields.append(amount) }
                }
            } else {
                guard !sawTags else { throw MarkdownDecodingError.repeated("the tags paragraph", at: at) }
                sawTags = true
                recipe.tags = parts.map { String(scalars: $0) }
            }
            index += 1
        }
    }

    /// Groups at levels deeper than `parentLevel`, each with its list and its own subgroups.
    private mutating func parseGroups(parentLevel: Int) throws -> [RecipeMDRecipe.Group] {
        var groups: [RecipeMDRecipe.Group] = []
        while index < blocks.count, case .heading(let level, let title) = blocks[index].kind, level > parentLevel {
            index += 1
            var group = RecipeMDRecipe.Group(title: title)
            while index < blocks.count, case .list(let list) = blocks[index].kind {
                Self.add(try list.items.map(parseIngredient), to: &group.ingredients)
                index += 1
            }
            group.groups = try parseGroups(parentLevel: level)
            groups.append(group)
        }
        return groups
    }

    private func parseIngredient(_ item: MarkdownListItem) throws -> RecipeMDRecipe.Ingredient {
        let at = source.position(line: item.firstLine)
        // The fields are found first and the ingredient made once of them.
        var amount: RecipeMDRecipe.Amount?
        var link: (destination: String, text: String)?
        var name: [Unicode.Scalar] = []
        /// The name as text when it is the paragraph as it is, without the detour through scalars.
        var plainName: String?
        var continuationStart: Int?
        let continues = item.blockCount > 1
        if let (text, paragraphEnd) = item.firstParagraph {
            if Self.isPlainName(text) {
                // Neither an amount nor a link.
                plainName = text
            } else if let (inner, rest) = Self.simpleAmount(text) {
                // `*1 cup* flour`: the amount, then a name that is no link.
                amount = try self.amount(inner, at: at)
                plainName = rest
            } else {
                let scalars = MarkdownText.scalars(text)
                if let (inner, rest) = InlineEmphasis.leadingEmphasis(scalars) {
                    amount = try self.amount(inner, at: at)
                    name = rest
                } else {
                    name = scalars
                }
                if !continues, let whole = InlineLink.whole(name, references: references) {
                    link = (whole.destination, String(scalars: whole.text))
                    name = whole.text
                }
            }
            continuationStart = continues ? paragraphEnd + 1 : nil
        } else if let first = item.firstBlock {
            continuationStart = first.firstLine
        }
        var text = plainName ?? String(scalars: name)
        if let start = continuationStart, let last = item.lastBlock, last.lastLine >= start {
            text += "\n" + source.text(start...last.lastLine)
        }
        let trimmed = MarkdownText.trimmed(text)
        guard !trimmed.isEmpty else { throw MarkdownDecodingError.ingredientWithoutName(at: at) }
        return RecipeMDRecipe.Ingredient(
            name: trimmed, amount: amount, link: link?.destination, linkText: link?.text, contentColumn: item.contentColumn
        )
    }

    /// Whether an ingredient's first paragraph can start neither an amount (`*…*`, `_…_`) nor
    /// a link (`[`): its first byte is a visible ASCII character other than those.
    private static func isPlainName(_ text: String) -> Bool {
        guard let first = text.utf8.first, first > 0x20, first < 0x7F else { return false }
        return first != UInt8(ascii: "*") && first != UInt8(ascii: "_") && first != UInt8(ascii: "[")
    }

    /// The amount and the rest of an ingredient's text that starts with the usual `*amount*`,
    /// found on the bytes: what ``InlineEmphasis/leadingEmphasis(_:)`` finds for such a text
    /// (a lone `*`, then text without `*` or a backslash up to a lone `*` that closes it by the
    /// flanking rules), when the rest cannot start a link either. `nil` when the text is not
    /// so plain, for the general reading. The rest comes without the white space it starts with.
    static func simpleAmount(_ text: String) -> (inner: [Unicode.Scalar], rest: String)? {
        MarkdownText.withBytes(text) { bytes -> ([Unicode.Scalar], String)? in
            let count = bytes.count
            guard count >= 3, bytes[0] == UInt8(ascii: "*"), bytes[1] != UInt8(ascii: "*"), bytes[1] < 0x80, !isSpace(bytes[1]) else { return nil }
            var close = 1
            var ascii = true
            while close < count && bytes[close] != UInt8(ascii: "*") {
                if bytes[close] == UInt8(ascii: "\\") { return nil }
                if bytes[close] >= 0x80 { ascii = false }
                close += 1
            }
            guard close < count else { return nil }
            let before = bytes[close - 1]
            let after: UInt8 = close + 1 < count ? bytes[close + 1] : UInt8(ascii: " ")
            guard after != UInt8(ascii: "*"), before < 0x80, !isSpace(before), after < 0x80 else { return nil }
            // A closer after punctuation must be followed by whitespace or punctuation.
            if MarkdownText.isASCIIPunctuation(before) && !(isSpace(after) || MarkdownText.isASCIIPunctuation(after)) { return nil }
            // The rest must not start a link (nor, after non-ASCII space, perhaps one).
            var restStart = close + 1
            while restStart < count && isSpace(bytes[restStart]) { restStart += 1 }
            if restStart < count && (bytes[restStart] == UInt8(ascii: "[") || bytes[restStart] >= 0x80) { return nil }
            let innerBytes = UnsafeBufferPointer(rebasing: bytes[1..<close])
            let inner = ascii ? MarkdownText.asciiScalars(innerBytes) : Array(String(decoding: innerBytes, as: UTF8.self).unicodeScalars)
            // The rest from its first visible byte: the name is trimmed anyway.
            return (inner, String(decoding: UnsafeBufferPointer(rebasing: bytes[restStart...]), as: UTF8.self))
        }
    }

    /// CommonMark's ASCII whitespace: space, tab, line ends, form feed.
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") || byte == 0x0C
    }

    private func amount(_ text: [Unicode.Scalar], at: SourcePosition) throws -> RecipeMDRecipe.Amount? {
        switch AmountText.parse(text) {
        case .success(let value?): return RecipeMDRecipe.Amount(factor: value.amount, unit: value.unit, text: String(scalars: text))
        case .success(nil): return nil
        case .failure(.noNumber):
            throw MarkdownDecodingError.amountWithoutNumber(String(scalars: text), at: at)
        case .failure(.divisionByZero):
            throw MarkdownDecodingError.divisionByZero(String(scalars: text), at: at)
        }
    }

    /// A paragraph that is wholly one *emphasis* (tags) or **strong** (yields) span.
    private func emphasisParagraph(_ block: MarkdownBlock) -> (isStrong: Bool, inner: [Unicode.Scalar])? {
        // Such a span opens at the first character, which must be `*` or `_`.
        guard case .paragraph(let text) = block.kind, let first = text.utf8.first,
              first == UInt8(ascii: "*") || first == UInt8(ascii: "_") else { return nil }
        return InlineEmphasis.wholeSpan(MarkdownText.scalars(text))
    }

    private func position(_ block: MarkdownBlock?) -> SourcePosition {
        source.position(line: block?.firstLine ?? max(0, min(endLine, source.lines.count) - 1))
    }

    private func describe(_ block: MarkdownBlock?) -> String {
        guard let block else { return "the end of the recipe" }
        switch block.kind {
        case .heading(let level, _): return "a level-\(level) heading"
        case .paragraph: return "a paragraph"
        case .thematicBreak: return "'---'"
        case .list: return "a list"
        case .fencedCode, .indentedCode: return "a code block"
        case .blockQuote: return "a block quote"
        case .html: return "HTML"
        }
    }

    /// The paragraphs, at any depth, that may hold a link reference definition (`]:`, as
    /// ``InlineLink/definitions(in:)`` asks first): most hold none, and are not gathered.
    private static func collectParagraphs(_ blocks: [MarkdownBlock], into paragraphs: inout [String]) {
        for block in blocks {
            switch block.kind {
            case .paragraph(let text):
                if MarkdownText.containsPair(text, UInt8(ascii: "]"), UInt8(ascii: ":")) { paragraphs.append(text) }
            case .blockQuote(let inner): collectParagraphs(inner, into: &paragraphs)
            case .list(let list): for item in list.items { collectParagraphs(item.blocks, into: &paragraphs) }
            default: break
            }
        }
    }
}
