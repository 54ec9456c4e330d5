#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Every key the almanac JSON shape gives a meaning to, in any of its objects (the document,
/// items, tasks, colors, yields, ingredients, groups), found from a key's bytes by its
/// length and first byte, so the readers match keys without making strings of them. Fewer
/// than 64, so a set of them is one word (``Set``).
enum JSONField: UInt8, CaseIterable {
    case almanac, events, kind
    case id, title, symbol, color, timeZone, endTimeZone, start, end, recurrenceId, allDay, location, notes, url
    case categories, recurrence, priority, tasks, recipes, extras, text, isCompleted
    case summary, yields, prepTime, cookTime, totalTime, ingredients, ingredientGroups, directions, directionGroups
    case rating, isFavorite, collections, tags, source, images, dateAdded, dateModified
    case amount, unit, name, note, link, fixed, red, green, blue, alpha

    /// The key as written.
    var name: String { Self.names[Int(rawValue)] }

    /// The keys in the order of the cases (a test checks them against the cases' names).
    private static let names = [
        "almanac", "events", "kind",
        "id", "title", "symbol", "color", "timeZone", "endTimeZone", "start", "end", "recurrenceId", "allDay", "location", "notes", "url",
        "categories", "recurrence", "priority", "tasks", "recipes", "extras", "text", "isCompleted",
        "summary", "yields", "prepTime", "cookTime", "totalTime", "ingredients", "ingredientGroups", "directions", "directionGroups",
        "rating", "isFavorite", "collections", "tags", "source", "images", "dateAdded", "dateModified",
        "amount", "unit", "name", "note", "link", "fixed", "red", "green", "blue", "alpha",
    ]
    /// The fields by key length, each with its key's bytes.
    private static let byLength: [[(field: JSONField, key: [UInt8])]] = {
        var table: [[(field: JSONField, key: [UInt8])]] = Array(repeating: [], count: 17)
        for field in allCases { table[field.name.utf8.count].append((field, Array(field.name.utf8))) }
        return table
    }()

    /// The field a key's bytes (between the quotes, without escapes) spell, if any.
    static func find(_ key: UnsafeBufferPointer<UInt8>) -> JSONField? {
        let count = key.count
        guard count > 0, count < byLength.count else { return nil }
        let first = key[0]
        for candidate in byLength[count] where candidate.key[0] == first {
            let same = candidate.key.withUnsafeBufferPointer { memcmp($0.baseAddress!, key.baseAddress!, count) == 0 }
            if same { return candidate.field }
        }
        return nil
    }

    /// The field `text` (a key with escapes, resolved) spells, if any.
    static func find(_ text: String) -> JSONField? {
        var text = text
        return text.withUTF8 { find($0) }
    }

    /// A set of fields, one bit each.
    struct Set {
        private var bits: UInt64 = 0

        func contains(_ field: JSONField) -> Bool { bits & (1 << UInt64(field.rawValue)) != 0 }

        mutating func insert(_ field: JSONField) { bits |= 1 << UInt64(field.rawValue) }
    }
}
