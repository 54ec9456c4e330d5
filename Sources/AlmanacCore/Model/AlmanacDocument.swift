/// What one or more input files hold: any number of recipes and events.
public struct AlmanacDocument: Hashable, Sendable, Codable {
    public var recipes: [Recipe]
    public var events: [Event]
    /// What the source said at document level that the model has no field for.
    public var extras: Extras
    /// Recipes the events name (a meal's ``Event/recipes``) that are not items of the
    /// document, such as those a pipeline step filtered out: writers use them for the
    /// meals' details and never write them as items.
    public var referencedRecipes: [Recipe]

    public init(recipes: [Recipe] = [], events: [Event] = [], extras: Extras = Extras(), referencedRecipes: [Recipe] = []) {
        self.recipes = recipes
        self.events = events
        self.extras = extras
        self.referencedRecipes = referencedRecipes
    }

    /// A document holding `items` in their order (recipes and events each keep theirs).
    public init(items: [Item]) {
        self.init()
        for item in items { append(item) }
    }

    /// Whether the document holds no item.
    public var isEmpty: Bool { recipes.isEmpty && events.isEmpty }

    /// Every item: the recipes, then the events.
    public var items: [Item] {
        recipes.map(Item.recipe) + events.map(Item.event)
    }

    /// Adds one item at the end of its kind's list.
    public mutating func append(_ item: Item) {
        switch item {
        case .recipe(let recipe): recipes.append(recipe)
        case .event(let event): events.append(event)
        }
    }

    /// Appends `other`'s items after this document's; document-level extras
    /// already present here win over `other`'s.
    public mutating func merge(_ other: AlmanacDocument) {
        recipes += other.recipes
        events += other.events
        extras.entries.merge(other.extras.entries) { mine, _ in mine }
    }

    /// The first recipe with this id.
    public func recipe(id: String) -> Recipe? {
        recipes.first { $0.id == id }
    }

    /// The recipe a meal names: an item of the document, else a referenced recipe.
    public func mealRecipe(id: String) -> Recipe? {
        recipe(id: id) ?? referencedRecipes.first { $0.id == id }
    }

    /// The first event with this id.
    public func event(id: String) -> Event? {
        events.first { $0.id == id }
    }

    /// Recipes marked as favorites.
    public var favoriteRecipes: [Recipe] { recipes.filter(\.isFavorite) }

    /// Recipes in a collection (names compare exactly).
    public func recipes(inCollection name: String) -> [Recipe] {
        recipes.filter { $0.collections.contains(name) }
    }

    /// Every collection name used, sorted.
    public var collectionNames: [String] {
        Array(Set(recipes.flatMap(\.collections))).sorted()
    }
}
