import AlmanacCore
import AlmanacJSON
import AlmanacTestSupport
import Foundation
import Testing
@testable import AlmanacCooklang

/// What the Cooklang tests share: the codec, samples, and recipe comparisons.
enum CooklangTesting {
    static let codec = CooklangCodec()

    /// The recipes of `Samples/recipes.json`.
    static func sampleRecipes() throws -> [Recipe] {
        let bytes = try Array(Data(contentsOf: TestPaths.sample("recipes.json")))
        return try JSONCodec().decode(bytes, source: "recipes.json").document.recipes
    }

    /// Recipes that need the writer's care: names in the steps, repeats, text to escape, a
    /// fixed amount, a reference, a unit without amount, groups without a section.
    static let modelRecipes: [Recipe] = [
        Recipe(
            id: "pancakes", title: "Pancakes", summary: "Fluffy: the best #1 pancakes", yields: [Yield(amount: 4, unit: "servings")],
            prepTime: ISODuration(minutes: 10), cookTime: ISODuration(minutes: 90),
            ingredients: [Ingredient(name: "maple syrup"), Ingredient(amount: 250, unit: "g", name: "flour"), Ingredient(amount: 2, name: "eggs", note: "beaten"),
                          Ingredient(amount: 1, unit: "pinch", name: "salt", fixed: true), Ingredient(amount: 100, unit: "g", name: "flour"),
                          Ingredient(amount: 0.5, unit: "cup", name: "Hollandaise", link: "./sauces/Hollandaise")],
            ingredientGroups: [IngredientGroup(title: "Topping", ingredients: [Ingredient(amount: 1.0 / 3, unit: "cup", name: "berries")])],
            directions: ["Whisk the flour, eggs and salt -- no lumps [-ok-]", "Add the flour (sifted) @ home ~ 5 #2", "= not a section", "> not a note\nsecond line", "Serve with Hollandaise."],
            directionGroups: [DirectionGroup(title: "Batter", directions: ["Rest\\wait."])],
            tags: ["breakfast", "quick, easy"], source: "https://example.com/pancakes"
        ),
    ]

    /// The recipe `source` holds as if it came from elsewhere: without its kept source.
    static func freshRecipe(_ source: String) throws -> Recipe {
        var recipe = try read(source, title: "Generated")
        recipe.extras[CooklangRecipeMapper.sourceKey] = nil
        return recipe
    }

    static func read(_ text: String, title: String) throws -> Recipe {
        try CooklangReader.recipe(Array(text.utf8), title: title, id: "fallback")
    }

    static func write(_ recipe: Recipe) throws -> String {
        String(decoding: try codec.encode(AlmanacDocument(recipes: [recipe]), options: EncodingOptions()).bytes, as: UTF8.self)
    }

    /// The recipe without what only its extras and grouping say: ingredient groups flattened
    /// (a nested group's ingredients in its parent) and sorted by title, durations as lengths.
    struct Comparable: Equatable {
        var id, title: String
        var summary, source: String?
        var yields: [Yield]
        var times: [Int?]
        var ingredients: [Ingredient]
        var groups: [String: [Ingredient]]
        var directions: [String]
        var directionGroups: [DirectionGroup]
        var tags, images, collections: [String]
        var rating: Int?
        var favorite: Bool
        var dates: [CalendarTime?]

        init(_ recipe: Recipe) {
            id = recipe.id
            title = recipe.title
            summary = recipe.summary
            source = recipe.source
            yields = recipe.yields
            times = [recipe.prepTime, recipe.cookTime, recipe.totalTime].map { $0?.totalSeconds }
            func plain(_ ingredient: Ingredient) -> Ingredient {
                var copy = ingredient
                if !CooklangStepMarkup.canWriteLink(ingredient) { copy.link = nil }
                copy.extras = Extras()
                return copy
            }
            ingredients = recipe.ingredients.map(plain)
            groups = Dictionary(recipe.ingredientGroups.map { ($0.title, $0.allIngredients.map(plain)) }, uniquingKeysWith: +)
            directions = recipe.directions.map { CooklangText.trimmed($0.replacingOccurrences(of: "\n", with: " ")) }
            directionGroups = recipe.directionGroups.map { DirectionGroup(title: $0.title, directions: $0.directions.map { CooklangText.trimmed($0.replacingOccurrences(of: "\n", with: " ")) }) }
            tags = recipe.tags
            images = recipe.images
            collections = recipe.collections
            rating = recipe.rating
            favorite = recipe.isFavorite
            dates = [recipe.dateAdded, recipe.dateModified]
        }
    }

    /// `actual` is `expected` in all the peer and the model can tell apart (``Comparable``).
    static func expectSameRecipe(_ actual: Recipe, _ expected: Recipe, _ name: String) {
        let mine = Comparable(actual)
        let wanted = Comparable(expected)
        #expect(mine == wanted, "\(name):\n\(mine)\nexpected\n\(wanted)")
    }
}
