import AlmanacJSONValue

/// Finds the schema.org Recipe objects in a JSON-LD value: the value itself, the
/// elements of a list, the nodes of an `@graph`, or an item's `mainEntity`, in document order.
enum RecipeFinder {
    /// How deep lists, graphs and main entities are searched.
    private static let maximumDepth = 16

    /// Every Recipe object in `root`, in document order.
    static func recipes(in root: JSONValue) -> [JSONValue] {
        var found: [JSONValue] = []
        visit(root, depth: 0, into: &found)
        return found
    }

    private static func visit(_ value: JSONValue, depth: Int, into found: inout [JSONValue]) {
        guard depth < maximumDepth else { return }
        switch value.kind {
        case .array(let elements):
            for element in elements { visit(element, depth: depth + 1, into: &found) }
        case .object:
            if isRecipe(value) {
                found.append(value)
                return
            }
            for key in ["@graph", "mainEntity"] {
                if let inner = value[key] { visit(inner, depth: depth + 1, into: &found) }
            }
        default:
            return
        }
    }

    /// Whether `value` is an object whose `@type` is `Recipe` or a list holding it
    /// (also written `schema:Recipe` or as the full schema.org IRI).
    static func isRecipe(_ value: JSONValue) -> Bool {
        guard let type = value["@type"] else { return false }
        switch type.kind {
        case .string(let name): return isRecipeType(name)
        case .array(let names): return names.contains { $0.string.map(isRecipeType) ?? false }
        default: return false
        }
    }

    private static func isRecipeType(_ name: String) -> Bool {
        ["Recipe", "schema:Recipe", "http://schema.org/Recipe", "https://schema.org/Recipe"].contains(name)
    }
}
