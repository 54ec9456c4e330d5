import AlmanacCore
import AlmanacJSONKit

/// Turns parsed JSON into the model: the document shape of the `json` format
/// and the item objects both formats share. Collects warnings as it goes.
struct JSONModelReader {
    let sourceMap: JSONSourceMap
    /// The input's name for diagnostics.
    let source: String
    var diagnostics: [Diagnostic] = []
    /// Where each item of the last document read starts.
    private(set) var origins = ItemOrigins()

    init(sourceMap: JSONSourceMap, source: String) {
        self.sourceMap = sourceMap
        self.source = source
    }

    /// Reads `{"almanac": 1, "recipes": [...], "events": [...]}`.
    mutating func document(_ root: JSONValue) throws -> AlmanacDocument {
        guard root.type == .object else {
            throw JSONDecodingError.typeMismatch(field: "the document", expected: "an object or an array of items", found: root.typeName, at: sourceMap.position(root.start))
        }
        var object = try JSONObjectReader(root, path: "", sourceMap: sourceMap)
        if let version = object.value("almanac") {
            guard case .number(let text) = version.kind else { throw object.mismatch("almanac", "the format version 1", version) }
            guard Double(text) == 1 else { throw JSONDecodingError.unsupportedVersion(text, at: sourceMap.position(version.start)) }
        }
        var document = AlmanacDocument()
        let recipes = try object.objects("recipes")
        let events = try object.objects("events")
        document.recipes = try recipes.map { try recipe($0) }
        document.events = try events.map { try event($0) }
        document.extras = try object.extras()
        let positions = sourceMap.positions((recipes + events).map(\.value.start))
        origins = ItemOrigins(recipes: Array(positions.prefix(recipes.count)), events: Array(positions.dropFirst(recipes.count)))
        return document
    }

    /// Reads a bare array of item objects, `[{...}, {...}]` (what `jq '.events'` prints), each
    /// one's kind decided as ``item(_:path:item:defaultKind:)`` decides it.
    mutating func items(_ root: JSONValue, defaultKind: ItemKind?) throws -> AlmanacDocument {
        var document = AlmanacDocument()
        let elements = root.elements ?? []
        let positions = sourceMap.positions(elements.map(\.start))
        for (index, element) in elements.enumerated() {
            let item = try item(element, path: "[\(index)]", item: "item [\(index)]", defaultKind: defaultKind)
            document.append(item)
            switch item.kind {
            case .recipe: origins.recipes.append(positions[index])
            case .event: origins.events.append(positions[index])
            }
        }
        return document
    }

    /// Reads one item object (an NDJSON line, an element of an array of items). Its own
    /// `kind` says what it is; without one, ``ItemKindClues`` decides from its fields and
    /// `defaultKind`. `item` names it in that error (`the item on line 3`).
    mutating func item(_ value: JSONValue, path: String, item: String, defaultKind: ItemKind?) throws -> Item {
        var object = try JSONObjectReader(value, path: path, sourceMap: sourceMap)
        let kind: ItemKind
        if let kindValue = object.value("kind") {
            guard case .string(let name) = kindValue.kind, let named = ItemKind(rawValue: name) else {
                throw object.invalid("kind", "must be \"recipe\" or \"event\"", kindValue)
            }
            kind = named
        } else {
            kind = try ItemKindClues.kind(of: object, item: item, defaultKind: defaultKind)
        }
        switch kind {
        case .recipe: return .recipe(try recipe(object))
        case .event: return .event(try event(object))
        }
    }

    // MARK: Events

    mutating func event(_ reader: JSONObjectReader) throws -> Event {
        var object = reader
        let id = try object.string("id") ?? object.generatedID
        var event = Event(id: id, title: try object.requiredString("title", in: "event"))
        event.symbol = try object.string("symbol")
        event.color = try color(&object)
        let zone = try timeZone(&object, "timeZone")
        let endZone = try timeZone(&object, "endTimeZone") ?? zone
        event.start = try object.calendarTime("start").map { attach(zone, to: $0) }
        event.end = try object.calendarTime("end").map { attach(endZone, to: $0) }
        event.recurrenceID = try object.calendarTime("recurrenceId")
        if let allDay = try object.bool("allDay"), let start = event.start, allDay != start.isDateOnly {
            let reason = allDay ? "an all-day event's start is a date such as 2026-12-24" : "a start without a time makes an all-day event"
            throw object.invalid("allDay", reason, object.value("allDay")!)
        }
        if let start = event.start, let end = event.end, start.isDateOnly != end.isDateOnly {
            throw object.invalid("end", "start and end must both be dates or both be date-times", object.value("end")!)
        }
        event.location = try object.string("location")
        event.notes = try object.string("notes")
        event.url = try object.string("url")
        event.categories = try object.strings("categories")
        event.recurrence = try object.string("recurrence")
        event.priority = try object.integer("priority")
        warnAboutIgnoredKeys(event, zone: zone, object: &object)
        event.tasks = try object.objects("tasks").map { try task($0) }
        event.recipes = try object.strings("recipes")
        event.extras = try object.extras()
        return event
    }

    private mutating func task(_ reader: JSONObjectReader) throws -> EventTask {
        var object = reader
        let id = try object.string("id") ?? object.generatedID
        return EventTask(
            id: id,
            text: try object.string("text") ?? "",
            isCompleted: try object.bool("isCompleted") ?? false,
            extras: try object.extras()
        )
    }

    /// Keys that say something the times do not use are read, but never silently.
    private mutating func warnAboutIgnoredKeys(_ event: Event, zone: String?, object: inout JSONObjectReader) {
        var ignored: [(key: String, reason: String)] = []
        let usesZone = [event.start, event.end].contains { $0?.timeZoneID != nil }
        if zone != nil, !usesZone, event.start?.timeZoneID == nil {
            ignored.append(("timeZone", "no start or end is a local date-time it could apply to"))
        }
        if object.value("endTimeZone") != nil, event.end == nil {
            ignored.append(("endTimeZone", "the event has no end"))
        }
        if object.value("allDay") != nil, event.start == nil {
            ignored.append(("allDay", "the event has no start"))
        }
        for (key, reason) in ignored {
            let offset = object.keyOffset(key) ?? object.value.start
            diagnostics.append(Diagnostic(.warning, "'\(object.path(key))' is ignored: \(reason)", source: source, position: sourceMap.position(offset)))
        }
    }

    private func timeZone(_ object: inout JSONObjectReader, _ key: String) throws -> String? {
        guard let zone = try object.string(key) else { return nil }
        guard TimeZoneNames.isKnown(zone) else {
            throw object.invalid(key, "'\(zone)' is not an IANA time zone such as Europe/Berlin", object.value(key)!)
        }
        return zone
    }

    private func attach(_ zone: String?, to time: CalendarTime) -> CalendarTime {
        guard let zone, case .floating(let local) = time else { return time }
        return .zoned(local, timeZone: zone)
    }

    private mutating func color(_ object: inout JSONObjectReader) throws -> RGBAColor? {
        guard let found = object.value("color") else { return nil }
        if case .string(let hex) = found.kind {
            guard let color = RGBAColor(hex: hex) else { throw object.invalid("color", "'\(hex)' is not a hex color such as #RGB, #RRGGBB or #RRGGBBAA", found) }
            return color
        }
        var components = try JSONObjectReader(found, path: object.path("color"), sourceMap: sourceMap)
        func component(_ key: String) throws -> Double {
            guard let value = try components.double(key) else {
                throw JSONDecodingError.missingField(key, in: "color \(components.path)", at: sourceMap.position(found.start))
            }
            return value
        }
        let color = RGBAColor(red: try component("red"), green: try component("green"), blue: try component("blue"), alpha: try components.double("alpha") ?? 1)
        diagnostics += components.unusedKeyWarnings(source: source)
        return color
    }
}
