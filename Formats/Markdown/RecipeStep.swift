/// One step of a recipe's instructions as it was read: its plain text (the model's),
/// the Markdown it was written in, and its shape, so that a changed recipe keeps the
/// author's Markdown and the shape of the steps that did not change.
struct RecipeStep {
    enum Shape: Equatable {
        /// A list item: bullet (`character` `-`, `+`, `*`) or numbered (`number` and the `.` or `)` after it).
        case item(ordered: Bool, number: Int, character: UInt8)
        /// A block of its own: a paragraph, code, a block quote, HTML.
        case block

        /// Whether a step of this shape continues the list of one of `other`'s.
        func continues(_ other: Shape) -> Bool {
            guard case .item(let ordered, _, let character) = self, case .item(ordered, _, character) = other else { return false }
            return true
        }
    }

    /// The text as the model holds it.
    var plain: String
    /// The Markdown, without a list item's marker and indentation.
    var markdown: String
    var shape: Shape
}
