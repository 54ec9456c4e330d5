import AlmanacCore

/// Writes the steps of one section with their components marked up where the step's text
/// names them: `Whisk the flour` with the ingredient `flour` (250 g) becomes
/// `Whisk the @flour{250%g}`, which cooklang-rs shows as the same text.
///
/// Ingredients are looked for in order, each after the one before (so repeats find their
/// own place), as whole words with the same spelling; cookware and timers the extras kept
/// are looked for in their own step. The ingredients up to the last one no step names are
/// returned, for the section's list.
/// Each search starts where the last one found something, so a section costs its text times
/// the ingredients that no step names, at most.
struct CooklangStepMarkup {
    /// One component to put into a step: where its text is and what to write there.
    private struct Mark {
        var start: Int
        var end: Int
        var markup: String
    }

    private var steps: [[UInt8]]
    private var marks: [[Mark]]
    private var cursor = (step: 0, offset: 0)

    init(steps: [String]) {
        self.steps = steps.map { Array($0.utf8) }
        marks = Array(repeating: [], count: steps.count)
    }

    /// Marks up the ingredients the steps name, in order; returns those to list before the
    /// steps: every ingredient up to the last one the steps do not name, so that the section
    /// reads back with its ingredients in their order. (A subsequence of a greedy match is
    /// matched again, each no later than before, so the rest are all found.)
    mutating func place(_ ingredients: [Ingredient]) -> [Ingredient] {
        let start = (marks, cursor)
        guard let last = greedy(ingredients[...]) else { return [] }
        (marks, cursor) = start
        let rest = greedy(ingredients[(last + 1)...])
        assert(rest == nil, "a subsequence of a greedy match is matched")
        return Array(ingredients[...last])
    }

    /// Marks up each ingredient the steps name, in order; returns the index of the last one
    /// they do not name.
    private mutating func greedy(_ ingredients: ArraySlice<Ingredient>) -> Int? {
        var unnamed: Int?
        for (index, ingredient) in zip(ingredients.indices, ingredients) {
            guard let markup = Self.markup(ingredient) else {
                unnamed = index
                continue
            }
            let name = Array(ingredient.name.utf8)
            var found = false
            var step = cursor.step
            var from = cursor.offset
            while step < steps.count {
                if let start = Self.word(name, in: steps[step], from: from) {
                    marks[step].append(Mark(start: start, end: start + name.count, markup: markup))
                    cursor = (step, start + name.count)
                    found = true
                    break
                }
                step += 1
                from = 0
            }
            if !found { unnamed = index }
        }
        return unnamed
    }

    /// Marks up a piece of cookware or a timer in step `step`, where `text` stands in it
    /// after the marks already there; `false` when it does not.
    mutating func place(_ markup: String, showing text: String, inStep step: Int) -> Bool {
        guard step < steps.count, !text.isEmpty else { return false }
        let name = Array(text.utf8)
        var from = 0
        while let start = Self.word(name, in: steps[step], from: from) {
            if !marks[step].contains(where: { $0.start < start + name.count && start < $0.end }) {
                marks[step].append(Mark(start: start, end: start + name.count, markup: markup))
                return true
            }
            from = start + 1
        }
        return false
    }

    /// The steps as Cooklang text.
    func written() -> [String] {
        steps.indices.map { index in
            var text = ""
            var position = 0
            let bytes = steps[index]
            for mark in marks[index].sorted(by: { $0.start < $1.start }) {
                text += CooklangEscaper.text(bytes[position..<mark.start], atLineStart: position == 0)
                text += mark.markup
                position = mark.end
                if position < bytes.count, bytes[position] == UInt8(ascii: "(") {
                    // A `(` right after an ingredient would read as its note.
                    text += "\\("
                    position += 1
                }
            }
            text += CooklangEscaper.text(bytes[position...], atLineStart: position == 0)
            return text
        }
    }

    /// Whether Cooklang can write the ingredient's link: a relative path ending in its name
    /// (`./sauces/Hollandaise` for Hollandaise). Another link is left out (the writer warns).
    static func canWriteLink(_ ingredient: Ingredient) -> Bool {
        guard let link = ingredient.link else { return true }
        return (link.hasPrefix("./") || link.hasPrefix("../")) && link.hasSuffix("/" + ingredient.name) && CooklangEscaper.isWritableName(link)
    }

    /// `@name{quantity%unit}(note)`, or `nil` when the name cannot be written in braces.
    static func markup(_ ingredient: Ingredient) -> String? {
        var name = ingredient.name
        if let link = ingredient.link, canWriteLink(ingredient) { name = link }
        guard CooklangEscaper.isWritableName(ingredient.name) else { return nil }
        var quantity = ingredient.amount.map(CooklangQuantityText.format) ?? ingredient.extras[CooklangRecipeMapper.extrasKey]?.members?.first { $0.key == "quantity" }?.value.string ?? ""
        guard CooklangEscaper.isWritableBraces(quantity), CooklangEscaper.isWritableBraces(ingredient.unit ?? "") else { return nil }
        if ingredient.fixed, !quantity.isEmpty { quantity = "=" + quantity }
        var markup = "@" + name + "{" + quantity
        if let unit = ingredient.unit, !unit.isEmpty {
            guard !quantity.isEmpty else { return nil }
            markup += "%" + unit
        }
        markup += "}"
        if let note = ingredient.note, !note.isEmpty {
            guard !note.contains(")"), !note.contains("\n") else { return nil }
            markup += "(" + note + ")"
        }
        return markup
    }

    /// Where `name` stands in `bytes` at or after `from` as a whole word, or `nil`.
    private static func word(_ name: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        guard !name.isEmpty, name.count <= bytes.count else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            name.withUnsafeBufferPointer { word in
                var start = from
                while start + word.count <= buffer.count {
                    if buffer[start] == word[0], (0..<word.count).allSatisfy({ buffer[start + $0] == word[$0] }),
                       start == 0 || !isWordCharacter(buffer, before: start) || !isWordCharacter(word, at: 0),
                       start + word.count == buffer.count || !isWordCharacter(buffer, at: start + word.count) || !isWordCharacter(word, before: word.count) {
                        return start
                    }
                    start += 1
                }
                return nil
            }
        }
    }

    /// Whether the character at `index` is part of a word (not white space or punctuation).
    private static func isWordCharacter(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        !UTF8Text.endsWord(bytes, at: index).ends
    }

    /// Whether the character that ends before `index` is part of a word.
    private static func isWordCharacter(_ bytes: UnsafeBufferPointer<UInt8>, before index: Int) -> Bool {
        var start = index - 1
        while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return isWordCharacter(bytes, at: start)
    }
}
