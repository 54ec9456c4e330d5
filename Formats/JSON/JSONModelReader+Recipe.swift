import AlmanacCore
import AlmanacJSONKit

extension JSONModelReader {
    mutating func recipe(_ reader: JSONObjectReader) throws -> Recipe {
        var object = reader
        let id = try object.string("id") ?? object.generatedID
        var recipe = Recipe(id: id, title: try object.requiredString("title", in: "recipe"))
        recipe.summary = try object.string("summary")
        recipe.yields = try object.objects("yields").map { try yield($0) }
        recipe.prepTime = try object.duration("prepTime")
        recipe.cookTime = try object.duration("cookTime")
        recipe.totalTime = try object.duration("totalTime")
        recipe.ingredients = try object.objects("ingredients").map { try ingredient($0) }
        recipe.ingredientGroups = try object.objects("ingredientGroups").map { try ingredientGroup($0) }
        recipe.directions = try object.strings("directions")
        recipe.directionGroups = try object.objects("directionGroups").map { try directionGroup($0) }
        recipe.rating = try object.integer("rating")
        recipe.isFavorite = try object.bool("isFavorite") ?? false
        recipe.collections = try object.strings("collections")
        recipe.tags = try object.strings("tags")
        recipe.source = try object.string("source")
        recipe.images = try object.strings("images")
        recipe.dateAdded = try object.calendarTime("dateAdded")
        recipe.dateModified = try object.calendarTime("dateModified")
        recipe.extras = try object.extras()
        return recipe
    }

    private mutating func yield(_ reader: JSONObjectReader) throws -> Yield {
        var object = reader
        let yield = Yield(amount: try object.double("amount"), unit: try object.string("unit"))
        diagnostics += object.unusedKeyWarnings(source: source)
        return yield
    }

    private mutating func ingredient(_ reader: JSONObjectReader) throws -> Ingredient {
        var object = reader
        return Ingredient(
            amount: try object.double("amount"),
            unit: try object.string("unit"),
            name: try object.requiredString("name", in: "ingredient"),
            note: try object.string("note"),
            link: try object.string("link"),
            fixed: try object.bool("fixed") ?? false,
            extras: try object.extras()
        )
    }

    private mutating func ingredientGroup(_ reader: JSONObjectReader) throws -> IngredientGroup {
        var object = reader
        let group = IngredientGroup(
            title: try object.requiredString("title", in: "ingredient group"),
            ingredients: try object.objects("ingredients").map { try ingredient($0) },
            ingredientGroups: try object.objects("ingredientGroups").map { try ingredientGroup($0) }
        )
        diagnostics += object.unusedKeyWarnings(source: source)
        return group
    }

    private mutating func directionGroup(_ reader: JSONObjectReader) throws -> DirectionGroup {
        var object = reader
        let group = DirectionGroup(
            title: try object.requiredString("title", in: "direction group"),
            directions: try object.strings("directions")
        )
        diagnostics += object.unusedKeyWarnings(source: source)
        return group
    }
}
