import AlmanacCore
import AlmanacJSONValue

/// What the `html` reader accepts in a Recipe object beyond what `jsonld` does, as
/// sites really write it: `@type` in another case (`"recipe"`), and a number or a
/// boolean where schema.org wants text (`"recipeCategory": 3`, a number among the
/// `recipeIngredient`s). Each is read as text with a warning at its place; the Recipe
/// is otherwise left as it is for ``RecipeReader``.
enum LenientRecipe {
    /// The properties whose values (or list elements) are text.
    static let textProperties: Set<String> = ["name", "description", "recipeCategory", "keywords", "recipeIngredient", "ingredients"]

    /// `object` with its `@type` and text properties repaired, and a warning for each repair.
    static func repaired(_ object: JSONValue, source: JSONLDSource, sourceName: String) -> (JSONValue, [Diagnostic]) {
        guard var members = object.members else { return (object, []) }
        var diagnostics: [Diagnostic] = []
        func warn(_ message: String, at value: JSONValue) {
            diagnostics.append(Diagnostic(.warning, message, source: sourceName, position: source.position(of: value)))
        }
        for index in members.indices {
            let key = members[index].key
            let value = members[index].value
            if key == "@type" {
                members[index].value = recipeType(value, warn: warn)
            } else if textProperties.contains(key) {
                if let elements = value.elements {
                    var copy = value
                    copy.kind = .array(elements.map { text($0, key: key, warn: warn) })
                    members[index].value = copy
                } else {
                    members[index].value = text(value, key: key, warn: warn)
                }
            }
        }
        var result = object
        result.kind = .object(members)
        return (result, diagnostics)
    }

    /// `Recipe` for a type written `recipe` (any case, also as `schema:` or the IRI).
    private static func recipeType(_ value: JSONValue, warn: (String, JSONValue) -> Void) -> JSONValue {
        func fixed(_ item: JSONValue) -> JSONValue {
            guard let name = item.string, RecipeFinder.isRecipeType(name, anyCase: true), !RecipeFinder.isRecipeType(name, anyCase: false) else { return item }
            warn("'@type' \"\(name)\" read as \"Recipe\"", item)
            var copy = item
            copy.kind = .string("Recipe")
            return copy
        }
        guard let elements = value.elements else { return fixed(value) }
        var copy = value
        copy.kind = .array(elements.map(fixed))
        return copy
    }

    /// A number or boolean as its text; anything else as it is.
    private static func text(_ value: JSONValue, key: String, warn: (String, JSONValue) -> Void) -> JSONValue {
        let spelled: String
        switch value.kind {
        case .number(let number): spelled = number
        case .bool(let flag): spelled = flag ? "true" : "false"
        default: return value
        }
        warn("'\(key)' is \(value.kindDescription) (\(spelled)) where schema.org wants text; read as \"\(spelled)\"", value)
        var copy = value
        copy.kind = .string(spelled)
        return copy
    }
}
