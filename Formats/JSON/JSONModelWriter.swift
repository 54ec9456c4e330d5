import AlmanacCore
import AlmanacJSONKit

/// Writes the model as almanac JSON: fixed camelCase keys in a fixed order,
/// absent and empty fields left out, unknown keys from a JSON source written back
/// after the known ones, and other formats' extras under `extras`.
enum JSONModelWriter {
    /// One item; with `kind`, the object starts with `"kind": "recipe"` or `"event"` (NDJSON).
    static func write(_ item: Item, kind: Bool, to writer: inout JSONWriter) {
        switch item {
        case .recipe(let recipe): write(recipe, kind: kind, to: &writer)
        case .event(let event): write(event, kind: kind, to: &writer)
        }
    }

    static func write(_ event: Event, kind: Bool, to writer: inout JSONWriter) {
        writer.object { writer in
            writeHead(of: event, kind: kind, to: &writer)
            writeTimes(of: event, to: &writer)
            writeTail(of: event, kind: kind, to: &writer)
        }
    }

    /// An NDJSON line of `event` (without its newline) and where in it its times are (the
    /// `start`, `end` and `recurrenceId` members with the comma before each): what comes
    /// before and after them is the same for every occurrence of a series.
    static func line(_ event: Event) -> (bytes: [UInt8], times: Range<Int>) {
        var writer = JSONWriter(pretty: false, reservingCapacity: 512)
        var times = 0..<0
        writer.object { writer in
            writeHead(of: event, kind: true, to: &writer)
            let start = writer.bytes.count
            writeTimes(of: event, to: &writer)
            times = start..<writer.bytes.count
            writeTail(of: event, kind: true, to: &writer)
        }
        return (writer.bytes, times)
    }

    /// The members before the times.
    private static func writeHead(of event: Event, kind: Bool, to writer: inout JSONWriter) {
        if kind { writer.member("kind", ItemKind.event.rawValue) }
        writer.member("id", event.id)
        writer.member("title", event.title)
        writer.member("symbol", event.symbol)
        if let color = event.color {
            writer.fixedKey("color")
            writer.object { writer in
                writer.member("red", color.red)
                writer.member("green", color.green)
                writer.member("blue", color.blue)
                writer.member("alpha", color.alpha)
            }
        }
    }

    /// `start`, `end` and `recurrenceId`.
    private static func writeTimes(of event: Event, to writer: inout JSONWriter) {
        writer.member("start", event.start, zoned: false)
        writer.member("end", event.end, zoned: false)
        writer.member("recurrenceId", event.recurrenceID, zoned: true)
    }

    /// The members after the times.
    private static func writeTail(of event: Event, kind: Bool, to writer: inout JSONWriter) {
        if event.isAllDay {
            writer.fixedKey("allDay")
            writer.bool(true)
        }
        let zone = event.start?.timeZoneID
        writer.member("timeZone", zone)
        if let endZone = event.end?.timeZoneID, endZone != zone {
            writer.member("endTimeZone", endZone)
        }
        writer.member("location", event.location)
        writer.member("notes", event.notes)
        writer.member("url", event.url)
        writer.member("categories", event.categories)
        writer.member("recurrence", event.recurrence)
        if let priority = event.priority {
            writer.fixedKey("priority")
            writer.integer(priority)
        }
        writer.member("tasks", event.tasks) { writer, task in
            writer.object { writer in
                writer.member("id", task.id)
                writer.member("text", task.text)
                writer.fixedKey("isCompleted")
                writer.bool(task.isCompleted)
                writer.extras(task.extras)
            }
        }
        writer.member("recipes", event.recipes)
        writer.extras(event.extras, reserved: kind ? "kind" : nil)
    }

    static func write(_ recipe: Recipe, kind: Bool, to writer: inout JSONWriter) {
        writer.object { writer in
            if kind { writer.member("kind", ItemKind.recipe.rawValue) }
            writer.member("id", recipe.id)
            writer.member("title", recipe.title)
            writer.member("summary", recipe.summary)
            writer.member("yields", recipe.yields) { writer, yield in
                writer.object { writer in
                    writer.member("amount", yield.amount)
                    writer.member("unit", yield.unit)
                }
            }
            writer.member("prepTime", recipe.prepTime)
            writer.member("cookTime", recipe.cookTime)
            writer.member("totalTime", recipe.totalTime)
            writer.member("ingredients", recipe.ingredients) { write(ingredient: $1, to: &$0) }
            writer.member("ingredientGroups", recipe.ingredientGroups) { write(group: $1, to: &$0) }
            writer.member("directions", recipe.directions)
            writer.member("directionGroups", recipe.directionGroups) { writer, group in
                writer.object { writer in
                    writer.member("title", group.title)
                    writer.member("directions", group.directions)
                }
            }
            if let rating = recipe.rating {
                writer.fixedKey("rating")
                writer.integer(rating)
            }
            if recipe.isFavorite {
                writer.fixedKey("isFavorite")
                writer.bool(true)
            }
            writer.member("collections", recipe.collections)
            writer.member("tags", recipe.tags)
            writer.member("source", recipe.source)
            writer.member("images", recipe.images)
            writer.member("dateAdded", recipe.dateAdded, zoned: true)
            writer.member("dateModified", recipe.dateModified, zoned: true)
            writer.extras(recipe.extras, reserved: kind ? "kind" : nil)
        }
    }

    private static func write(ingredient: Ingredient, to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("amount", ingredient.amount)
            writer.member("unit", ingredient.unit)
            writer.member("name", ingredient.name)
            writer.member("note", ingredient.note)
            writer.member("link", ingredient.link)
            if ingredient.fixed {
                writer.fixedKey("fixed")
                writer.bool(true)
            }
            writer.extras(ingredient.extras)
        }
    }

    private static func write(group: IngredientGroup, to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("title", group.title)
            writer.member("ingredients", group.ingredients) { write(ingredient: $1, to: &$0) }
            writer.member("ingredientGroups", group.ingredientGroups) { write(group: $1, to: &$0) }
        }
    }
}
