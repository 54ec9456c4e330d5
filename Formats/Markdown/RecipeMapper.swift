import AlmanacCore
import Foundation

/// Turns a RecipeMD recipe (texts as Markdown) and its front matter into a ``Recipe``
/// (plain text, ``MarkdownPlainText``): markup dropped, continuation lines dedented,
/// instructions split into steps.
struct RecipeMapper {
    let source: MarkdownSource
    /// The recipe's link reference definitions, set for each recipe mapped.
    private var references: [String: String] = [:]

    init(source: MarkdownSource, references: [String: String] = [:]) {
        self.source = source
        self.references = references
    }

    /// The recipe `parsed` describes, with `frontMatter` merged in; `body` is the Markdown it
    /// was read from (its bytes), kept (``KeptRecipeSource``) when the writer would not give it back from the fields.
    func recipe(_ parsed: RecipeMDRecipe, frontMatter: FrontMatter?, fallbackID: String, body: ArraySlice<UInt8>? = nil) throws -> Recipe {
        var mapper = self
        mapper.references = parsed.references
        return try mapper.map(parsed, frontMatter: frontMatter, fallbackID: fallbackID, body: body)
    }

    private func map(_ parsed: RecipeMDRecipe, frontMatter: FrontMatter?, fallbackID: String, body: ArraySlice<UInt8>?) throws -> Recipe {
        var recipe = Recipe(id: fallbackID, title: inline(parsed.title))
        if parsed.descriptionLines != nil {
            var text = MarkdownPlainText.document(parsed.description ?? "", parsed: parsed.descriptionBlocks, references: references)
            RecipeTimesLine.take(from: &text, into: &recipe)
            recipe.summary = text.isEmpty ? nil : text
        }
        let tags = parsed.tags.map(inline)
        recipe.tags = tags.contains(where: \.isEmpty) ? tags.filter { !$0.isEmpty } : tags
        recipe.yields = parsed.yields.map { Yield(amount: $0.factor, unit: $0.unit.map(MarkdownText.unescape)) }
        recipe.ingredients = parsed.ingredients.map(ingredient)
        recipe.ingredientGroups = parsed.groups.map(group)
        directions(parsed.instructionBlocks, into: &recipe)
        var kept = KeptRecipeSource(body: nil, derivedID: nil)
        let fromBody = recipe
        if let frontMatter { try merge(frontMatter, into: &recipe) }
        if let body { kept.keep(body, of: fromBody, merged: recipe) }
        if body != nil && recipe.id == fallbackID { kept.derivedID = fallbackID }
        if !kept.isEmpty { recipe.extras[KeptRecipeSource.extrasKey] = kept.opaque }
        return recipe
    }

    private func group(_ group: RecipeMDRecipe.Group) -> IngredientGroup {
        IngredientGroup(
            title: inline(group.title),
            ingredients: group.ingredients.map(ingredient),
            ingredientGroups: group.groups.map(self.group)
        )
    }

    private func ingredient(_ parsed: RecipeMDRecipe.Ingredient) -> Ingredient {
        // The fields are found first and the ingredient made once of them (no copy of one
        // made and changed).
        let name: String
        var link: String?
        if let destination = parsed.link, let text = parsed.linkText {
            link = destination
            name = inline(text)
        } else if !MarkdownText.contains(parsed.name, byte: UInt8(ascii: "\n")) {
            // One line: no continuation lines to dedent.
            name = inline(parsed.name)
        } else {
            var lines = parsed.name.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for index in lines.indices.dropFirst() {
                lines[index] = String(decoding: LineScanner.dropIndent(Array(lines[index].utf8), columns: parsed.contentColumn), as: UTF8.self)
            }
            name = MarkdownPlainText.document(lines.joined(separator: "\n"), references: references)
        }
        let split = Self.splitNote(name)
        return Ingredient(
            amount: parsed.amount?.factor, unit: parsed.amount?.unit.map(MarkdownText.unescape), name: split.name, note: split.note, link: link
        )
    }

    /// `flour, sifted` is the name `flour` with the note `sifted`: a one-line name splits
    /// at its first `, ` (the writer joins them so).
    static func splitNote(_ text: String) -> (name: String, note: String?) {
        // One walk over the bytes finds where `, ` is first (a match of the characters is one of
        // the bytes too), whether the text is plain ASCII, and whether it holds a line end.
        // Plain text is split there on its bytes: the characters are the bytes.
        enum Split { case none, plain(String, String), general }
        let split = MarkdownText.withBytes(text) { bytes -> Split in
            var comma: Int?
            var plain = true
            var newline = false
            for index in bytes.indices {
                let byte = bytes[index]
                if byte >= 0x80 || byte == UInt8(ascii: "\r") { plain = false }
                if byte == UInt8(ascii: "\n") { newline = true }
                if comma == nil, byte == UInt8(ascii: ","), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: " ") { comma = index }
            }
            guard let comma else { return .none }
            guard plain else { return .general }
            guard !newline else { return .none }
            let name = PlainTextLines.visibleRange(of: bytes, from: 0, to: comma)
            let note = PlainTextLines.visibleRange(of: bytes, from: comma + 2, to: bytes.count)
            guard !name.isEmpty, !note.isEmpty else { return .none }
            return .plain(String(decoding: UnsafeBufferPointer(rebasing: bytes[name]), as: UTF8.self),
                          String(decoding: UnsafeBufferPointer(rebasing: bytes[note]), as: UTF8.self))
        }
        switch split {
        case .none: return (text, nil)
        case .plain(let name, let note): return (name, note)
        case .general: break
        }
        guard !text.contains("\n"), let comma = text.range(of: ", ") else { return (text, nil) }
        let name = MarkdownText.trimmed(String(text[..<comma.lowerBound]))
        let note = MarkdownText.trimmed(String(text[comma.upperBound...]))
        guard !name.isEmpty, !note.isEmpty else { return (text, nil) }
        return (name, note)
    }

    /// Steps from the instructions: each list item or other block is a step, and a
    /// heading starts a titled section.
    private func directions(_ blocks: [MarkdownBlock], into recipe: inout Recipe) {
        // Each section's steps are counted first, so that its array is made once at its size.
        let counts = Self.stepCounts(blocks)
        if counts[0] > 0 { recipe.directions.reserveCapacity(counts[0]) }
        if counts.count > 1 { recipe.directionGroups.reserveCapacity(counts.count - 1) }
        forEachStep(blocks) { part in
            switch part {
            case .section(let title):
                var group = DirectionGroup(title: title)
                // The counts are room made ahead, never a limit: a section they did not
                // count (a walk that changed without them) only makes none.
                let section = recipe.directionGroups.count + 1
                if section < counts.count, counts[section] > 0 { group.directions.reserveCapacity(counts[section]) }
                recipe.directionGroups.append(group)
            case .step(let step):
                if recipe.directionGroups.isEmpty {
                    recipe.directions.append(step.plain)
                } else {
                    recipe.directionGroups[recipe.directionGroups.count - 1].directions.append(step.plain)
                }
            }
        }
    }

    /// At most how many steps come before the first heading of `blocks`, then after each heading
    /// (a list's items, another block but a break one each; a paragraph of definitions only,
    /// which makes none, is counted too): one more count than there are headings.
    static func stepCounts(_ blocks: [MarkdownBlock]) -> [Int] {
        var counts = [0]
        counts.reserveCapacity(8)
        for block in blocks {
            switch block.kind {
            case .heading: counts.append(0)
            case .list(let list): counts[counts.count - 1] += list.items.count
            case .thematicBreak: continue
            default: counts[counts.count - 1] += 1
            }
        }
        return counts
    }

    /// A part of the instructions: a section heading or a step.
    enum InstructionPart {
        case section(String)
        case step(RecipeStep)
    }

    /// The instructions' sections and steps, each step with its Markdown and its shape.
    func steps(_ blocks: [MarkdownBlock]) -> [InstructionPart] {
        var parts: [InstructionPart] = []
        forEachStep(blocks) { parts.append($0) }
        return parts
    }

    /// Hands ``steps(_:)`` to `body` one by one, as they are made (the mapper keeps no array of them).
    private func forEachStep(_ blocks: [MarkdownBlock], _ body: (InstructionPart) -> Void) {
        for block in blocks {
            switch block.kind {
            case .heading(_, let text):
                body(.section(inline(text)))
            case .list(let list):
                for (offset, item) in list.items.enumerated() {
                    let markdown = itemMarkdown(item)
                    let shape = RecipeStep.Shape.item(ordered: list.ordered, number: list.start + offset, character: list.character)
                    body(.step(RecipeStep(plain: MarkdownPlainText.document(markdown, references: references), markdown: markdown, shape: shape)))
                }
            case .thematicBreak:
                continue
            case .fencedCode, .indentedCode, .html, .paragraph, .blockQuote:
                let markdown = source.text(block.firstLine...block.lastLine)
                let plain = MarkdownPlainText.document(markdown, references: references)
                // A paragraph of link reference definitions only is no step.
                if !plain.isEmpty { body(.step(RecipeStep(plain: plain, markdown: markdown, shape: .block))) }
            }
        }
    }

    /// An inline text (a title, a tag, a name) as plain text.
    private func inline(_ text: String) -> String {
        MarkdownText.trimmed(MarkdownPlainText.inline(text, references: references))
    }

    /// A list item's text with escapes resolved (a task's).
    func itemText(_ item: MarkdownListItem) -> String {
        MarkdownText.trimmed(MarkdownText.unescapeBlock(itemMarkdown(item)))
    }

    /// A list item's Markdown: its lines without the marker and the content indentation.
    func itemMarkdown(_ item: MarkdownListItem) -> String {
        guard item.lastLine >= item.firstLine else { return "" }
        if item.lastLine == item.firstLine {
            // One line: read where it is.
            return source.withLine(item.firstLine) { line in
                let content = UnsafeBufferPointer(rebasing: line[Self.afterColumns(line, item.contentColumn)...])
                // The usual item is one paragraph with nothing to trim: the parser made its text
                // of these very bytes already.
                if let text = item.onlyParagraph, Self.holds(text, content) { return text }
                return String(decoding: content, as: UTF8.self)
            }
        }
        var bytes: [UInt8] = []
        for number in item.firstLine...item.lastLine {
            let line = source.lines[number]
            if number > item.firstLine { bytes.append(UInt8(ascii: "\n")) }
            if number == item.firstLine {
                bytes += Self.dropColumns(line, item.contentColumn)
            } else {
                bytes += LineScanner.dropIndent(line, columns: item.contentColumn)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether the UTF-8 of `text` is `bytes`.
    static func holds(_ text: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        MarkdownText.withBytes(text) { own in
            own.count == bytes.count && (own.isEmpty || memcmp(own.baseAddress!, bytes.baseAddress!, own.count) == 0)
        }
    }

    /// The line without its first `columns` columns, whatever they hold.
    static func dropColumns(_ line: [UInt8], _ columns: Int) -> ArraySlice<UInt8> {
        line[afterColumns(line, columns)...]
    }

    /// The index in `line` after its first `columns` columns, whatever they hold.
    static func afterColumns<Line: RandomAccessCollection<UInt8>>(_ line: Line, _ columns: Int) -> Line.Index {
        var column = 0
        var index = line.startIndex
        while index < line.endIndex && column < columns {
            column += line[index] == LineScanner.tab ? 4 - column % 4 : 1
            line.formIndex(after: &index)
        }
        return index
    }

    private func merge(_ frontMatter: FrontMatter, into recipe: inout Recipe) throws {
        var unknown: [OpaqueMember] = []
        for entry in frontMatter.entries {
            let at = source.position(line: entry.line)
            func fail(_ expected: String) -> MarkdownDecodingError {
                .invalidFrontMatter("'\(entry.key)' must be \(expected)", at: at)
            }
            let text = entry.value.scalar
            switch entry.key {
            case "id": recipe.id = text ?? recipe.id
            case "title": if recipe.title.isEmpty, let text { recipe.title = text }
            case "date", "lastmod":
                guard let text, let time = CalendarTimeText.parse(text) else { throw fail("a date or date-time") }
                if entry.key == "date" { recipe.dateAdded = time } else { recipe.dateModified = time }
            case "tags": if recipe.tags.isEmpty { recipe.tags = entry.value.list }
            case "categories": recipe.collections = entry.value.list
            case "rating":
                guard let text, let rating = Int(text) else { throw fail("an integer") }
                recipe.rating = rating
            case "favorite":
                switch text {
                case "true", "yes": recipe.isFavorite = true
                case "false", "no": recipe.isFavorite = false
                default: throw fail("true or false")
                }
            case "prepTime", "cookTime", "totalTime":
                guard let text, let duration = ISODuration(text) else { throw fail("an ISO 8601 duration such as PT30M") }
                switch entry.key {
                case "prepTime": recipe.prepTime = duration
                case "cookTime": recipe.cookTime = duration
                default: recipe.totalTime = duration
                }
            case "yields":
                guard recipe.yields.isEmpty else { continue }
                recipe.yields = entry.value.list.map { item in
                    if case .success(let value?) = AmountText.parse(Array(item.unicodeScalars)) {
                        return Yield(amount: value.amount, unit: value.unit)
                    }
                    return Yield(unit: item)
                }
            case "source": recipe.source = text
            case "images": recipe.images = entry.value.list
            default:
                switch entry.value {
                case .scalar(let value): unknown.append(OpaqueMember(entry.key, .string(value)))
                case .list(let items): unknown.append(OpaqueMember(entry.key, .array(items.map(OpaqueValue.string))))
                }
            }
        }
        if !unknown.isEmpty { recipe.extras[MarkdownCodec.extrasKey] = .object(unknown) }
    }
}
