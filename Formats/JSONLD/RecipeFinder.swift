import AlmanacJSONKit

/// Finds the schema.org Recipe objects in a JSON-LD value: the value itself, the
/// elements of a list, the nodes of an `@graph`, or an item's `mainEntity`, in document order.
enum RecipeFinder {
    /// How deep lists, graphs and main entities are searched.
    private static let maximumDepth = 16

    /// Every Recipe object in `root`, in document order; with `anyCase`, also those
    /// whose `@type` is written in another case (`"recipe"`, as the `html` reader accepts).
    static func recipes(in root: JSONValue, anyCase: Bool = false) -> [JSONValue] {
        var found: [JSONValue] = []
        visit(root, depth: 0, anyCase: anyCase, into: &found)
        return found
    }

    private static func visit(_ value: JSONValue, depth: Int, anyCase: Bool, into found: inout [JSONValue]) {
        guard depth < maximumDepth else { return }
        switch value.kind {
        case .array(let elements):
            for element in elements { visit(element, depth: depth + 1, anyCase: anyCase, into: &found) }
        case .object:
            if isRecipe(value, anyCase: anyCase) {
                found.append(value)
                return
            }
            for key in ["@graph", "mainEntity"] {
                if let inner = value[key] { visit(inner, depth: depth + 1, anyCase: anyCase, into: &found) }
            }
        default:
            return
        }
    }

    /// Whether `value` is an object whose `@type` is `Recipe` or a list holding it
    /// (also written `schema:Recipe` or as the full schema.org IRI).
    static func isRecipe(_ value: JSONValue, anyCase: Bool = false) -> Bool {
        guard let type = value["@type"] else { return false }
        switch type.kind {
        case .string(let name): return isRecipeType(name, anyCase: anyCase)
        case .array(let names): return names.contains { $0.string.map { isRecipeType($0, anyCase: anyCase) } ?? false }
        default: return false
        }
    }

    /// Whether `name` names schema.org's Recipe; with `anyCase`, in any case of letters.
    static func isRecipeType(_ name: String, anyCase: Bool = false) -> Bool {
        guard anyCase else { return recipeTypeNames.contains(name) }
        return lowercaseRecipeTypeNames.contains(name.lowercased())
    }

    private static let recipeTypeNames: Set<String> = ["Recipe", "schema:Recipe", "http://schema.org/Recipe", "https://schema.org/Recipe"]
    private static let lowercaseRecipeTypeNames = Set(recipeTypeNames.map { $0.lowercased() })
}
