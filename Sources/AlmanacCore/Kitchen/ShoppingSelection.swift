/// The recipes a shopping list is for, chosen from a stream of items:
/// - when an event names recipes (a meal, ``Event/recipes``), the recipes of the meals, in
///   the order of the meals, each as many times as meals serve it; other recipes of the
///   stream are not shopped for. A meal's recipe is found among the items, else in the
///   recipe book (recipes the inputs held that a step dropped);
/// - else every recipe of the stream, each as often as it is there.
public struct ShoppingSelection: Hashable, Sendable {
    /// A meal naming a recipe neither the items nor the book hold.
    public struct MissingRecipe: Hashable, Sendable {
        /// The meal's index in the items.
        public var itemIndex: Int
        /// The recipe id it names.
        public var recipeID: String

        public init(itemIndex: Int, recipeID: String) {
            self.itemIndex = itemIndex
            self.recipeID = recipeID
        }
    }

    /// The recipes to shop for, a recipe served twice twice.
    public var recipes: [Recipe]
    /// Whether they are the meals' recipes (else the stream's).
    public var fromMeals: Bool
    /// Recipes meals name that are nowhere, in the order of the meals.
    public var missing: [MissingRecipe]
    /// The day of the earliest meal with a start, the list's natural day.
    public var firstMealDay: CivilDate?

    /// The selection from `items`, meals' recipes also looked up in `recipeBook`.
    public init(items: [Item], recipeBook: [Recipe] = []) {
        var known: [String: Recipe] = [:]
        var streamRecipes: [Recipe] = []
        var meals: [(index: Int, event: Event)] = []
        for (index, item) in items.enumerated() {
            switch item {
            case .recipe(let recipe):
                streamRecipes.append(recipe)
                if known[recipe.id] == nil { known[recipe.id] = recipe }
            case .event(let event):
                if !event.recipes.isEmpty { meals.append((index, event)) }
            }
        }
        missing = []
        firstMealDay = nil
        fromMeals = !meals.isEmpty
        guard fromMeals else {
            recipes = streamRecipes
            return
        }
        for recipe in recipeBook where known[recipe.id] == nil { known[recipe.id] = recipe }
        recipes = []
        for (index, event) in meals {
            if let day = event.start?.day, firstMealDay.map({ day < $0 }) ?? true { firstMealDay = day }
            for id in event.recipes {
                if let recipe = known[id] {
                    recipes.append(recipe)
                } else {
                    missing.append(MissingRecipe(itemIndex: index, recipeID: id))
                }
            }
        }
    }

    /// The selection from a document's items, meals' recipes also looked up among its
    /// ``AlmanacDocument/referencedRecipes`` (as ``AlmanacDocument/mealRecipe(id:)`` does).
    public init(document: AlmanacDocument) {
        self.init(items: document.items, recipeBook: document.referencedRecipes)
    }
}
