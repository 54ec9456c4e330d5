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

    /// The recipe of a file read whole.
    func recipe(_ parsed: CooklangParsedRecipe, source text: String) -> Recipe {
        var builder = CooklangRecipeBuilder(mapper: self)
        for section in parsed.sections {
            builder.section(section.title)
            for block in section.blocks {
                switch block {
                case .note(let text): builder.note(text)
                case .step(let step): builder.add(step)
                }
            }
        }
        return builder.recipe(metadata: parsed.metadata, source: text)
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

    /// Cookware or a timer as kept in the extras: the direction it is in (`step`, a number),
    /// its name, quantity and unit, the texts made by `value`.
    static func kept(_ component: CooklangComponent, step: OpaqueValue, value: (String) -> OpaqueValue) -> OpaqueValue {
        var members: [OpaqueMember] = []
        members.reserveCapacity(2 + (component.quantity == nil ? 0 : 1) + (component.unit == nil ? 0 : 1))
        members.append(OpaqueMember("step", step))
        members.append(OpaqueMember("name", value(component.name)))
        if let quantity = component.quantity { members.append(OpaqueMember("quantity", value(quantity.text))) }
        if let unit = component.unit { members.append(OpaqueMember("unit", value(unit))) }
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
