import Foundation

/// A recipe: what it makes, what goes in, and how.
public struct Recipe: Identifiable, Hashable, Sendable, Codable {
    public var id: String
    public var title: String
    /// A short description.
    public var summary: String?
    /// What the recipe makes, such as 4 servings; several when a source lists several.
    public var yields: [Yield]
    public var prepTime: ISODuration?
    public var cookTime: ISODuration?
    public var totalTime: ISODuration?
    /// Ingredients outside any group.
    public var ingredients: [Ingredient]
    /// Titled, nestable groups of ingredients.
    public var ingredientGroups: [IngredientGroup]
    /// Steps outside any section.
    public var directions: [String]
    /// Titled sections of steps.
    public var directionGroups: [DirectionGroup]
    /// Stars, 0 to 5 (the `rating-range` rule checks it).
    public var rating: Int?
    public var isFavorite: Bool
    /// Collections the recipe belongs to, such as "Weeknight dinners".
    public var collections: [String]
    public var tags: [String]
    /// Where the recipe came from (a URL or a book).
    public var source: String?
    /// Image URLs or paths.
    public var images: [String]
    /// When the recipe was first saved; `nil` for a recipe never saved.
    public var dateAdded: CalendarTime?
    public var dateModified: CalendarTime?
    /// What the source said that the model has no field for.
    public var extras: Extras

    /// Creates a recipe; everything but the id and title starts empty.
    public init(
        id: String, title: String, summary: String? = nil, yields: [Yield] = [],
        prepTime: ISODuration? = nil, cookTime: ISODuration? = nil, totalTime: ISODuration? = nil,
        ingredients: [Ingredient] = [], ingredientGroups: [IngredientGroup] = [],
        directions: [String] = [], directionGroups: [DirectionGroup] = [],
        rating: Int? = nil, isFavorite: Bool = false, collections: [String] = [], tags: [String] = [],
        source: String? = nil, images: [String] = [], dateAdded: CalendarTime? = nil,
        dateModified: CalendarTime? = nil, extras: Extras = Extras()
    ) {
        self.id = id
        self.title = title
        self.summary = summary
        self.yields = yields
        self.prepTime = prepTime
        self.cookTime = cookTime
        self.totalTime = totalTime
        self.ingredients = ingredients
        self.ingredientGroups = ingredientGroups
        self.directions = directions
        self.directionGroups = directionGroups
        self.rating = rating
        self.isFavorite = isFavorite
        self.collections = collections
        self.tags = tags
        self.source = source
        self.images = images
        self.dateAdded = dateAdded
        self.dateModified = dateModified
        self.extras = extras
    }

    /// The empty template a new recipe starts from: a fresh id, no title, never saved.
    public static func empty(id: String = UUID().uuidString) -> Recipe {
        Recipe(id: id, title: "")
    }

    /// Whether the recipe was never saved (it has no `dateAdded`).
    public var isNew: Bool { dateAdded == nil }

    /// Every ingredient, ungrouped ones first, then each group's depth first.
    public var allIngredients: [Ingredient] {
        ingredients + ingredientGroups.flatMap(\.allIngredients)
    }

    /// Every step, ungrouped ones first, then each section's.
    public var allDirections: [String] {
        directions + directionGroups.flatMap(\.directions)
    }
}
