import AlmanacCore

/// Places ingredients in nested groups by the titles of the headings above them.
enum IngredientGroupPath {
    /// Starts a new group at `path` (its titles from the outermost in), inside the last
    /// groups with the outer titles (made when missing).
    static func open(_ path: [String], in groups: inout [IngredientGroup]) {
        guard let first = path.first else { return }
        if path.count == 1 {
            groups.append(IngredientGroup(title: first))
            return
        }
        let index = lastIndex(of: first, in: &groups)
        open(Array(path.dropFirst()), in: &groups[index].ingredientGroups)
    }

    /// Adds `ingredient` to the last group at `path`.
    static func append(_ ingredient: Ingredient, at path: [String], in groups: inout [IngredientGroup]) {
        guard let first = path.first else { return }
        let index = lastIndex(of: first, in: &groups)
        if path.count == 1 {
            groups[index].ingredients.append(ingredient)
        } else {
            append(ingredient, at: Array(path.dropFirst()), in: &groups[index].ingredientGroups)
        }
    }

    /// The headings and ingredients of `groups` in order, as `recipeIngredient` lines.
    static func lines(of groups: [IngredientGroup], path: [String] = [], line: (Ingredient) -> String) -> [String] {
        var lines: [String] = []
        for group in groups {
            let inner = path + [group.title]
            lines.append(IngredientText.heading(inner))
            lines += group.ingredients.map(line)
            lines += Self.lines(of: group.ingredientGroups, path: inner, line: line)
        }
        return lines
    }

    private static func lastIndex(of title: String, in groups: inout [IngredientGroup]) -> Int {
        if let index = groups.lastIndex(where: { $0.title == title }) { return index }
        groups.append(IngredientGroup(title: title))
        return groups.count - 1
    }
}
