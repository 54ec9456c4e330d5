import AlmanacCore
import AlmanacLibXML

/// Turns almanac XML, as libxml2's reader walks it, into the model. Collects warnings
/// and where each item starts as it goes.
final class XMLModelReader {
    let cursor: XMLTextReader
    /// The input's name for diagnostics.
    let source: String
    /// The vocabulary's namespace as the document uses it: almanac's, or none at all.
    private var namespace = XMLVocabulary.namespace
    private(set) var diagnostics: [Diagnostic] = []
    private(set) var origins = ItemOrigins()

    init(cursor: XMLTextReader, source: String) {
        self.cursor = cursor
        self.source = source
    }

    /// Reads `<almanac version="1"> <recipe>… <event>… <extras>… </almanac>`.
    func document() throws -> AlmanacDocument {
        let root = try cursor.rootElement()
        guard root.localName == "almanac", root.namespace == XMLVocabulary.namespace || root.namespace.isEmpty else {
            let found = root.namespace.isEmpty ? "<\(root.qualifiedName)>" : "<\(root.qualifiedName)> in namespace \(root.namespace)"
            throw XMLDecodingError.notAlmanac(found: found, at: cursor.position(root.mark))
        }
        namespace = root.namespace
        var document = AlmanacDocument()
        var leftovers = Leftovers()
        for attribute in root.attributes {
            if attribute.namespace.isEmpty, attribute.localName == "version" {
                guard attribute.value.trimmingXMLWhitespace() == XMLVocabulary.version else {
                    throw XMLDecodingError.unsupportedVersion(attribute.value, at: cursor.position(root.mark))
                }
            } else {
                keep(attribute, of: root, in: &leftovers)
            }
        }
        var recipes: [SourcePosition?] = []
        var events: [SourcePosition?] = []
        var seenExtras = false
        try cursor.children(of: root) { child in
            guard child.namespace == namespace else { return leftovers.foreign.elements.append(try cursor.capture(child)) }
            switch child.localName {
            case "recipe":
                let position = cursor.position(child.mark)
                recipes.append(position)
                document.recipes.append(try recipe(child, path: "recipes[\(document.recipes.count)]", position: position))
            case "event":
                let position = cursor.position(child.mark)
                events.append(position)
                document.events.append(try event(child, path: "events[\(document.events.count)]", position: position))
            case "extras":
                guard !seenExtras else { throw XMLDecodingError.duplicateElement("extras", in: "<almanac>", at: cursor.position(child.mark)) }
                seenExtras = true
                try extras(child, into: &leftovers)
            default:
                leftovers.foreign.elements.append(try cursor.capture(child))
            }
        }
        try cursor.finish()
        document.extras = extras(leftovers, at: root)
        origins = ItemOrigins(recipes: recipes, events: events)
        diagnostics = cursor.warnings(source: source) + diagnostics
        return document
    }

    // MARK: Recipes

    private func recipe(_ tag: XMLStartTag, path: String, position: SourcePosition) throws -> Recipe {
        var recipe = Recipe(id: "", title: "")
        var id: String?
        var title: String?
        var leftovers = Leftovers()
        for attribute in tag.attributes {
            if attribute.namespace.isEmpty, attribute.localName == "id" { id = attribute.value } else { keep(attribute, of: tag, in: &leftovers) }
        }
        var fields = Fields(owner: "recipe \(path)")
        try cursor.children(of: tag) { child in
            guard child.namespace == namespace else { return leftovers.foreign.elements.append(try cursor.capture(child)) }
            let field = "\(path).\(child.localName)"
            switch child.localName {
            case "title", "summary", "yields", "prepTime", "cookTime", "totalTime", "ingredients", "ingredientGroups",
                 "directions", "directionGroups", "rating", "isFavorite", "collections", "tags", "source", "images",
                 "dateAdded", "dateModified", "extras":
                try fields.once(child, cursor)
            default:
                return leftovers.foreign.elements.append(try cursor.capture(child))
            }
            switch child.localName {
            case "title": title = try string(child)
            case "summary": recipe.summary = try string(child)
            case "yields": recipe.yields = try list(child, of: "yield", path: field) { try yield($0, path: $1) }
            case "prepTime": recipe.prepTime = try duration(child, field)
            case "cookTime": recipe.cookTime = try duration(child, field)
            case "totalTime": recipe.totalTime = try duration(child, field)
            case "ingredients": recipe.ingredients = try list(child, of: "ingredient", path: field) { try ingredient($0, path: $1) }
            case "ingredientGroups": recipe.ingredientGroups = try list(child, of: "ingredientGroup", path: field) { try ingredientGroup($0, path: $1) }
            case "directions": recipe.directions = try strings(child, of: "direction", path: field)
            case "directionGroups": recipe.directionGroups = try list(child, of: "directionGroup", path: field) { try directionGroup($0, path: $1) }
            case "rating": recipe.rating = try integer(child, field)
            case "isFavorite": recipe.isFavorite = try bool(child, field)
            case "collections": recipe.collections = try strings(child, of: "collection", path: field)
            case "tags": recipe.tags = try strings(child, of: "tag", path: field)
            case "source": recipe.source = try string(child)
            case "images": recipe.images = try strings(child, of: "image", path: field)
            case "dateAdded": recipe.dateAdded = try time(child, field).resolved(defaultZone: nil)
            case "dateModified": recipe.dateModified = try time(child, field).resolved(defaultZone: nil)
            default: try extras(child, into: &leftovers)
            }
        }
        guard let title else { throw XMLDecodingError.missingField("title", in: "recipe \(path)", at: position) }
        recipe.title = title
        recipe.id = id ?? generatedID(title: title, path: path, position: position)
        recipe.extras = extras(leftovers, at: tag)
        return recipe
    }

    private func yield(_ tag: XMLStartTag, path: String) throws -> Yield {
        var yield = Yield()
        try plainChildren(of: tag, path: path, known: ["amount", "unit"]) { child, field in
            switch child.localName {
            case "amount": yield.amount = try double(child, field)
            default: yield.unit = try string(child)
            }
        }
        return yield
    }

    private func ingredient(_ tag: XMLStartTag, path: String) throws -> Ingredient {
        var ingredient = Ingredient(name: "")
        var name: String?
        var leftovers = Leftovers()
        for attribute in tag.attributes { keep(attribute, of: tag, in: &leftovers) }
        var fields = Fields(owner: "ingredient \(path)")
        try cursor.children(of: tag) { child in
            guard child.namespace == namespace, ["amount", "unit", "name", "note", "link", "extras"].contains(child.localName) else {
                return leftovers.foreign.elements.append(try cursor.capture(child))
            }
            try fields.once(child, cursor)
            switch child.localName {
            case "amount": ingredient.amount = try double(child, "\(path).amount")
            case "unit": ingredient.unit = try string(child)
            case "name": name = try string(child)
            case "note": ingredient.note = try string(child)
            case "link": ingredient.link = try string(child)
            default: try extras(child, into: &leftovers)
            }
        }
        guard let name else { throw XMLDecodingError.missingField("name", in: "ingredient \(path)", at: cursor.position(tag.mark)) }
        ingredient.name = name
        ingredient.extras = extras(leftovers, at: tag)
        return ingredient
    }

    private func ingredientGroup(_ tag: XMLStartTag, path: String) throws -> IngredientGroup {
        var group = IngredientGroup(title: "")
        var title: String?
        try plainChildren(of: tag, path: path, known: ["title", "ingredients", "ingredientGroups"]) { child, field in
            switch child.localName {
            case "title": title = try string(child)
            case "ingredients": group.ingredients = try list(child, of: "ingredient", path: field) { try ingredient($0, path: $1) }
            default: group.ingredientGroups = try list(child, of: "ingredientGroup", path: field) { try ingredientGroup($0, path: $1) }
            }
        }
        guard let title else { throw XMLDecodingError.missingField("title", in: "ingredient group \(path)", at: cursor.position(tag.mark)) }
        group.title = title
        return group
    }

    private func directionGroup(_ tag: XMLStartTag, path: String) throws -> DirectionGroup {
        var group = DirectionGroup(title: "")
        var title: String?
        try plainChildren(of: tag, path: path, known: ["title", "directions"]) { child, field in
            switch child.localName {
            case "title": title = try string(child)
            default: group.directions = try strings(child, of: "direction", path: field)
            }
        }
        guard let title else { throw XMLDecodingError.missingField("title", in: "direction group \(path)", at: cursor.position(tag.mark)) }
        group.title = title
        return group
    }

    // MARK: Events

    private func event(_ tag: XMLStartTag, path: String, position: SourcePosition) throws -> Event {
        var event = Event(id: "", title: "")
        var id: String?
        var title: String?
        var start: (time: ReadTime, tag: XMLStartTag)?
        var end: (time: ReadTime, tag: XMLStartTag)?
        var allDay: (flag: Bool, tag: XMLStartTag)?
        var leftovers = Leftovers()
        for attribute in tag.attributes {
            if attribute.namespace.isEmpty, attribute.localName == "id" { id = attribute.value } else { keep(attribute, of: tag, in: &leftovers) }
        }
        var fields = Fields(owner: "event \(path)")
        try cursor.children(of: tag) { child in
            guard child.namespace == namespace else { return leftovers.foreign.elements.append(try cursor.capture(child)) }
            let field = "\(path).\(child.localName)"
            switch child.localName {
            case "title", "symbol", "color", "start", "end", "allDay", "location", "notes", "url", "categories",
                 "recurrence", "priority", "tasks", "extras":
                try fields.once(child, cursor)
            default:
                return leftovers.foreign.elements.append(try cursor.capture(child))
            }
            switch child.localName {
            case "title": title = try string(child)
            case "symbol": event.symbol = try string(child)
            case "color": event.color = try color(child, field)
            case "start": start = (try time(child, field), child)
            case "end": end = (try time(child, field), child)
            case "allDay": allDay = (try bool(child, field), child)
            case "location": event.location = try string(child)
            case "notes": event.notes = try string(child)
            case "url": event.url = try string(child)
            case "categories": event.categories = try strings(child, of: "category", path: field)
            case "recurrence": event.recurrence = try string(child)
            case "priority": event.priority = try integer(child, field)
            case "tasks": event.tasks = try list(child, of: "task", path: field) { try task($0, path: $1) }
            default: try extras(child, into: &leftovers)
            }
        }
        guard let title else { throw XMLDecodingError.missingField("title", in: "event \(path)", at: position) }
        event.title = title
        event.start = start?.time.resolved(defaultZone: nil)
        event.end = end?.time.resolved(defaultZone: start?.time.zone)
        if let allDay, let begin = event.start, allDay.flag != begin.isDateOnly {
            let reason = allDay.flag ? "an all-day event's start is a date such as 2026-12-24" : "a start without a time makes an all-day event"
            throw XMLDecodingError.invalidValue(field: "\(path).allDay", reason: reason, at: cursor.position(allDay.tag.mark))
        }
        if let begin = event.start, let finish = event.end, let endTag = end?.tag, begin.isDateOnly != finish.isDateOnly {
            throw XMLDecodingError.invalidValue(field: "\(path).end", reason: "start and end must both be dates or both be date-times", at: cursor.position(endTag.mark))
        }
        event.id = id ?? generatedID(title: title, path: path, position: position)
        event.extras = extras(leftovers, at: tag)
        return event
    }

    private func task(_ tag: XMLStartTag, path: String) throws -> EventTask {
        var task = EventTask(id: "", text: "")
        var id: String?
        var leftovers = Leftovers()
        for attribute in tag.attributes {
            if attribute.namespace.isEmpty, attribute.localName == "id" { id = attribute.value } else { keep(attribute, of: tag, in: &leftovers) }
        }
        var fields = Fields(owner: "task \(path)")
        try cursor.children(of: tag) { child in
            guard child.namespace == namespace, ["text", "isCompleted", "extras"].contains(child.localName) else {
                return leftovers.foreign.elements.append(try cursor.capture(child))
            }
            try fields.once(child, cursor)
            switch child.localName {
            case "text": task.text = try string(child)
            case "isCompleted": task.isCompleted = try bool(child, "\(path).isCompleted")
            default: try extras(child, into: &leftovers)
            }
        }
        task.id = id ?? generatedID(title: task.text, path: path, position: cursor.position(tag.mark))
        task.extras = extras(leftovers, at: tag)
        return task
    }

    private func color(_ tag: XMLStartTag, _ field: String) throws -> RGBAColor {
        var components: [String: Double] = [:]
        for attribute in tag.attributes {
            guard attribute.namespace.isEmpty, ["red", "green", "blue", "alpha"].contains(attribute.localName) else {
                warnDropped(attribute, of: tag)
                continue
            }
            components[attribute.localName] = try double(attribute.value, field: "\(field).\(attribute.localName)", at: tag)
        }
        let text = try string(tag).trimmingXMLWhitespace()
        if components.isEmpty, !text.isEmpty {
            guard let color = RGBAColor(hex: text) else {
                throw XMLDecodingError.invalidValue(field: field, reason: "'\(text)' is not #RRGGBB or #RRGGBBAA", at: cursor.position(tag.mark))
            }
            return color
        }
        for name in ["red", "green", "blue"] where components[name] == nil {
            throw XMLDecodingError.missingField("@\(name)", in: "color \(field)", at: cursor.position(tag.mark))
        }
        return RGBAColor(red: components["red"]!, green: components["green"]!, blue: components["blue"]!, alpha: components["alpha"] ?? 1)
    }

    // MARK: Extras

    /// What an item held that the vocabulary does not know, and other formats' bags.
    private struct Leftovers {
        var foreign = XMLForeignData()
        var bags: [String: OpaqueValue] = [:]
    }

    /// Keeps an unknown attribute in another namespace; drops one in none (or in almanac's)
    /// with a warning.
    /// `xsi:` attributes (such as `xsi:schemaLocation`) are dropped silently.
    private func keep(_ attribute: XMLAttribute, of tag: XMLStartTag, in leftovers: inout Leftovers) {
        if attribute.namespace == XMLVocabulary.xsiNamespace { return }
        if attribute.namespace.isEmpty || attribute.namespace == XMLVocabulary.namespace { return warnDropped(attribute, of: tag) }
        leftovers.foreign.attributes.append(attribute)
    }

    private func warnDropped(_ attribute: XMLAttribute, of tag: XMLStartTag) {
        guard attribute.namespace != XMLVocabulary.xsiNamespace else { return }
        let name = attribute.namespace.isEmpty ? attribute.localName : "{\(attribute.namespace)}\(attribute.localName)"
        warn("unknown attribute '\(name)' on <\(tag.qualifiedName)> is dropped", at: tag)
    }

    private func warn(_ message: String, at tag: XMLStartTag) {
        diagnostics.append(Diagnostic(.warning, message, source: source, position: cursor.position(tag.mark)))
    }

    /// `<extras>`: `<elements>` (kept elements) and `<bag codec="…">` (one value each).
    private func extras(_ tag: XMLStartTag, into leftovers: inout Leftovers) throws {
        for attribute in tag.attributes { warnDropped(attribute, of: tag) }
        try cursor.children(of: tag) { child in
            guard child.namespace == namespace else {
                warn("unknown element <\(child.qualifiedName)> in <extras> is dropped", at: child)
                return try cursor.skip(child)
            }
            switch child.localName {
            case "elements":
                try cursor.children(of: child) { element in leftovers.foreign.elements.append(try cursor.capture(element)) }
            case "bag":
                guard let codec = child.attributes.first(where: { $0.namespace.isEmpty && $0.localName == "codec" })?.value else {
                    throw XMLDecodingError.missingField("@codec", in: "<bag>", at: cursor.position(child.mark))
                }
                guard leftovers.bags[codec] == nil else {
                    throw XMLDecodingError.duplicateElement("bag codec=\"\(codec)\"", in: "<extras>", at: cursor.position(child.mark))
                }
                leftovers.bags[codec] = try singleOpaque(in: child, what: "<bag codec=\"\(codec)\">")
            default:
                warn("unknown element <\(child.qualifiedName)> in <extras> is dropped", at: child)
                try cursor.skip(child)
            }
        }
    }

    /// The item's extras: the other formats' bags, and what XML held that almanac does
    /// not know as the `xml` bag.
    private func extras(_ leftovers: Leftovers, at tag: XMLStartTag) -> Extras {
        var extras = Extras(leftovers.bags)
        if !leftovers.foreign.isEmpty {
            if leftovers.bags["xml"] != nil {
                warn("<bag codec=\"xml\"> in <\(tag.qualifiedName)> is dropped: the unknown elements and attributes beside it take its place", at: tag)
            }
            extras["xml"] = leftovers.foreign.opaque
        }
        return extras
    }

    /// The one value element inside `tag`.
    private func singleOpaque(in tag: XMLStartTag, what: String) throws -> OpaqueValue {
        var value: OpaqueValue?
        try cursor.children(of: tag) { child in
            guard value == nil else {
                throw XMLDecodingError.unexpectedElement(child.qualifiedName, in: "\(what), which holds one value", at: cursor.position(child.mark))
            }
            value = try opaque(child)
        }
        guard let value else { throw XMLDecodingError.missingField("null|bool|number|string|array|object", in: what, at: cursor.position(tag.mark)) }
        return value
    }

    /// `<null/>`, `<bool>`, `<number>` (a JSON number), `<string>`, `<array>`, `<object>` of `<member key="…">`.
    private func opaque(_ tag: XMLStartTag) throws -> OpaqueValue {
        let what = "<\(tag.qualifiedName)>"
        guard tag.namespace == namespace else {
            throw XMLDecodingError.invalidValue(field: what, reason: "expected one of <null/>, <bool>, <number>, <string>, <array>, <object>", at: cursor.position(tag.mark))
        }
        switch tag.localName {
        case "null":
            try cursor.skip(tag)
            return .null
        case "bool":
            return .bool(try bool(tag, "<bool>"))
        case "number":
            let text = try string(tag).trimmingXMLWhitespace()
            guard Self.isJSONNumber(text) else {
                throw XMLDecodingError.invalidValue(field: "<number>", reason: "'\(text)' is not a JSON number", at: cursor.position(tag.mark))
            }
            return .number(text)
        case "string":
            return .string(try string(tag))
        case "array":
            var elements: [OpaqueValue] = []
            try cursor.children(of: tag) { elements.append(try opaque($0)) }
            return .array(elements)
        case "object":
            var members: [OpaqueMember] = []
            try cursor.children(of: tag) { child in
                guard child.namespace == namespace, child.localName == "member",
                      let key = child.attributes.first(where: { $0.namespace.isEmpty && $0.localName == "key" })?.value else {
                    throw XMLDecodingError.invalidValue(field: "<\(child.qualifiedName)>", reason: "an <object> holds <member key=\"…\"> elements only", at: cursor.position(child.mark))
                }
                members.append(OpaqueMember(key, try singleOpaque(in: child, what: "<member key=\"\(key)\">")))
            }
            return .object(members)
        default:
            throw XMLDecodingError.invalidValue(field: what, reason: "expected one of <null/>, <bool>, <number>, <string>, <array>, <object>", at: cursor.position(tag.mark))
        }
    }

    /// Whether `text` follows the JSON number grammar (so the JSON writer can write it as is).
    static func isJSONNumber(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        func digits() -> Int {
            let count = bytes.prefix(while: { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }).count
            bytes = bytes.dropFirst(count)
            return count
        }
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        if bytes.first == UInt8(ascii: "0") {
            bytes = bytes.dropFirst()
        } else if digits() == 0 {
            return false
        }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            guard digits() > 0 else { return false }
        }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }

    // MARK: Fields

    /// Which fields an element has had, to refuse one given twice.
    private struct Fields {
        let owner: String
        var seen: Set<String> = []

        mutating func once(_ tag: XMLStartTag, _ cursor: XMLTextReader) throws {
            guard seen.insert(tag.localName).inserted else {
                throw XMLDecodingError.duplicateElement(tag.qualifiedName, in: owner, at: cursor.position(tag.mark))
            }
        }
    }

    /// The children of an element that keeps no extras (a yield, group or section): known
    /// ones once each, unknown ones dropped with a warning.
    private func plainChildren(of tag: XMLStartTag, path: String, known: Set<String>, _ body: (XMLStartTag, String) throws -> Void) throws {
        for attribute in tag.attributes { warnDropped(attribute, of: tag) }
        var fields = Fields(owner: path)
        try cursor.children(of: tag) { child in
            guard child.namespace == namespace, known.contains(child.localName) else {
                warn("unknown element <\(child.qualifiedName)> in \(path) is dropped", at: child)
                return try cursor.skip(child)
            }
            try fields.once(child, cursor)
            try body(child, "\(path).\(child.localName)")
        }
    }

    /// The `<child>` elements of a wrapper such as `<ingredients>`, each read by `read`
    /// with its path (`….ingredients[2]`); other elements dropped with a warning.
    private func list<Element>(_ tag: XMLStartTag, of child: String, path: String, _ read: (XMLStartTag, String) throws -> Element) throws -> [Element] {
        for attribute in tag.attributes { warnDropped(attribute, of: tag) }
        var elements: [Element] = []
        try cursor.children(of: tag) { element in
            guard element.namespace == namespace, element.localName == child else {
                warn("unknown element <\(element.qualifiedName)> in \(path) is dropped (expected <\(child)>)", at: element)
                return try cursor.skip(element)
            }
            elements.append(try read(element, "\(path)[\(elements.count)]"))
        }
        return elements
    }

    private func strings(_ tag: XMLStartTag, of child: String, path: String) throws -> [String] {
        try list(tag, of: child, path: path) { element, _ in try string(element) }
    }

    /// The text of a field, exactly as written (white space kept).
    private func string(_ tag: XMLStartTag) throws -> String {
        for attribute in tag.attributes where !(tag.localName == "color" || tag.localName == "bag" || tag.localName == "member") {
            warnDropped(attribute, of: tag)
        }
        return try cursor.text(of: tag)
    }

    /// The text of a typed field, without surrounding white space (as XML Schema reads it).
    private func value(_ tag: XMLStartTag) throws -> String {
        try string(tag).trimmingXMLWhitespace()
    }

    private func bool(_ tag: XMLStartTag, _ field: String) throws -> Bool {
        switch try value(tag) {
        case "true", "1": return true
        case "false", "0": return false
        case let text: throw XMLDecodingError.invalidValue(field: field, reason: "'\(text)' is not true or false", at: cursor.position(tag.mark))
        }
    }

    private func integer(_ tag: XMLStartTag, _ field: String) throws -> Int {
        let text = try value(tag)
        guard let number = Int(text.hasPrefix("+") ? String(text.dropFirst()) : text) else {
            throw XMLDecodingError.invalidValue(field: field, reason: "'\(text)' is not an integer", at: cursor.position(tag.mark))
        }
        return number
    }

    private func double(_ tag: XMLStartTag, _ field: String) throws -> Double {
        try double(try value(tag), field: field, at: tag)
    }

    /// An `xs:double`: a decimal number with an optional exponent, or `INF`, `-INF`, `NaN`.
    private func double(_ raw: String, field: String, at tag: XMLStartTag) throws -> Double {
        let text = raw.trimmingXMLWhitespace()
        switch text {
        case "INF", "+INF": return .infinity
        case "-INF": return -.infinity
        case "NaN": return .nan
        default: break
        }
        var body = text
        if body.hasPrefix("+") || body.hasPrefix("-") { body.removeFirst() }
        let mantissa = body.split(separator: "e", maxSplits: 1, omittingEmptySubsequences: false).first.map { $0.split(separator: "E", maxSplits: 1, omittingEmptySubsequences: false)[0] } ?? ""
        let isDecimal = !body.isEmpty && body.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "." || $0 == "e" || $0 == "E" || $0 == "+" || $0 == "-") }
            && mantissa.contains(where: \.isNumber)
        guard isDecimal, let number = Double(text) else {
            throw XMLDecodingError.invalidValue(field: field, reason: "'\(text)' is not a number", at: cursor.position(tag.mark))
        }
        return number
    }

    private func duration(_ tag: XMLStartTag, _ field: String) throws -> ISODuration {
        let text = try value(tag)
        guard let duration = ISODuration(text) else {
            throw XMLDecodingError.invalidValue(field: field, reason: "'\(text)' is not an ISO 8601 duration such as PT1H30M", at: cursor.position(tag.mark))
        }
        return duration
    }

    /// A time as written, with the zone of its `timeZone` attribute, if any.
    private struct ReadTime {
        var time: CalendarTime
        var zone: String?

        /// A local time gets its own zone, or else `defaultZone`; dates and UTC times none.
        func resolved(defaultZone: String?) -> CalendarTime {
            guard let zone = zone ?? defaultZone, case .floating(let local) = time else { return time }
            return .zoned(local, timeZone: zone)
        }
    }

    private func time(_ tag: XMLStartTag, _ field: String) throws -> ReadTime {
        var zone: String?
        for attribute in tag.attributes {
            guard attribute.namespace.isEmpty, attribute.localName == "timeZone" else {
                warnDropped(attribute, of: tag)
                continue
            }
            let name = attribute.value.trimmingXMLWhitespace()
            guard TimeZoneNames.isKnown(name) else {
                throw XMLDecodingError.invalidValue(field: "\(field)/@timeZone", reason: "'\(name)' is not an IANA time zone such as Europe/Berlin", at: cursor.position(tag.mark))
            }
            zone = name
        }
        let text = try cursor.text(of: tag).trimmingXMLWhitespace()
        guard let time = ISO8601Text.parseCalendarTime(Array(text.utf8)) else {
            throw XMLDecodingError.invalidValue(field: field, reason: "'\(text)' is not an ISO 8601 date (YYYY-MM-DD) or date-time (YYYY-MM-DDTHH:MM:SS, with Z or an offset for UTC)", at: cursor.position(tag.mark))
        }
        return ReadTime(time: time, zone: zone)
    }

    /// A stable id for an item that has none, from its title, path and place.
    private func generatedID(title: String, path: String, position: SourcePosition) -> String {
        StableID.make(from: Array(title.utf8) + Array("@\(position.offset)".utf8), salt: path)
    }
}
