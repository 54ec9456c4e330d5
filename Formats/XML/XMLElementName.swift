import AlmanacLibXML

/// The element names of the almanac XML vocabulary. The reader matches start tags against
/// them by libxml2's interned keys (``XMLElementNames``), never by comparing strings.
/// At most 64 names, so that ``XMLElementSet`` holds them in one word.
enum XMLElementName: Int, CaseIterable {
    case almanac, recipe, event, extras, elements, bag
    case title, summary, yields, yield, amount, unit, prepTime, cookTime, totalTime
    case ingredients, ingredient, name, note, link, ingredientGroups, ingredientGroup
    case directions, direction, directionGroups, directionGroup, rating, isFavorite
    case collections, collection, tags, tag, source, images, image, dateAdded, dateModified
    case symbol, color, start, end, allDay, location, notes, url, categories, category
    case recurrence, priority, tasks, task, text, isCompleted, recipes
    case null, bool, number, string, array, object, member

    /// The name as written in a document.
    var text: String { String(describing: self) }

    /// The name as written in a document, as bytes known when compiling (what the writer copies).
    var literal: StaticString {
        switch self {
        case .almanac: "almanac"
        case .recipe: "recipe"
        case .event: "event"
        case .extras: "extras"
        case .elements: "elements"
        case .bag: "bag"
        case .title: "title"
        case .summary: "summary"
        case .yields: "yields"
        case .yield: "yield"
        case .amount: "amount"
        case .unit: "unit"
        case .prepTime: "prepTime"
        case .cookTime: "cookTime"
        case .totalTime: "totalTime"
        case .ingredients: "ingredients"
        case .ingredient: "ingredient"
        case .name: "name"
        case .note: "note"
        case .link: "link"
        case .ingredientGroups: "ingredientGroups"
        case .ingredientGroup: "ingredientGroup"
        case .directions: "directions"
        case .direction: "direction"
        case .directionGroups: "directionGroups"
        case .directionGroup: "directionGroup"
        case .rating: "rating"
        case .isFavorite: "isFavorite"
        case .collections: "collections"
        case .collection: "collection"
        case .tags: "tags"
        case .tag: "tag"
        case .source: "source"
        case .images: "images"
        case .image: "image"
        case .dateAdded: "dateAdded"
        case .dateModified: "dateModified"
        case .symbol: "symbol"
        case .color: "color"
        case .start: "start"
        case .end: "end"
        case .allDay: "allDay"
        case .location: "location"
        case .notes: "notes"
        case .url: "url"
        case .categories: "categories"
        case .category: "category"
        case .recurrence: "recurrence"
        case .priority: "priority"
        case .tasks: "tasks"
        case .task: "task"
        case .text: "text"
        case .isCompleted: "isCompleted"
        case .recipes: "recipes"
        case .null: "null"
        case .bool: "bool"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        case .member: "member"
        }
    }
}

/// A set of vocabulary element names, as a bit mask.
struct XMLElementSet {
    private var bits: UInt64 = 0

    init(_ names: XMLElementName...) {
        for name in names { bits |= Self.bit(name) }
    }

    func contains(_ name: XMLElementName) -> Bool {
        bits & Self.bit(name) != 0
    }

    /// Adds `name`; `false` when it was in the set already.
    mutating func insert(_ name: XMLElementName) -> Bool {
        defer { bits |= Self.bit(name) }
        return !contains(name)
    }

    private static func bit(_ name: XMLElementName) -> UInt64 {
        1 << UInt64(name.rawValue)
    }
}

/// The names of the attributes the reader looks for on every item and in extras, as one
/// reader interned them, so that an attribute is matched by comparing integers.
struct XMLAttributeNames {
    let id: XMLNameKey
    let timeZone: XMLNameKey
    let codec: XMLNameKey
    let key: XMLNameKey
    let red: XMLNameKey
    let green: XMLNameKey
    let blue: XMLNameKey
    let alpha: XMLNameKey

    init(_ cursor: XMLPushReader) {
        id = cursor.key(for: "id")
        timeZone = cursor.key(for: "timeZone")
        codec = cursor.key(for: "codec")
        key = cursor.key(for: "key")
        red = cursor.key(for: "red")
        green = cursor.key(for: "green")
        blue = cursor.key(for: "blue")
        alpha = cursor.key(for: "alpha")
    }
}

/// The vocabulary's element names interned in one reader's dictionary, so that each start
/// tag is matched by comparing integers.
struct XMLElementNames {
    private var names = XMLNameKeyTable(minimumCapacity: XMLElementName.allCases.count)

    init(_ cursor: XMLPushReader) {
        for name in XMLElementName.allCases { names.set(name.rawValue, for: cursor.key(for: name.text)) }
    }

    /// The vocabulary name of `tag` when it is in `namespace` (the document's), else `nil`.
    func name(of tag: XMLPushTag, in namespace: XMLNameKey) -> XMLElementName? {
        guard tag.namespaceKey == namespace, let rawValue = names[tag.localNameKey] else { return nil }
        return XMLElementName(rawValue: rawValue)
    }
}
