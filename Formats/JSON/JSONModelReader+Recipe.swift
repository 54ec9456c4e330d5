import AlmanacCore
import AlmanacJSONKit

extension JSONModelReader {
    /// The fields of a recipe as read.
    private struct RecipeFields {
        var id = JSONRead<String?>.success(nil), title = JSONRead<String?>.success(nil), summary = JSONRead<String?>.success(nil)
        var yields = JSONRead<JSONObjects<Yield>>.success(JSONObjects())
        var prepTime = JSONRead<ISODuration?>.success(nil), cookTime = JSONRead<ISODuration?>.success(nil), totalTime = JSONRead<ISODuration?>.success(nil)
        var ingredients = JSONRead<JSONObjects<Ingredient>>.success(JSONObjects())
        var ingredientGroups = JSONRead<JSONObjects<IngredientGroup>>.success(JSONObjects())
        var directions = JSONRead<[String]>.success([])
        var directionGroups = JSONRead<JSONObjects<DirectionGroup>>.success(JSONObjects())
        var rating = JSONRead<Int?>.success(nil)
        var isFavorite = JSONRead<Bool?>.success(nil)
        var collections = JSONRead<[String]>.success([]), tags = JSONRead<[String]>.success([]), images = JSONRead<[String]>.success([])
        var source = JSONRead<String?>.success(nil)
        var dateAdded = JSONRead<CalendarTime?>.success(nil), dateModified = JSONRead<CalendarTime?>.success(nil)
        var bags = JSONRead<[OpaqueMember]>.success([])
    }

    mutating func recipe(path: JSONPath, kindMember: Bool = false) throws -> (JSONParsed<Recipe>, JSONObjectReader) {
        var fields = RecipeFields()
        let object = try members(path: path, kindMember: kindMember) { reader, key, object, _ in
            switch key {
            case .id: fields.id = try reader.string(key, object)
            case .title: fields.title = try reader.string(key, object)
            case .summary: fields.summary = try reader.string(key, object)
            case .yields: fields.yields = try reader.objects(key, object) { reader, path in try reader.yield(path: path) }
            case .prepTime: fields.prepTime = try reader.duration(key, object)
            case .cookTime: fields.cookTime = try reader.duration(key, object)
            case .totalTime: fields.totalTime = try reader.duration(key, object)
            case .ingredients: fields.ingredients = try reader.objects(key, object) { reader, path in try reader.ingredient(path: path) }
            case .ingredientGroups: fields.ingredientGroups = try reader.objects(key, object) { reader, path in try reader.ingredientGroup(path: path) }
            case .directions: fields.directions = try reader.strings(key, object)
            case .directionGroups: fields.directionGroups = try reader.objects(key, object) { reader, path in try reader.directionGroup(path: path) }
            case .rating: fields.rating = try reader.integer(key, object)
            case .isFavorite: fields.isFavorite = try reader.bool(key, object)
            case .collections: fields.collections = try reader.strings(key, object)
            case .tags: fields.tags = try reader.strings(key, object)
            case .source: fields.source = try reader.string(key, object)
            case .images: fields.images = try reader.strings(key, object)
            case .dateAdded: fields.dateAdded = try reader.calendarTime(key, object)
            case .dateModified: fields.dateModified = try reader.calendarTime(key, object)
            case .extras: fields.bags = try reader.bags(object)
            default: return false
            }
            return true
        }
        return (JSONParsed { try recipe(fields, object) }, object)
    }

    private func recipe(_ fields: RecipeFields, _ object: JSONObjectReader) throws -> (value: Recipe, warnings: [JSONWarning]) {
        var warnings: [JSONWarning] = []
        let id = try fields.id.get() ?? object.generatedID(scanner.bytes)
        var recipe = Recipe(id: id, title: try object.required(fields.title, .title, in: "recipe"))
        recipe.summary = try fields.summary.get()
        recipe.yields = try unwrap(fields.yields, into: &warnings)
        recipe.prepTime = try fields.prepTime.get()
        recipe.cookTime = try fields.cookTime.get()
        recipe.totalTime = try fields.totalTime.get()
        recipe.ingredients = try unwrap(fields.ingredients, into: &warnings)
        recipe.ingredientGroups = try unwrap(fields.ingredientGroups, into: &warnings)
        recipe.directions = try fields.directions.get()
        recipe.directionGroups = try unwrap(fields.directionGroups, into: &warnings)
        recipe.rating = try fields.rating.get()
        recipe.isFavorite = try fields.isFavorite.get() ?? false
        recipe.collections = try fields.collections.get()
        recipe.tags = try fields.tags.get()
        recipe.source = try fields.source.get()
        recipe.images = try fields.images.get()
        recipe.dateAdded = try fields.dateAdded.get()
        recipe.dateModified = try fields.dateModified.get()
        recipe.extras = try object.extras(fields.bags)
        return (recipe, warnings)
    }

    private mutating func yield(path: JSONPath) throws -> JSONParsed<Yield> {
        var amount = JSONRead<Double?>.success(nil), unit = JSONRead<String?>.success(nil)
        let object = try members(path: path) { reader, key, object, _ in
            switch key {
            case .amount: amount = try reader.double(key, object)
            case .unit: unit = try reader.string(key, object)
            default: return false
            }
            return true
        }
        return JSONParsed { (Yield(amount: try amount.get(), unit: try unit.get()), object.unusedKeyWarnings) }
    }

    private mutating func ingredient(path: JSONPath) throws -> JSONParsed<Ingredient> {
        var amount = JSONRead<Double?>.success(nil)
        var unit = JSONRead<String?>.success(nil), name = JSONRead<String?>.success(nil)
        var note = JSONRead<String?>.success(nil), link = JSONRead<String?>.success(nil)
        var fixed = JSONRead<Bool?>.success(nil)
        var bags = JSONRead<[OpaqueMember]>.success([])
        let object = try members(path: path) { reader, key, object, _ in
            switch key {
            case .amount: amount = try reader.double(key, object)
            case .unit: unit = try reader.string(key, object)
            case .name: name = try reader.string(key, object)
            case .note: note = try reader.string(key, object)
            case .link: link = try reader.string(key, object)
            case .fixed: fixed = try reader.bool(key, object)
            case .extras: bags = try reader.bags(object)
            default: return false
            }
            return true
        }
        return JSONParsed {
            let ingredient = Ingredient(
                amount: try amount.get(), unit: try unit.get(), name: try object.required(name, .name, in: "ingredient"),
                note: try note.get(), link: try link.get(), fixed: try fixed.get() ?? false, extras: try object.extras(bags)
            )
            return (ingredient, [])
        }
    }

    private mutating func ingredientGroup(path: JSONPath) throws -> JSONParsed<IngredientGroup> {
        var title = JSONRead<String?>.success(nil)
        var ingredients = JSONRead<JSONObjects<Ingredient>>.success(JSONObjects())
        var groups = JSONRead<JSONObjects<IngredientGroup>>.success(JSONObjects())
        let object = try members(path: path) { reader, key, object, _ in
            switch key {
            case .title: title = try reader.string(key, object)
            case .ingredients: ingredients = try reader.objects(key, object) { reader, path in try reader.ingredient(path: path) }
            case .ingredientGroups: groups = try reader.objects(key, object) { reader, path in try reader.ingredientGroup(path: path) }
            default: return false
            }
            return true
        }
        return JSONParsed {
            var warnings: [JSONWarning] = []
            let group = IngredientGroup(
                title: try object.required(title, .title, in: "ingredient group"),
                ingredients: try unwrap(ingredients, into: &warnings),
                ingredientGroups: try unwrap(groups, into: &warnings)
            )
            return (group, warnings + object.unusedKeyWarnings)
        }
    }

    private mutating func directionGroup(path: JSONPath) throws -> JSONParsed<DirectionGroup> {
        var title = JSONRead<String?>.success(nil)
        var directions = JSONRead<[String]>.success([])
        let object = try members(path: path) { reader, key, object, _ in
            switch key {
            case .title: title = try reader.string(key, object)
            case .directions: directions = try reader.strings(key, object)
            default: return false
            }
            return true
        }
        return JSONParsed {
            let group = DirectionGroup(title: try object.required(title, .title, in: "direction group"), directions: try directions.get())
            return (group, object.unusedKeyWarnings)
        }
    }
}
