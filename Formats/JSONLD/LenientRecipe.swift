import AlmanacCore
import AlmanacJSONKit

/// What the `html` reader accepts in a Recipe object beyond what `jsonld` does, as
/// sites really write it: `@type` in another case (`"recipe"`), and a number or a
/// boolean where schema.org wants text (`"recipeCategory": 3`, a number among the
/// `recipeIngredient`s). Each is read as text with a warning at its place; the Recipe
/// is otherwise left as it is for ``RecipeReader``.
enum LenientRecipe {
    /// The properties whose values (or list elements) are text.
    static let textProperties: Set<String> = ["name", "description", "recipeCategory", "keywords", "recipeIngredient", "ingredients"]

    /// `object` with its `@type` and text properties repaired (on a copy of its tape, each
    /// value at its place), and a warning for each repair.
    static func repaired(_ object: JSONValue, source: JSONLDSource, sourceName: String) -> (JSONValue, [Diagnostic]) {
        guard let members = object.members else { return (object, []) }
        var tape = object.tape
        var diagnostics: [Diagnostic] = []
        func warn(_ message: String, at value: JSONValue) {
            diagnostics.append(Diagnostic(.warning, message, source: sourceName, position: source.position(of: value)))
        }
        for member in members {
            let value = member.value
            if member.key == "@type" {
                for item in value.elements ?? [value] {
                    guard let name = item.string, RecipeFinder.isRecipeType(name, anyCase: true), !RecipeFinder.isRecipeType(name, anyCase: false) else { continue }
                    warn("'@type' \"\(name)\" read as \"Recipe\"", at: item)
                    tape.replace(item.index, withString: "Recipe")
                }
            } else if textProperties.contains(member.key) {
                for item in value.elements ?? [value] {
                    let spelled: String
                    switch item.kind {
                    case .number(let number): spelled = number
                    case .bool(let flag): spelled = flag ? "true" : "false"
                    default: continue
                    }
                    warn("'\(member.key)' is \(item.typeName) (\(spelled)) where schema.org wants text; read as \"\(spelled)\"", at: item)
                    tape.replace(item.index, withString: spelled)
                }
            }
        }
        return (JSONValue(tape: tape, index: object.index), diagnostics)
    }
}
