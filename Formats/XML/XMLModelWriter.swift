import AlmanacCore

/// Writes the model as almanac XML: elements named as the JSON keys, in the fixed order
/// of `Formats/XML/README.md`, absent and empty fields left out; what an XML source held
/// that the vocabulary does not know (`extras["xml"]`) put back, and other formats'
/// extras under `<extras>`.
enum XMLModelWriter {
    /// The declaration and the root's start tag, with the foreign attributes the document kept.
    static func writeHead(extras: Extras, to writer: inout XMLWriter) throws {
        writer.declaration()
        try writer.start("almanac", attributes: [("xmlns", XMLVocabulary.namespace), ("version", XMLVocabulary.version)], foreign: split(extras).0.attributes)
    }

    /// The document's extras and kept elements, the root's end tag and the final line break.
    static func writeTail(extras: Extras, to writer: inout XMLWriter) throws {
        let (foreign, rest) = split(extras)
        try write(extras: rest, elements: foreign.elements, to: &writer)
        writer.end()
        writer.finish()
    }

    /// One item.
    static func write(_ item: Item, to writer: inout XMLWriter) throws {
        switch item {
        case .recipe(let recipe): try write(recipe, to: &writer)
        case .event(let event): try write(event, to: &writer)
        }
    }

    // MARK: Items

    static func write(_ recipe: Recipe, to writer: inout XMLWriter) throws {
        let (foreign, extras) = split(recipe.extras)
        try writer.start(.recipe, "id", recipe.id, foreign: foreign.attributes)
        try writer.leaf(.title, recipe.title)
        try writer.leaf(.summary, recipe.summary)
        if !recipe.yields.isEmpty {
            writer.start(.yields)
            for yield in recipe.yields {
                writer.start(.yield)
                try writer.leaf(.amount, yield.amount.map(number))
                try writer.leaf(.unit, yield.unit)
                writer.end()
            }
            writer.end()
        }
        try writer.leaf(.prepTime, recipe.prepTime?.description)
        try writer.leaf(.cookTime, recipe.cookTime?.description)
        try writer.leaf(.totalTime, recipe.totalTime?.description)
        try write(ingredients: recipe.ingredients, to: &writer)
        try write(groups: recipe.ingredientGroups, to: &writer)
        try writer.list(.directions, .direction, recipe.directions)
        if !recipe.directionGroups.isEmpty {
            writer.start(.directionGroups)
            for group in recipe.directionGroups {
                writer.start(.directionGroup)
                try writer.leaf(.title, group.title)
                try writer.list(.directions, .direction, group.directions)
                writer.end()
            }
            writer.end()
        }
        try writer.leaf(.rating, recipe.rating.map { String($0) })
        if recipe.isFavorite { try writer.leaf(.isFavorite, "true") }
        try writer.list(.collections, .collection, recipe.collections)
        try writer.list(.tags, .tag, recipe.tags)
        try writer.leaf(.source, recipe.source)
        try writer.list(.images, .image, recipe.images)
        try write(time: recipe.dateAdded, as: .dateAdded, to: &writer)
        try write(time: recipe.dateModified, as: .dateModified, to: &writer)
        try write(extras: extras, elements: foreign.elements, to: &writer)
        writer.end()
    }

    private static func write(ingredients: [Ingredient], to writer: inout XMLWriter) throws {
        guard !ingredients.isEmpty else { return }
        writer.start(.ingredients)
        for ingredient in ingredients {
            let (foreign, extras) = split(ingredient.extras)
            try writer.start(.ingredient, foreign: foreign.attributes)
            try writer.leaf(.amount, ingredient.amount.map(number))
            try writer.leaf(.unit, ingredient.unit)
            try writer.leaf(.name, ingredient.name)
            try writer.leaf(.note, ingredient.note)
            try writer.leaf(.link, ingredient.link)
            try write(extras: extras, elements: foreign.elements, to: &writer)
            writer.end()
        }
        writer.end()
    }

    private static func write(groups: [IngredientGroup], to writer: inout XMLWriter) throws {
        guard !groups.isEmpty else { return }
        writer.start(.ingredientGroups)
        for group in groups {
            writer.start(.ingredientGroup)
            try writer.leaf(.title, group.title)
            try write(ingredients: group.ingredients, to: &writer)
            try write(groups: group.ingredientGroups, to: &writer)
            writer.end()
        }
        writer.end()
    }

    static func write(_ event: Event, to writer: inout XMLWriter) throws {
        let (foreign, extras) = split(event.extras)
        try writer.start(.event, "id", event.id, foreign: foreign.attributes)
        try writer.leaf(.title, event.title)
        try writer.leaf(.symbol, event.symbol)
        if let color = event.color {
            writer.openTag(XMLElementName.color.literal)
            try writer.attribute("red", number(color.red), of: "color")
            try writer.attribute("green", number(color.green), of: "color")
            try writer.attribute("blue", number(color.blue), of: "color")
            try writer.attribute("alpha", number(color.alpha), of: "color")
            writer.closeEmptyElement()
        }
        try write(time: event.start, as: .start, to: &writer)
        try write(time: event.end, as: .end, to: &writer)
        if event.isAllDay { try writer.leaf(.allDay, "true") }
        try writer.leaf(.location, event.location)
        try writer.leaf(.notes, event.notes)
        try writer.leaf(.url, event.url)
        try writer.list(.categories, .category, event.categories)
        try writer.leaf(.recurrence, event.recurrence)
        try writer.leaf(.priority, event.priority.map { String($0) })
        if !event.tasks.isEmpty {
            writer.start(.tasks)
            for task in event.tasks {
                let (foreign, extras) = split(task.extras)
                try writer.start(.task, "id", task.id, foreign: foreign.attributes)
                try writer.leaf(.text, task.text)
                try writer.leaf(.isCompleted, task.isCompleted ? "true" : "false")
                try write(extras: extras, elements: foreign.elements, to: &writer)
                writer.end()
            }
            writer.end()
        }
        try writer.list(.recipes, .recipe, event.recipes)
        try write(extras: extras, elements: foreign.elements, to: &writer)
        writer.end()
    }

    // MARK: Values

    /// A date, a UTC time with `Z`, or a local time; a zoned time's zone in `timeZone`.
    private static func write(time: CalendarTime?, as name: XMLElementName, to writer: inout XMLWriter) throws {
        guard let time else { return }
        try writer.leaf(name.literal, attribute: "timeZone", value: time.timeZoneID) { ISO8601Text.append(time, to: &$0) }
    }

    /// An `xs:double`: the shortest text that reads back as the same number, whole
    /// numbers without a fraction (`4`), and `INF`, `-INF`, `NaN`.
    static func number(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-INF" : "INF" }
        if value.rounded() == value, abs(value) <= 9_007_199_254_740_992 { return String(Int(value)) }
        return RGBAColor.byteFractionDescription(value) ?? value.description
    }

    // MARK: Extras

    /// The `xml` bag as foreign attributes and elements, and the bags left to write under
    /// `<extras>` (an `xml` bag of another shape stays among them).
    private static func split(_ extras: Extras) -> (XMLForeignData, Extras) {
        // The few names compared, with no hash of `xml` made for every item.
        guard let bag = extras.entries.first(where: { $0.key == "xml" })?.value, let foreign = XMLForeignData(opaque: bag) else {
            return (XMLForeignData(), extras)
        }
        var rest = extras
        rest["xml"] = nil
        return (foreign, rest)
    }

    /// `<extras>`: the unknown elements under `<elements>`, then one `<bag codec="…">` per
    /// other format in name order; left out when there is nothing.
    private static func write(extras: Extras, elements: [XMLUnknownElement], to writer: inout XMLWriter) throws {
        guard !extras.isEmpty || !elements.isEmpty else { return }
        writer.start(.extras)
        if !elements.isEmpty {
            writer.start(.elements)
            for element in elements { try writer.unknown(element, defaultNamespace: XMLVocabulary.namespace) }
            writer.end()
        }
        if extras.entries.count == 1, let bag = extras.entries.first {
            try write(bag: bag.key, bag.value, to: &writer)
        } else {
            for (name, value) in extras.entries.sorted(by: { $0.key < $1.key }) { try write(bag: name, value, to: &writer) }
        }
        writer.end()
    }

    /// `<bag codec="name">` and the value another format kept.
    private static func write(bag name: String, _ value: OpaqueValue, to writer: inout XMLWriter) throws {
        try writer.start(.bag, "codec", name)
        try write(opaque: value, to: &writer)
        writer.end()
    }

    /// A JSON-shaped value: `<null/>`, `<bool>`, `<number>`, `<string>`, `<array>`,
    /// `<object>` of `<member key="…">`.
    private static func write(opaque value: OpaqueValue, to writer: inout XMLWriter) throws {
        switch value {
        case .null: writer.empty(.null)
        case .bool(let flag): try writer.leaf(.bool, flag ? "true" : "false")
        case .number(let text): try writer.leaf(.number, text)
        case .string(let text): try writer.leaf(.string, text)
        case .array(let elements):
            guard !elements.isEmpty else { return writer.empty(.array) }
            writer.start(.array)
            for element in elements { try write(opaque: element, to: &writer) }
            writer.end()
        case .object(let members):
            guard !members.isEmpty else { return writer.empty(.object) }
            writer.start(.object)
            for member in members {
                try writer.start(.member, "key", member.key)
                try write(opaque: member.value, to: &writer)
                writer.end()
            }
            writer.end()
        }
    }
}
