import AlmanacCore

/// The author's Markdown in a kept recipe body (``KeptRecipeSource``), by the plain text it
/// reads as, for writing a recipe a verb changed: a text whose plain text is unchanged is
/// written as the author wrote it, a step keeps its shape (a paragraph, a numbered or bullet
/// item), an amount or yield its spelling (`½`, `1.25`, `5,5`); the link reference definitions the
/// kept texts may use are written at the end.
struct RecipeMarkup {
    /// An ingredient as it was read: the model's view and the Markdown after the amount.
    struct KeptIngredient {
        var amount: Double?
        var unit: String?
        /// The amount as written between the `*`.
        var amountText: String?
        /// The name (and note) as written; for a link, its text.
        var markdown: String
    }

    /// The title's plain text and its Markdown.
    private(set) var title: (plain: String, markdown: String)?
    /// The summary's plain text and the description's Markdown without the times line.
    private(set) var summary: (plain: String, markdown: String)?
    /// The yields as read, each with its text (`1,5 pans`).
    private(set) var yields: [(yield: Yield, text: String)] = []
    /// The shape of the first step, for steps that were not there.
    private(set) var firstShape: RecipeStep.Shape?
    /// Paragraphs of link reference definitions only, in the description and elsewhere.
    private(set) var definitions: (description: [String], instructions: [String]) = ([], [])
    private var ingredients: [String: [KeptIngredient]] = [:]
    private var steps: [String: [RecipeStep]] = [:]

    /// The markup of `body`, or `nil` when it no longer reads as a recipe.
    init?(body: String) {
        guard let source = try? MarkdownSource(Array(body.utf8)),
              let blocks = try? BlockParser().parse(source.lines.indices.map { ParserLine(number: $0, text: source.lines[$0]) }) else { return nil }
        var parser = RecipeMDParser(source: source, blocks: blocks, endLine: source.lines.count)
        guard let parsed = try? parser.parse() else { return nil }
        let mapper = RecipeMapper(source: source, references: parsed.references)
        guard let recipe = try? mapper.recipe(parsed, frontMatter: nil, fallbackID: "") else { return nil }
        title = (recipe.title, MarkdownText.trimmed(parsed.title.replacingNewlines))
        summary = Self.description(parsed, recipe: recipe, source: source)
        yields = zip(recipe.yields, parsed.yields).map { ($0, $1.text) }
        for block in parsed.descriptionBlocks where Self.isDefinitions(block, references: parsed.references) {
            definitions.description.append(source.text(block.firstLine...block.lastLine))
        }
        for block in parsed.instructionBlocks where Self.isDefinitions(block, references: parsed.references) {
            definitions.instructions.append(source.text(block.firstLine...block.lastLine))
        }
        for (model, read) in zip(recipe.allIngredients, Self.allIngredients(parsed)) {
            var markdown = read.linkText ?? read.name
            if read.linkText == nil, MarkdownText.contains(markdown, byte: UInt8(ascii: "\n")) {
                var lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                for index in lines.indices.dropFirst() {
                    lines[index] = String(decoding: LineScanner.dropIndent(Array(lines[index].utf8), columns: read.contentColumn), as: UTF8.self)
                }
                markdown = lines.joined(separator: "\n")
            }
            let kept = KeptIngredient(amount: model.amount, unit: model.unit, amountText: read.amount?.text, markdown: MarkdownText.trimmed(markdown))
            ingredients[Self.key(model), default: []].append(kept)
        }
        for case .step(let step) in mapper.steps(parsed.instructionBlocks) {
            if firstShape == nil { firstShape = step.shape }
            steps[step.plain, default: []].append(step)
        }
    }

    /// The Markdown of an ingredient that reads as `ingredient` (the first not taken yet).
    mutating func takeIngredient(_ ingredient: Ingredient) -> KeptIngredient? {
        let key = Self.key(ingredient)
        guard var kept = ingredients[key], !kept.isEmpty else { return nil }
        let first = kept.removeFirst()
        ingredients[key] = kept
        return first
    }

    /// The step that reads as `plain` (the first not taken yet).
    mutating func takeStep(_ plain: String) -> RecipeStep? {
        guard var kept = steps[plain], !kept.isEmpty else { return nil }
        let first = kept.removeFirst()
        steps[plain] = kept
        return first
    }

    private static func key(_ ingredient: Ingredient) -> String {
        ingredient.name + "\u{0}" + (ingredient.note ?? "") + "\u{0}" + (ingredient.link ?? "")
    }

    private static func allIngredients(_ recipe: RecipeMDRecipe) -> [RecipeMDRecipe.Ingredient] {
        func all(_ group: RecipeMDRecipe.Group) -> [RecipeMDRecipe.Ingredient] { group.ingredients + group.groups.flatMap(all) }
        return recipe.ingredients + recipe.groups.flatMap(all)
    }

    /// The description's Markdown without the times line (its last block, when the reader took times from it).
    private static func description(_ parsed: RecipeMDRecipe, recipe: Recipe, source: MarkdownSource) -> (String, String)? {
        var blocks = parsed.descriptionBlocks
        guard let summary = recipe.summary, !blocks.isEmpty else { return nil }
        if recipe.prepTime != nil || recipe.cookTime != nil || recipe.totalTime != nil { blocks.removeLast() }
        guard let first = blocks.first, let last = blocks.last else { return nil }
        return (summary, source.text(first.firstLine...last.lastLine))
    }

    /// Whether `block` is a paragraph of link reference definitions only.
    private static func isDefinitions(_ block: MarkdownBlock, references: [String: String]) -> Bool {
        guard case .paragraph(let text) = block.kind, text.first == "[" else { return false }
        return !InlineLink.definitions(in: [text]).isEmpty && MarkdownPlainText.blocks([block], references: references).isEmpty
    }
}
