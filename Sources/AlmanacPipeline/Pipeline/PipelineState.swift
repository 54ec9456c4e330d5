import AlmanacCore

/// What flows through a pipeline: the items with their origins, the inputs' document
/// extras, what steps found and what they ask of the writer.
public struct PipelineState: Sendable {
    /// The items, each with the input and position it came from.
    public var items: [LocatedItem]
    /// Document-level extras of the inputs (iCalendar's calendar properties), merged.
    public var documentExtras: Extras
    /// Every recipe the inputs held, also after a step dropped it from ``items``:
    /// events still in the stream find the recipes they name here (meal plans,
    /// shopping lists).
    public var recipeBook: [Recipe] = []
    /// How a step ordered the items into groups, for writers that can show them (the
    /// Markdown agenda); `nil` when none did.
    public var grouping: Grouping?
    /// Warnings steps found (a `validate` step's), shown before the output is written.
    public var warnings: [Diagnostic] = []

    public init(items: [LocatedItem], documentExtras: Extras = Extras(), recipeBook: [Recipe] = []) {
        self.items = items
        self.documentExtras = documentExtras
        self.recipeBook = recipeBook
    }

    /// The state a document starts a pipeline with: its items (from `source`, when named),
    /// its extras, and its recipes as the recipe book.
    public init(_ document: AlmanacDocument, source: String? = nil) {
        self.init(
            items: document.items.map { LocatedItem($0, source: source) },
            documentExtras: document.extras,
            recipeBook: document.recipes + document.referencedRecipes
        )
    }

    /// The items as a document for the writer, with the recipes its events name that are
    /// no longer among the items (``AlmanacDocument/referencedRecipes``).
    public var document: AlmanacDocument {
        var document = AlmanacDocument()
        for located in items { document.append(located.item) }
        document.extras = documentExtras
        let named = Set(document.events.flatMap(\.recipes)).subtracting(document.recipes.map(\.id))
        if !named.isEmpty {
            var seen = Set<String>()
            document.referencedRecipes = recipeBook.filter { named.contains($0.id) && seen.insert($0.id).inserted }
        }
        return document
    }
}
