import AlmanacCore

/// Maps a read Cooklang file to the model's ``Recipe``.
///
/// Steps become `directions`; a section (`= Dough =`) becomes a `directionGroups` section
/// and, when its steps name ingredients, the `ingredientGroups` group of the same title. Every
/// ingredient the steps name is an ingredient, in order, repeats included (as cooklang-rs lists
/// them). Metadata with a model field fills it; the rest, cookware, timers and notes are kept
/// in the recipe's extras under `cooklang`, and the file itself under `cooklang-source`.
struct CooklangRecipeMapper {
    static let extrasKey = "cooklang"
    static let sourceKey = "cooklang-source"

    /// The title when the metadata has none, and the id when it has none.
    var fallbackTitle: String
    var fallbackID: String

    func recipe(_ parsed: CooklangParsedRecipe, source text: String) -> Recipe {
        var recipe = Recipe(id: fallbackID, title: fallbackTitle)
        var kept = CooklangMetadataMapping.apply(parsed.metadata, to: &recipe)
        var cookware: [OpaqueValue] = []
        var timers: [OpaqueValue] = []
        var notes: [OpaqueValue] = []
        var directionCount = 0
        for (index, section) in parsed.sections.enumerated() {
            var directions: [String] = []
            var ingredients: [Ingredient] = []
            for block in section.blocks {
                switch block {
                case .note(let note):
                    notes.append(.object([OpaqueMember("before", .number(String(directionCount))), OpaqueMember("text", .string(note))]))
                case .step(let step):
                    for item in step.items {
                        switch item {
                        case .text: break
                        case .ingredient(let component): ingredients.append(Self.ingredient(component))
                        case .cookware(let component): cookware.append(Self.kept(component, step: directionCount))
                        case .timer(let component): timers.append(Self.kept(component, step: directionCount))
                        }
                    }
                    guard !step.listsIngredients else { continue }
                    directions.append(step.plainText)
                    directionCount += 1
                }
            }
            if index == 0, section.title == nil {
                recipe.directions = directions
                recipe.ingredients = ingredients
                continue
            }
            let title = section.title ?? ""
            if !directions.isEmpty || ingredients.isEmpty { recipe.directionGroups.append(DirectionGroup(title: title, directions: directions)) }
            if !ingredients.isEmpty { recipe.ingredientGroups.append(IngredientGroup(title: title, ingredients: ingredients)) }
        }
        if !cookware.isEmpty { kept.append(OpaqueMember("cookware", .array(cookware))) }
        if !timers.isEmpty { kept.append(OpaqueMember("timers", .array(timers))) }
        if !notes.isEmpty { kept.append(OpaqueMember("notes", .array(notes))) }
        if !kept.isEmpty { recipe.extras[Self.extrasKey] = .object(kept) }
        recipe.extras[Self.sourceKey] = .string(text)
        return recipe
    }

    /// An ingredient of the model; a quantity that is no number is kept in its extras.
    static func ingredient(_ component: CooklangComponent) -> Ingredient {
        var ingredient = Ingredient(unit: component.unit, name: component.name, note: component.note, link: component.reference, fixed: component.fixed)
        switch component.quantity {
        case .number(let value): ingredient.amount = value
        case .text(let text): ingredient.extras[extrasKey] = .object([OpaqueMember("quantity", .string(text))])
        case nil: break
        }
        return ingredient
    }

    /// Cookware or a timer as kept in the extras: the direction it is in, its name, quantity and unit.
    private static func kept(_ component: CooklangComponent, step: Int) -> OpaqueValue {
        var members = [OpaqueMember("step", .number(String(step))), OpaqueMember("name", .string(component.name))]
        if let quantity = component.quantity { members.append(OpaqueMember("quantity", .string(quantity.text))) }
        if let unit = component.unit { members.append(OpaqueMember("unit", .string(unit))) }
        return .object(members)
    }

    /// The title a file's name gives: its last part without the extension (`Hollandaise` for
    /// `sauces/Hollandaise.cook`); empty for standard input.
    static func title(fromSource source: String) -> String {
        guard source != "<stdin>", source != "-" else { return "" }
        var name = Substring(source.split(separator: "/", omittingEmptySubsequences: false).last ?? Substring(source))
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = name[..<dot] }
        return String(name)
    }
}
