import AlmanacCore

/// The author's Markdown of a kept recipe body, by the plain text it reads as, for writing a
/// changed recipe: a text whose plain text is unchanged is written as the author wrote it.
struct RecipeMarkup {
    init?(body: String) {
        return nil
    }
}
