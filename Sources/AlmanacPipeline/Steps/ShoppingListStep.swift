import AlmanacCore

/// `shopping-list`: replaces the recipes in the stream with one event whose tasks are their
/// ingredients summed (``ShoppingList``), made from the meals' recipes when the stream holds
/// meals (``ShoppingSelection``). Events stay; the list is added last.
public struct ShoppingListStep: PipelineStep {
    /// The list's title.
    public let title: String
    /// The list's day or time; `nil` takes the day of the first meal, else today.
    public let start: CalendarTime?

    public init(title: String = ShoppingList.defaultTitle, start: CalendarTime? = nil) {
        self.title = title
        self.start = start
    }

    /// A meal naming a recipe no input holds is a warning; nothing to shop for throws
    /// ``ExitStatus/dataError``.
    public func apply(to state: inout PipelineState) throws {
        let selection = ShoppingSelection(items: state.items.map(\.item), recipeBook: state.recipeBook)
        let warnings = selection.missing.map { missing in
            let meal = state.items[missing.itemIndex]
            return Diagnostic(
                .warning, "shopping-list: the meal '\(meal.item.title)' (\(meal.item.id)) names the recipe '\(missing.recipeID)', which no input holds; it is left out of the list",
                source: meal.source, position: meal.position, item: ItemReference(meal.item))
        }
        guard !selection.recipes.isEmpty else {
            let what = selection.fromMeals ? "no input holds the recipes its meals name" : "it holds no recipes and no meals"
            throw AlmanacError(.dataError, message: "shopping-list: nothing to shop for: \(what)", diagnostics: warnings)
        }
        state.warnings += warnings
        let list = ShoppingList(recipes: selection.recipes)
        let day = start ?? .date(selection.firstMealDay ?? ValidationSettings.currentDay())
        state.items.removeAll { $0.item.kind == .recipe }
        state.items.append(LocatedItem(.event(list.event(title: title, start: day))))
    }
}
