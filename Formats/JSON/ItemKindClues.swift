import AlmanacCore
import AlmanacJSONKit

/// Decides the kind of an item object that has no `kind` member (an NDJSON line, an element
/// of a bare JSON array of items), as ``ReaderLimits/defaultKind`` describes: the fields
/// that only one kind has tell it; when they do not (none of them, or both kinds' fields),
/// the default kind settles it, and without one the item is an error that says which.
enum ItemKindClues {
    /// Fields that make an item an event.
    static let eventFields: [JSONField] = [.start, .end, .tasks, .recurrence]
    /// Fields that make an item a recipe.
    static let recipeFields: [JSONField] = [.ingredients, .ingredientGroups, .directions, .directionGroups, .yields]

    /// The kind of `object`, named `item` in an error (`the item on line 3`, `item [2]`),
    /// which is made only for the error.
    /// A field whose value is `null` is absent and tells nothing.
    static func kind(of object: JSONObjectReader, item: @autoclosure () -> String, defaultKind: ItemKind?) throws -> ItemKind {
        let event = eventFields.first(where: object.present.contains)
        let recipe = recipeFields.first(where: object.present.contains)
        switch (event, recipe) {
        case (_?, nil): return .event
        case (nil, _?): return .recipe
        default: break
        }
        if let defaultKind { return defaultKind }
        let name = item()
        let reason: String
        if let event, let recipe {
            reason = "it has no 'kind', and '\(event.name)' is a field of events but '\(recipe.name)' one of recipes"
        } else {
            reason = "it has no 'kind' and none of the fields that tell (\(list(eventFields)) for an event; \(list(recipeFields)) for a recipe)"
        }
        throw JSONFault(offset: object.start) { .undecidedKind(item: name, reason: reason, at: $0) }
    }

    private static func list(_ fields: [JSONField]) -> String {
        fields.dropLast().map(\.name).joined(separator: ", ") + " or " + fields.last!.name
    }
}
