import AlmanacCore

/// Writes one recipe as a Cooklang file.
///
/// A recipe read from Cooklang and not changed since is written back as it was read (the
/// `cooklang-source` extras). Any other is written fresh: YAML front matter with the model's
/// fields and the metadata the extras kept, then the steps of each section (`= Title =`), the
/// ingredients marked up where a step names them (``CooklangStepMarkup``) and those no step
/// names in a step of their own, first in their section, after a `-- almanac: ingredients`
/// line (so that almanac reads them back as ingredients, not as a step). An ingredient group
/// without a section of the same title becomes a section of its own; a nested group's
/// ingredients join their parent's. Cookware, timers and notes the extras kept go back where
/// their step's text still shows them.
struct CooklangWriter {
    private(set) var diagnostics: [Diagnostic] = []

    mutating func write(_ recipe: Recipe) -> String {
        if let kept = keptSource(recipe) { return kept }
        var text = CooklangYAML.frontMatter(CooklangMetadataMapping.entries(for: recipe))
        let extras = recipe.extras[CooklangRecipeMapper.extrasKey]?.members ?? []
        let cookware = Self.list("cookware", in: extras)
        let timers = Self.list("timers", in: extras)
        let notes = Self.list("notes", in: extras)
        for ingredient in recipe.allIngredients where !CooklangStepMarkup.canWriteLink(ingredient) {
            diagnostics.append(Diagnostic(.warning, "recipe '\(recipe.title)': the link '\(ingredient.link ?? "")' of ingredient '\(ingredient.name)' is left out: Cooklang links a recipe by a relative path ending in the ingredient's name"))
        }
        var unusedGroups = recipe.ingredientGroups
        var sections: [(title: String?, directions: [String], ingredients: [Ingredient])] = [(nil, recipe.directions, recipe.ingredients)]
        var extraSections: [(title: String?, directions: [String], ingredients: [Ingredient])] = []
        for group in recipe.directionGroups {
            var ingredients: [Ingredient] = []
            if let match = unusedGroups.firstIndex(where: { $0.title == group.title }) {
                ingredients = unusedGroups.remove(at: match).allIngredients
            }
            extraSections.append((group.title, group.directions, ingredients))
        }
        for group in unusedGroups {
            sections.append((group.title, [], group.allIngredients))
        }
        sections += extraSections
        var directionIndex = 0
        var placedNotes = Set<Int>()
        for section in sections {
            if let title = section.title {
                text += "\n= " + (title.isEmpty ? "" : CooklangEscaper.text(ArraySlice(title.utf8), atLineStart: false) + " ") + "=\n"
            }
            var markup = CooklangStepMarkup(steps: section.directions)
            let unnamed = markup.place(section.ingredients)
            for (offset, _) in section.directions.enumerated() {
                let step = directionIndex + offset
                for item in cookware where Self.number("step", item) == step {
                    let name = Self.string("name", item) ?? ""
                    let quantity = Self.string("quantity", item)
                    guard CooklangEscaper.isWritableName(name), CooklangEscaper.isWritableBraces(quantity ?? "") else { continue }
                    _ = markup.place("#" + name + "{" + (quantity ?? "") + "}", showing: name, inStep: offset)
                }
                for item in timers where Self.number("step", item) == step {
                    let name = Self.string("name", item) ?? ""
                    let quantity = Self.string("quantity", item)
                    let unit = Self.string("unit", item)
                    let shown = quantity.map { q in unit.map { q + " " + $0 } ?? q } ?? name
                    guard name.isEmpty || CooklangEscaper.isWritableName(name),
                          CooklangEscaper.isWritableBraces(quantity ?? ""), CooklangEscaper.isWritableBraces(unit ?? "") else { continue }
                    let braces = quantity.map { "{" + $0 + (unit.map { "%" + $0 } ?? "") + "}" } ?? "{}"
                    _ = markup.place("~" + name + braces, showing: shown, inStep: offset)
                }
            }
            if !unnamed.isEmpty {
                text += "\n" + CooklangStep.listMarker + "\n" + list(unnamed) + "\n"
            }
            for (offset, step) in markup.written().enumerated() {
                for (index, note) in notes.enumerated() where Self.number("before", note) == directionIndex + offset && !placedNotes.contains(index) {
                    placedNotes.insert(index)
                    text += "\n> " + CooklangEscaper.text(ArraySlice((Self.string("text", note) ?? "").utf8), atLineStart: false) + "\n"
                }
                text += "\n" + step + "\n"
            }
            directionIndex += section.directions.count
        }
        for (index, note) in notes.enumerated() where !placedNotes.contains(index) {
            text += "\n> " + CooklangEscaper.text(ArraySlice((Self.string("text", note) ?? "").utf8), atLineStart: false) + "\n"
        }
        return text
    }

    /// The ingredients no step names, as one step: `@flour{250%g}, @salt{}`; an ingredient
    /// whose name braces cannot hold is written as text, with a warning.
    private mutating func list(_ ingredients: [Ingredient]) -> String {
        ingredients.map { ingredient in
            if let markup = CooklangStepMarkup.markup(ingredient) { return markup }
            diagnostics.append(Diagnostic(.warning, "ingredient '\(ingredient.name)' cannot be written as Cooklang markup (its name, quantity, unit, note or link does not fit); written as text"))
            return CooklangEscaper.text(ArraySlice(ingredient.name.utf8), atLineStart: false)
        }.joined(separator: ", ")
    }

    /// The source the recipe was read from, when reading it again gives the recipe unchanged.
    private func keptSource(_ recipe: Recipe) -> String? {
        guard let source = recipe.extras[CooklangRecipeMapper.sourceKey]?.string,
              var again = try? CooklangReader.recipe(Array(source.utf8), title: recipe.title, id: recipe.id) else { return nil }
        guard again.extras[CooklangRecipeMapper.extrasKey] == recipe.extras[CooklangRecipeMapper.extrasKey] else { return nil }
        again.extras = recipe.extras
        return again == recipe ? source : nil
    }

    private static func list(_ key: String, in members: [OpaqueMember]) -> [OpaqueValue] {
        members.first { $0.key == key }?.value.elements ?? []
    }

    private static func string(_ key: String, _ value: OpaqueValue) -> String? {
        value.members?.first { $0.key == key }?.value.string
    }

    private static func number(_ key: String, _ value: OpaqueValue) -> Int? {
        guard case .number(let text)? = value.members?.first(where: { $0.key == key })?.value else { return nil }
        return Int(text)
    }
}
