import AlmanacCore

/// Reads a whole Markdown file: one or more parts, each an optional marker line,
/// optional YAML front matter, and a body — a RecipeMD recipe, an agenda of events,
/// or an index (which holds no items).
///
/// A part after the first starts at a marker line: `<!-- almanac:recipe -->`,
/// `<!-- almanac:agenda -->` or `<!-- almanac:index -->`. The first part may
/// leave it out, and is a recipe unless its marker, its front matter (`almanac: "index"`) or
/// its `# Agenda` heading says otherwise.
struct MarkdownDocumentReader {
    enum PartKind: String {
        case recipe
        case agenda
        case index

        var marker: String { "<!-- almanac:\(rawValue) -->" }
    }

    /// The front matter key that names a part's kind on a site's page (`almanac: "index"`).
    static let partKey = "almanac"

    let source: MarkdownSource
    let sourceName: String
    /// The deepest nesting of lists and block quotes read.
    let maximumDepth: Int
    private(set) var diagnostics: [Diagnostic] = []
    /// Where each item starts: a recipe's `# Title` line, an agenda event's heading.
    private(set) var origins = ItemOrigins()
    /// The events with a `**Recipe:**` line and what it names (``AgendaReader/recipeLines``).
    private var recipeLines: [(event: Int, names: [String])] = []

    init(source: MarkdownSource, sourceName: String, maximumDepth: Int = BlockParser.defaultMaximumDepth) {
        self.source = source
        self.sourceName = sourceName
        self.maximumDepth = maximumDepth
    }

    mutating func read() throws -> AlmanacDocument {
        var document = AlmanacDocument()
        let lines = source.lines
        var cursor = 0
        var parts = 0
        while true {
            skipBlank(&cursor)
            guard cursor < lines.count else { break }
            parts += 1
            var kind = marker(line: cursor)
            if kind != nil { cursor += 1; skipBlank(&cursor) }
            var frontMatter: FrontMatter?
            if let close = FrontMatter.closingLine(lines, start: cursor, end: lines.count) {
                do {
                    frontMatter = try FrontMatter(lines: lines, range: (cursor + 1)..<close)
                } catch {
                    throw MarkdownDecodingError.invalidFrontMatter(error.message, at: source.position(line: error.line))
                }
                for key in frontMatter?.skippedKeys ?? [] {
                    warn("front matter key '\(key)' holds a mapping or block text almanac does not read; it is skipped", line: cursor)
                }
                cursor = close + 1
                skipBlank(&cursor)
            }
            // A site's list page says so in its front matter (a marker would show on the page).
            if kind == nil, frontMatter?[Self.partKey]?.value.scalar == PartKind.index.rawValue { kind = .index }
            if kind == nil, cursor < lines.count, let marker = marker(line: cursor) {
                kind = marker
                cursor += 1
            }
            let bodyStart = cursor
            var fence: (character: UInt8, length: Int)?
            while cursor < lines.count {
                // Only a line whose first visible byte is `<` is a marker, and one whose first
                // visible byte is `` ` `` or `~` opens or closes a fence: others are not copied out.
                let first = source.firstVisibleByte(line: cursor)
                if let open = fence {
                    if first == open.character, LineScanner.closesFence(source.line(cursor), character: open.character, length: open.length) { fence = nil }
                } else if first == UInt8(ascii: "<"), Self.marker(lines[cursor]) != nil {
                    break
                } else if first == UInt8(ascii: "`") || first == UInt8(ascii: "~"), let opening = LineScanner.fenceOpening(source.line(cursor)) {
                    fence = opening
                }
                cursor += 1
            }
            let blocks: [MarkdownBlock]
            do {
                blocks = try BlockParser(maximumDepth: maximumDepth).parse((bodyStart..<cursor).map { ParserLine(number: $0, text: source.line($0)) })
            } catch let deep as BlockParser.TooDeep {
                throw MarkdownDecodingError.tooDeep(limit: maximumDepth, at: source.position(line: deep.line))
            }
            if kind == nil, case .heading(1, AgendaWriter.title)? = blocks.first?.kind { kind = .agenda }
            switch kind ?? .recipe {
            case .recipe:
                var parser = RecipeMDParser(source: source, blocks: blocks, endLine: cursor)
                let parsed = try parser.parse()
                let fallback = StableID.make(from: source.bytes[offset(bodyStart)..<offset(cursor)], salt: "recipe[\(document.recipes.count)]")
                let body = KeptRecipeSource.body(source, lines: bodyStart, to: cursor)
                document.recipes.append(try RecipeMapper(source: source).recipe(parsed, frontMatter: frontMatter, fallbackID: fallback, body: body))
                origins.recipes.append(source.position(line: blocks.first?.firstLine ?? bodyStart))
            case .agenda:
                var reader = AgendaReader(source: source)
                let first = document.events.count
                document.events += try reader.events(blocks, salt: "agenda[\(parts)]")
                recipeLines += reader.recipeLines.map { (first + $0.event, $0.names) }
                origins.events += reader.eventLines.map { source.position(line: $0) }
                for warning in reader.warnings { warn(warning.message, line: warning.line) }
            case .index:
                break
            }
        }
        guard parts > 0 else {
            throw MarkdownDecodingError.missingTitle(found: "an empty input", at: source.position(line: 0))
        }
        if !recipeLines.isEmpty { resolveRecipeSlugs(in: &document) }
        return document
    }

    /// A meal's recipe that is no recipe of the document (a page slug from a hand-written
    /// agenda's `**Recipe:**` link, or an id that Markdown without front matter did not
    /// keep on the recipe) becomes the id of the recipe whose page the line links to, by
    /// its title's slug as the writers name pages.
    private func resolveRecipeSlugs(in document: inout AlmanacDocument) {
        let known = Set(document.recipes.map(\.id))
        var idBySlug: [String: String] = [:]
        for recipe in document.recipes {
            let slug = SlugMaker.slug(recipe.title, fallback: ItemKind.recipe.rawValue)
            if idBySlug[slug] == nil { idBySlug[slug] = recipe.id }
        }
        for line in recipeLines where document.events[line.event].recipes.count == line.names.count {
            for (position, id) in document.events[line.event].recipes.enumerated() where !known.contains(id) {
                if let found = idBySlug[line.names[position]] { document.events[line.event].recipes[position] = found }
            }
        }
    }

    private func offset(_ line: Int) -> Int {
        line < source.lineOffsets.count ? source.lineOffsets[line] : source.bytes.count
    }

    private func skipBlank(_ cursor: inout Int) {
        while cursor < source.lineOffsets.count && source.isBlank(line: cursor) { cursor += 1 }
    }

    private mutating func warn(_ message: String, line: Int) {
        diagnostics.append(Diagnostic(.warning, message, source: sourceName, position: source.position(line: line)))
    }

    /// The part line `index` starts when it is a marker line, looked at in place first.
    private func marker(line index: Int) -> PartKind? {
        guard source.firstVisibleByte(line: index) == UInt8(ascii: "<") else { return nil }
        return Self.marker(source.lines[index])
    }

    /// The part a marker line starts, or `nil` when the line is no marker.
    static func marker(_ line: [UInt8]) -> PartKind? {
        // Most lines are no marker: look at the first visible byte before copying anything.
        var start = 0
        while start < line.count && (line[start] == LineScanner.space || line[start] == LineScanner.tab) { start += 1 }
        guard start < line.count, line[start] == UInt8(ascii: "<") else { return nil }
        var text = line
        LineScanner.trim(&text)
        guard text.count < 40 else { return nil }
        let string = String(decoding: text, as: UTF8.self)
        return [PartKind.recipe, .agenda, .index].first { $0.marker == string }
    }
}
