import AlmanacCore
import AlmanacLibXML

/// Turns almanac XML, as libxml2's reader walks it, into the model. Collects warnings
/// and where each item starts as it goes.
final class XMLModelReader {
    let cursor: XMLPushReader
    /// The input's name for diagnostics.
    let source: String
    /// The vocabulary's namespace as the document uses it: almanac's, or none at all.
    var namespace = XMLVocabulary.namespace
    /// ``namespace`` as the reader interned it.
    var namespaceKey = XMLNameKey.none
    /// The vocabulary's element names as the reader interned them.
    let names: XMLElementNames
    /// The names of the attributes read on every item, as the reader interned them.
    let attributeNames: XMLAttributeNames
    /// The time zones found to be known so far (the first ``knownZoneLimit``), to skip
    /// looking them up again.
    var knownZones: [String] = []
    static let knownZoneLimit = 32
    var diagnostics: [Diagnostic] = []
    private(set) var origins = ItemOrigins()

    init(cursor: XMLPushReader, source: String) {
        self.cursor = cursor
        self.source = source
        names = XMLElementNames(cursor)
        attributeNames = XMLAttributeNames(cursor)
    }

    /// The vocabulary name of `tag` when it is in the document's namespace, else `nil`.
    func name(of tag: XMLPushTag) -> XMLElementName? {
        names.name(of: tag, in: namespaceKey)
    }

    /// Reads `<almanac version="1"> <recipe>… <event>… <extras>… </almanac>` whole.
    func document() throws -> AlmanacDocument {
        var document = AlmanacDocument()
        var recipes: [SourcePosition?] = []
        var events: [SourcePosition?] = []
        document.extras = try read { item, position in
            switch item {
            case .recipe(let recipe):
                recipes.append(position)
                document.recipes.append(recipe)
            case .event(let event):
                events.append(position)
                document.events.append(event)
            }
        }
        origins = ItemOrigins(recipes: recipes, events: events)
        return document
    }

    /// Reads the document and passes each item, with where it starts, to `emit` as soon as
    /// it is read, in document order: nothing but the item at hand is kept. Returns the
    /// document's extras (the root's foreign attributes, unknown elements and `<extras>`).
    func read(_ emit: (Item, SourcePosition) throws -> Void) throws -> Extras {
        let root = try cursor.rootElement()
        guard cursor.localName(of: root) == "almanac", cursor.namespace(of: root) == XMLVocabulary.namespace || cursor.namespace(of: root).isEmpty else {
            let found = cursor.namespace(of: root).isEmpty ? "<\(cursor.qualifiedName(of: root))>" : "<\(cursor.qualifiedName(of: root))> in namespace \(cursor.namespace(of: root))"
            throw XMLDecodingError.notAlmanac(found: found, at: cursor.position(root))
        }
        namespace = cursor.namespace(of: root)
        namespaceKey = root.namespaceKey
        var leftovers = Leftovers()
        for attribute in cursor.attributes(of: root) {
            if attribute.namespace.isEmpty, attribute.localName == "version" {
                guard attribute.value.trimmingXMLWhitespace() == XMLVocabulary.version else {
                    throw XMLDecodingError.unsupportedVersion(attribute.value, at: cursor.position(root))
                }
            } else {
                keep(attribute, of: root, in: &leftovers)
            }
        }
        var recipeCount = 0
        var eventCount = 0
        var seenExtras = false
        while let child = try cursor.nextChild(of: root) {
            switch name(of: child) {
            case .recipe:
                let position = cursor.position(child)
                let index = recipeCount
                let item = try recipe(child, path: "recipes[\(index)]", position: position)
                recipeCount += 1
                try emit(.recipe(item), position)
            case .event:
                let position = cursor.position(child)
                let index = eventCount
                let item = try event(child, path: "events[\(index)]", position: position)
                eventCount += 1
                try emit(.event(item), position)
            case .extras:
                guard !seenExtras else { throw XMLDecodingError.duplicateElement("extras", in: "<almanac>", at: cursor.position(child)) }
                seenExtras = true
                try extras(child, into: &leftovers)
            default:
                leftovers.foreign.elements.append(try cursor.capture(child))
            }
        }
        try cursor.finish()
        let documentExtras = extras(leftovers, at: root)
        diagnostics = cursor.warnings(source: source) + diagnostics
        return documentExtras
    }

    // MARK: Recipes

    private func recipe(_ tag: XMLPushTag, path: @autoclosure () -> String, position: SourcePosition) throws -> Recipe {
        var recipe = Recipe(id: "", title: "")
        var title: String?
        var leftovers = Leftovers()
        let id = itemID(of: tag, leftovers: &leftovers)
        var fields = Fields()
        while let (child, element) = try nextField(of: tag, known: Self.recipeFields, fields: &fields, owner: "recipe \(path())", leftovers: &leftovers) {
            func field() -> String { "\(path()).\(cursor.localName(of: child))" }
            switch element {
            case .title: title = try string(child)
            case .summary: recipe.summary = try string(child)
            case .yields: recipe.yields = try list(child, of: .yield, path: field()) { try yield($0, path: $1()) }
            case .prepTime: recipe.prepTime = try duration(child, field())
            case .cookTime: recipe.cookTime = try duration(child, field())
            case .totalTime: recipe.totalTime = try duration(child, field())
            case .ingredients: recipe.ingredients = try list(child, of: .ingredient, path: field()) { try ingredient($0, path: $1()) }
            case .ingredientGroups: recipe.ingredientGroups = try list(child, of: .ingredientGroup, path: field()) { try ingredientGroup($0, path: $1()) }
            case .directions: recipe.directions = try strings(child, of: .direction, path: field())
            case .directionGroups: recipe.directionGroups = try list(child, of: .directionGroup, path: field()) { try directionGroup($0, path: $1()) }
            case .rating: recipe.rating = try integer(child, field())
            case .isFavorite: recipe.isFavorite = try bool(child, field())
            case .collections: recipe.collections = try strings(child, of: .collection, path: field())
            case .tags: recipe.tags = try strings(child, of: .tag, path: field())
            case .source: recipe.source = try string(child)
            case .images: recipe.images = try strings(child, of: .image, path: field())
            case .dateAdded: recipe.dateAdded = try time(child, field()).resolved(defaultZone: nil)
            case .dateModified: recipe.dateModified = try time(child, field()).resolved(defaultZone: nil)
            default: try extras(child, into: &leftovers)
            }
        }
        guard let title else { throw XMLDecodingError.missingField("title", in: "recipe \(path())", at: position) }
        recipe.title = title
        recipe.id = id ?? generatedID(title: title, path: path(), position: position)
        recipe.extras = extras(leftovers, at: tag)
        return recipe
    }

    private func yield(_ tag: XMLPushTag, path: String) throws -> Yield {
        var yield = Yield()
        try plainChildren(of: tag, path: path, known: XMLElementSet(.amount, .unit)) { child, name, field in
            switch name {
            case .amount: yield.amount = try double(child, field)
            default: yield.unit = try string(child)
            }
        }
        return yield
    }

    private func ingredient(_ tag: XMLPushTag, path: String) throws -> Ingredient {
        var ingredient = Ingredient(name: "")
        var name: String?
        var leftovers = Leftovers()
        for attribute in cursor.attributes(of: tag) { keep(attribute, of: tag, in: &leftovers) }
        var fields = Fields()
        while let (child, element) = try nextField(of: tag, known: Self.ingredientFields, fields: &fields, owner: "ingredient \(path)", leftovers: &leftovers) {
            switch element {
            case .amount: ingredient.amount = try double(child, "\(path).amount")
            case .unit: ingredient.unit = try string(child)
            case .name: name = try string(child)
            case .note: ingredient.note = try string(child)
            case .link: ingredient.link = try string(child)
            default: try extras(child, into: &leftovers)
            }
        }
        guard let name else { throw XMLDecodingError.missingField("name", in: "ingredient \(path)", at: cursor.position(tag)) }
        ingredient.name = name
        ingredient.extras = extras(leftovers, at: tag)
        return ingredient
    }

    private func ingredientGroup(_ tag: XMLPushTag, path: String) throws -> IngredientGroup {
        var group = IngredientGroup(title: "")
        var title: String?
        try plainChildren(of: tag, path: path, known: XMLElementSet(.title, .ingredients, .ingredientGroups)) { child, name, field in
            switch name {
            case .title: title = try string(child)
            case .ingredients: group.ingredients = try list(child, of: .ingredient, path: field) { try ingredient($0, path: $1()) }
            default: group.ingredientGroups = try list(child, of: .ingredientGroup, path: field) { try ingredientGroup($0, path: $1()) }
            }
        }
        guard let title else { throw XMLDecodingError.missingField("title", in: "ingredient group \(path)", at: cursor.position(tag)) }
        group.title = title
        return group
    }

    private func directionGroup(_ tag: XMLPushTag, path: String) throws -> DirectionGroup {
        var group = DirectionGroup(title: "")
        var title: String?
        try plainChildren(of: tag, path: path, known: XMLElementSet(.title, .directions)) { child, name, field in
            switch name {
            case .title: title = try string(child)
            default: group.directions = try strings(child, of: .direction, path: field)
            }
        }
        guard let title else { throw XMLDecodingError.missingField("title", in: "direction group \(path)", at: cursor.position(tag)) }
        group.title = title
        return group
    }

    // MARK: Events

    private func event(_ tag: XMLPushTag, path: @autoclosure () -> String, position: SourcePosition) throws -> Event {
        var event = Event(id: "", title: "")
        var title: String?
        var start: (time: ReadTime, tag: XMLPushTag)?
        var end: (time: ReadTime, tag: XMLPushTag)?
        var allDay: (flag: Bool, tag: XMLPushTag)?
        var leftovers = Leftovers()
        let id = itemID(of: tag, leftovers: &leftovers)
        var fields = Fields()
        while let (child, element) = try nextField(of: tag, known: Self.eventFields, fields: &fields, owner: "event \(path())", leftovers: &leftovers) {
            func field() -> String { "\(path()).\(cursor.localName(of: child))" }
            switch element {
            case .title: title = try string(child)
            case .symbol: event.symbol = try string(child)
            case .color: event.color = try color(child, field())
            case .start: start = (try time(child, field()), child)
            case .end: end = (try time(child, field()), child)
            case .allDay: allDay = (try bool(child, field()), child)
            case .location: event.location = try string(child)
            case .notes: event.notes = try string(child)
            case .url: event.url = try string(child)
            case .categories: event.categories = try strings(child, of: .category, path: field())
            case .recurrence: event.recurrence = try string(child)
            case .priority: event.priority = try integer(child, field())
            case .tasks: event.tasks = try list(child, of: .task, path: field()) { try task($0, path: $1) }
            case .recipes: event.recipes = try strings(child, of: .recipe, path: field())
            default: try extras(child, into: &leftovers)
            }
        }
        guard let title else { throw XMLDecodingError.missingField("title", in: "event \(path())", at: position) }
        event.title = title
        event.start = start?.time.resolved(defaultZone: nil)
        event.end = end?.time.resolved(defaultZone: start?.time.zone)
        if let allDay, let begin = event.start, allDay.flag != begin.isDateOnly {
            let reason = allDay.flag ? "an all-day event's start is a date such as 2026-12-24" : "a start without a time makes an all-day event"
            throw XMLDecodingError.invalidValue(field: "\(path()).allDay", reason: reason, at: cursor.position(allDay.tag))
        }
        if let begin = event.start, let finish = event.end, let endTag = end?.tag, begin.isDateOnly != finish.isDateOnly {
            throw XMLDecodingError.invalidValue(field: "\(path()).end", reason: "start and end must both be dates or both be date-times", at: cursor.position(endTag))
        }
        event.id = id ?? generatedID(title: title, path: path(), position: position)
        event.extras = extras(leftovers, at: tag)
        return event
    }

    private func task(_ tag: XMLPushTag, path: () -> String) throws -> EventTask {
        var task = EventTask(id: "", text: "")
        var leftovers = Leftovers()
        let id = itemID(of: tag, leftovers: &leftovers)
        var fields = Fields()
        while let (child, element) = try nextField(of: tag, known: Self.taskFields, fields: &fields, owner: "task \(path())", leftovers: &leftovers) {
            switch element {
            case .text: task.text = try string(child)
            case .isCompleted: task.isCompleted = try bool(child, "\(path()).isCompleted")
            default: try extras(child, into: &leftovers)
            }
        }
        task.id = id ?? generatedID(title: task.text, path: path(), position: cursor.position(tag))
        task.extras = extras(leftovers, at: tag)
        return task
    }

    /// An item's (a recipe's, an event's, a task's) `id` attribute; its other attributes
    /// are kept in `leftovers`.
    private func itemID(of tag: XMLPushTag, leftovers: inout Leftovers) -> String? {
        var id: String?
        for index in 0..<tag.attributeCount {
            let name = cursor.attributeName(index, of: tag)
            if name.namespace == .none, name.localName == attributeNames.id {
                id = cursor.attributeValue(index, of: tag)
            } else {
                keep(cursor.attribute(index, of: tag), of: tag, in: &leftovers)
            }
        }
        return id
    }

    /// The value of `tag`'s first attribute named `key` in no namespace, or `nil`.
    func attribute(_ key: XMLNameKey, of tag: XMLPushTag) -> String? {
        for index in 0..<tag.attributeCount {
            let name = cursor.attributeName(index, of: tag)
            if name.namespace == .none, name.localName == key { return cursor.attributeValue(index, of: tag) }
        }
        return nil
    }

    /// The next child of an item's element that is one of `known`, with its name, once at
    /// most (`fields` remembers them; a second throws, naming `owner`); any other child is
    /// kept whole in `leftovers` on the way. `nil` at the item's end tag.
    private func nextField(
        of tag: XMLPushTag, known: XMLElementSet, fields: inout Fields, owner: @autoclosure () -> String, leftovers: inout Leftovers
    ) throws -> (XMLPushTag, XMLElementName)? {
        while let child = try cursor.nextChild(of: tag) {
            guard let element = name(of: child), known.contains(element) else {
                leftovers.foreign.elements.append(try cursor.capture(child))
                continue
            }
            try fields.once(child, element, cursor, owner: owner())
            return (child, element)
        }
        return nil
    }

    /// `<color red="…" green="…" blue="…" alpha="…"/>`, or `#RRGGBB`/`#RRGGBBAA` as its text.
    private func color(_ tag: XMLPushTag, _ field: @autoclosure () -> String) throws -> RGBAColor {
        var red, green, blue, alpha: Double?
        for index in 0..<tag.attributeCount {
            let name = cursor.attributeName(index, of: tag)
            guard name.namespace == .none else {
                warnDropped(cursor.attribute(index, of: tag), of: tag)
                continue
            }
            func component() throws -> Double {
                try double(cursor.attributeValue(index, of: tag), field: "\(field()).\(cursor.attribute(index, of: tag).localName)", at: tag)
            }
            switch name.localName {
            case attributeNames.red: red = try component()
            case attributeNames.green: green = try component()
            case attributeNames.blue: blue = try component()
            case attributeNames.alpha: alpha = try component()
            default: warnDropped(cursor.attribute(index, of: tag), of: tag)
            }
        }
        let text = try string(tag).trimmingXMLWhitespace()
        if red == nil, green == nil, blue == nil, alpha == nil, !text.isEmpty {
            guard let color = RGBAColor(hex: text) else {
                throw XMLDecodingError.invalidValue(field: field(), reason: "'\(text)' is not #RRGGBB or #RRGGBBAA", at: cursor.position(tag))
            }
            return color
        }
        guard let red, let green, let blue else {
            let missing = red == nil ? "red" : green == nil ? "green" : "blue"
            throw XMLDecodingError.missingField("@\(missing)", in: "color \(field())", at: cursor.position(tag))
        }
        return RGBAColor(red: red, green: green, blue: blue, alpha: alpha ?? 1)
    }

    /// The fields of a recipe, an event, an ingredient and a task.
    static let recipeFields = XMLElementSet(
        .title, .summary, .yields, .prepTime, .cookTime, .totalTime, .ingredients, .ingredientGroups, .directions,
        .directionGroups, .rating, .isFavorite, .collections, .tags, .source, .images, .dateAdded, .dateModified, .extras
    )
    static let eventFields = XMLElementSet(
        .title, .symbol, .color, .start, .end, .allDay, .location, .notes, .url, .categories, .recurrence, .priority, .tasks, .recipes, .extras
    )
    static let ingredientFields = XMLElementSet(.amount, .unit, .name, .note, .link, .extras)
    static let taskFields = XMLElementSet(.text, .isCompleted, .extras)
}
