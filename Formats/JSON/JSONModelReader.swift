import AlmanacCore
import AlmanacJSONKit

/// Turns the bytes of one item object into the model in one pass, as they are checked
/// (``JSONScanner``): no tree or tape of the item is made. Model errors wait until the
/// item's bytes have all been read (``JSONFault``), then come in the order the fields are
/// read below, so the error for an input is the one a read of the whole document first and
/// its model after would give. Offsets are in the scanner's bytes; whoever reads places them.
struct JSONModelReader {
    var scanner: JSONScanner
    /// For ``init(sourceMap:source:maximumDepth:)``: the bytes' place in the input and the input's name.
    private var sourceMap: JSONSourceMap?
    private var source = ""
    /// The warnings of the items ``wholeItem(path:item:defaultKind:guess:)`` read.
    private(set) var diagnostics: [Diagnostic] = []

    init(scanner: JSONScanner) {
        self.scanner = scanner
    }

    /// A reader of the bytes of `sourceMap` (an NDJSON line), placing errors and warnings
    /// with it; arrays and objects deeper than `maximumDepth` are refused.
    init(sourceMap: JSONSourceMap, source: String, maximumDepth: Int) {
        scanner = JSONScanner(sourceMap.bytes, maximumDepth: maximumDepth)
        self.sourceMap = sourceMap
        self.source = source
    }

    /// Reads the bytes (``init(sourceMap:source:maximumDepth:)``) as one item object with
    /// nothing but white space around it (and a byte-order mark before), in one pass; its
    /// kind is decided as ``item(kind:path:name:defaultKind:guess:)`` decides it. A model
    /// error waits until the bytes after the object are checked, so that those not being
    /// JSON is the error, as in a read of the whole bytes as JSON first.
    mutating func wholeItem(path: JSONPath, item name: @autoclosure () -> String, defaultKind: ItemKind?, guess: ItemKind) throws -> Item {
        guard let sourceMap else { preconditionFailure("JSONModelReader.wholeItem needs init(sourceMap:source:maximumDepth:)") }
        let bytes = scanner.bytes
        do {
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { scanner.index = 3 }
            scanner.skipWhitespace()
            _ = try scanner.peek(expected: "a value")
            let read: Result<(Item, [JSONWarning]), JSONFault>
            do {
                read = .success(try item(kind: nil, path: path, name: name(), defaultKind: defaultKind, guess: guess))
            } catch let fault as JSONFault {
                read = .failure(fault)
            }
            scanner.skipWhitespace()
            if scanner.index < bytes.count {
                throw JSONSyntaxError.unexpectedCharacter(found: JSONScanner.describe(bytes[scanner.index]), expected: "end of input", offset: scanner.index)
            }
            let (item, warnings) = try read.get()
            diagnostics += warnings.map { Diagnostic(.warning, $0.message, source: source, position: sourceMap.position($0.offset)) }
            return item
        } catch let fault as JSONFault {
            throw fault.error(sourceMap.position(fault.offset))
        } catch let error as JSONSyntaxError {
            throw JSONDecodingError(error, in: sourceMap)
        }
    }

    /// Reads the item object that comes next, at `path` (`events[2]`, `line 3`). Of `kind`
    /// when its place says (a document's `events`); else its own `kind` member says, or
    /// ``ItemKindClues`` decides from its fields and `defaultKind`, `name` naming it in that
    /// error. It is read as `guess` first, and once more when it turns out to be the other kind.
    mutating func item(kind: ItemKind?, path: JSONPath, name: @autoclosure () -> String, defaultKind: ItemKind?, guess: ItemKind) throws -> (Item, [JSONWarning]) {
        let start = scanner.index
        guard scanner.bytes[start] == UInt8(ascii: "{") else {
            let found = JSONScanner.typeName(startingWith: scanner.bytes[start])
            _ = try scanner.opaqueValue()
            let field = path.text
            throw JSONFault(offset: start) { .typeMismatch(field: field, expected: "an object", found: found, at: $0) }
        }
        if let kind { return try read(kind, path: path, kindMember: false).parsed.get() }
        let depth = scanner.depth
        var hypothesis = firstKind() ?? guess
        while true {
            let (parsed, object) = try read(hypothesis, path: path, kindMember: true)
            let decided = try object.kind.get() ?? ItemKindClues.kind(of: object, item: name(), defaultKind: defaultKind)
            if decided == hypothesis { return try parsed.get() }
            scanner.index = start
            scanner.depth = depth
            hypothesis = decided
        }
    }

    /// The kind the object that comes next names in its first member, as almanac writes
    /// items (`{"kind": "event", …}`), looked at without reading on; `nil` when it has none.
    private func firstKind() -> ItemKind? {
        var ahead = scanner
        ahead.index += 1
        ahead.skipWhitespace()
        guard let key = try? ahead.readKey(), key.text == "kind" else { return nil }
        ahead.skipWhitespace()
        guard (try? ahead.expect(UInt8(ascii: ":"), "':'")) != nil else { return nil }
        ahead.skipWhitespace()
        guard (try? ahead.peek(expected: "a value")) == UInt8(ascii: "\""), let name = try? ahead.readString() else { return nil }
        return ItemKind(rawValue: name.text)
    }

    private mutating func read(_ kind: ItemKind, path: JSONPath, kindMember: Bool) throws -> (parsed: JSONParsed<Item>, object: JSONObjectReader) {
        switch kind {
        case .event:
            let (parsed, object) = try event(path: path, kindMember: kindMember)
            return (parsed.map { (.event($0.value), $0.warnings) }, object)
        case .recipe:
            let (parsed, object) = try recipe(path: path, kindMember: kindMember)
            return (parsed.map { (.recipe($0.value), $0.warnings) }, object)
        }
    }

    // MARK: Events

    /// The fields of an event as read, with where the ones later checks point at are.
    private struct EventFields {
        var id = JSONRead<String?>.success(nil), title = JSONRead<String?>.success(nil), symbol = JSONRead<String?>.success(nil)
        var color = JSONRead<(RGBAColor, [JSONWarning])?>.success(nil)
        var timeZone = JSONRead<String?>.success(nil), endTimeZone = JSONRead<String?>.success(nil)
        var start = JSONRead<CalendarTime?>.success(nil), end = JSONRead<CalendarTime?>.success(nil), recurrenceID = JSONRead<CalendarTime?>.success(nil)
        var allDay = JSONRead<Bool?>.success(nil)
        var location = JSONRead<String?>.success(nil), notes = JSONRead<String?>.success(nil), url = JSONRead<String?>.success(nil)
        var recurrence = JSONRead<String?>.success(nil)
        var categories = JSONRead<[String]>.success([]), recipes = JSONRead<[String]>.success([])
        var priority = JSONRead<Int?>.success(nil)
        var tasks = JSONRead<[JSONParsed<EventTask>]>.success([])
        var bags = JSONRead<[OpaqueMember]>.success([])
        var timeZoneKey = 0, endTimeZoneKey = 0, allDayKey = 0, allDayValue = 0, endValue = 0
    }

    mutating func event(path: JSONPath, kindMember: Bool = false) throws -> (JSONParsed<Event>, JSONObjectReader) {
        var fields = EventFields()
        let object = try members(path: path, kindMember: kindMember) { reader, key, object, keyOffset in
            switch key {
            case .id: fields.id = try reader.string(key, object)
            case .title: fields.title = try reader.string(key, object)
            case .symbol: fields.symbol = try reader.string(key, object)
            case .color: fields.color = try reader.color(object)
            case .timeZone:
                fields.timeZoneKey = keyOffset
                fields.timeZone = try reader.timeZone(key, object)
            case .endTimeZone:
                fields.endTimeZoneKey = keyOffset
                fields.endTimeZone = try reader.timeZone(key, object)
            case .start: fields.start = try reader.calendarTime(key, object)
            case .end:
                fields.endValue = reader.scanner.index
                fields.end = try reader.calendarTime(key, object)
            case .recurrenceId: fields.recurrenceID = try reader.calendarTime(key, object)
            case .allDay:
                fields.allDayKey = keyOffset
                fields.allDayValue = reader.scanner.index
                fields.allDay = try reader.bool(key, object)
            case .location: fields.location = try reader.string(key, object)
            case .notes: fields.notes = try reader.string(key, object)
            case .url: fields.url = try reader.string(key, object)
            case .categories: fields.categories = try reader.strings(key, object)
            case .recurrence: fields.recurrence = try reader.string(key, object)
            case .priority: fields.priority = try reader.integer(key, object)
            case .tasks: fields.tasks = try reader.objects(key, object) { reader, path in try reader.task(path: path) }
            case .recipes: fields.recipes = try reader.strings(key, object)
            case .extras: fields.bags = try reader.bags(object)
            default: return false
            }
            return true
        }
        return (JSONParsed { try event(fields, object) }, object)
    }

    private func event(_ fields: EventFields, _ object: JSONObjectReader) throws -> (value: Event, warnings: [JSONWarning]) {
        var warnings: [JSONWarning] = []
        let id = try fields.id.get() ?? object.generatedID(scanner.bytes)
        var event = Event(id: id, title: try object.required(fields.title, .title, in: "event"))
        event.symbol = try fields.symbol.get()
        if let (color, found) = try fields.color.get() {
            event.color = color
            warnings += found
        }
        let zone = try fields.timeZone.get()
        let endZone = try fields.endTimeZone.get() ?? zone
        event.start = try fields.start.get().map { attach(zone, to: $0) }
        event.end = try fields.end.get().map { attach(endZone, to: $0) }
        event.recurrenceID = try fields.recurrenceID.get()
        if let allDay = try fields.allDay.get(), let start = event.start, allDay != start.isDateOnly {
            let reason = allDay ? "an all-day event's start is a date such as 2026-12-24" : "a start without a time makes an all-day event"
            throw object.invalid(.allDay, reason, at: fields.allDayValue)
        }
        if let start = event.start, let end = event.end, start.isDateOnly != end.isDateOnly {
            throw object.invalid(.end, "start and end must both be dates or both be date-times", at: fields.endValue)
        }
        event.location = try fields.location.get()
        event.notes = try fields.notes.get()
        event.url = try fields.url.get()
        event.categories = try fields.categories.get()
        event.recurrence = try fields.recurrence.get()
        event.priority = try fields.priority.get()
        warnings += ignoredKeyWarnings(event, zone: zone, fields, object)
        event.tasks = try unwrap(fields.tasks, into: &warnings)
        event.recipes = try fields.recipes.get()
        event.extras = try object.extras(fields.bags)
        return (event, warnings)
    }

    /// Keys that say something the times do not use are read, but never silently. Most
    /// events have none of them, and then nothing is made.
    private func ignoredKeyWarnings(_ event: Event, zone: String?, _ fields: EventFields, _ object: JSONObjectReader) -> [JSONWarning] {
        let zoneIgnored = zone != nil && !Self.isZoned(event.start) && !Self.isZoned(event.end)
        let endZoneIgnored = object.present.contains(.endTimeZone) && event.end == nil
        let allDayIgnored = object.present.contains(.allDay) && event.start == nil
        guard zoneIgnored || endZoneIgnored || allDayIgnored else { return [] }
        var ignored: [(key: JSONField, offset: Int, reason: String)] = []
        if zoneIgnored {
            ignored.append((.timeZone, fields.timeZoneKey, "no start or end is a local date-time it could apply to"))
        }
        if endZoneIgnored {
            ignored.append((.endTimeZone, fields.endTimeZoneKey, "the event has no end"))
        }
        if allDayIgnored {
            ignored.append((.allDay, fields.allDayKey, "the event has no start"))
        }
        return ignored.map { JSONWarning(message: "'\(object.path($0.key))' is ignored: \($0.reason)", offset: $0.offset) }
    }

    /// Whether `time` is a local time in a named zone (no String of the zone is made).
    private static func isZoned(_ time: CalendarTime?) -> Bool {
        if case .zoned? = time { return true }
        return false
    }

    private mutating func task(path: JSONPath) throws -> JSONParsed<EventTask> {
        var id = JSONRead<String?>.success(nil), text = JSONRead<String?>.success(nil)
        var done = JSONRead<Bool?>.success(nil)
        var bags = JSONRead<[OpaqueMember]>.success([])
        let object = try members(path: path) { reader, key, object, _ in
            switch key {
            case .id: id = try reader.string(key, object)
            case .text: text = try reader.string(key, object)
            case .isCompleted: done = try reader.bool(key, object)
            case .extras: bags = try reader.bags(object)
            default: return false
            }
            return true
        }
        return JSONParsed {
            let id = try id.get() ?? object.generatedID(scanner.bytes)
            let task = EventTask(id: id, text: try text.get() ?? "", isCompleted: try done.get() ?? false, extras: try object.extras(bags))
            return (task, [])
        }
    }

    private func attach(_ zone: String?, to time: CalendarTime) -> CalendarTime {
        guard let zone, case .floating(let local) = time else { return time }
        return .zoned(local, timeZone: zone)
    }

    /// A hex color, or an object of `red`, `green`, `blue` and `alpha` from 0 to 1.
    private mutating func color(_ object: JSONObjectReader) throws -> JSONRead<(RGBAColor, [JSONWarning])?> {
        let start = scanner.index
        switch scanner.bytes[start] {
        case UInt8(ascii: "\""):
            let hex = try scanner.readString().text
            guard let color = RGBAColor(hex: hex) else {
                return .failure(object.invalid(.color, "'\(hex)' is not a hex color such as #RGB, #RRGGBB or #RRGGBBAA", at: start))
            }
            return .success((color, []))
        case UInt8(ascii: "{"):
            var red = JSONRead<Double?>.success(nil), green = JSONRead<Double?>.success(nil)
            var blue = JSONRead<Double?>.success(nil), alpha = JSONRead<Double?>.success(nil)
            let components = try members(path: object.path.field(.color)) { reader, key, object, _ in
                switch key {
                case .red: red = try reader.double(key, object)
                case .green: green = try reader.double(key, object)
                case .blue: blue = try reader.double(key, object)
                case .alpha: alpha = try reader.double(key, object)
                default: return false
                }
                return true
            }
            return JSONRead {
                func component(_ value: JSONRead<Double?>, _ key: JSONField) throws -> Double {
                    guard let number = try value.get() else {
                        let what = "color \(components.path.text)"
                        throw JSONFault(offset: start) { .missingField(key.name, in: what, at: $0) }
                    }
                    return number
                }
                let color = RGBAColor(red: try component(red, .red), green: try component(green, .green), blue: try component(blue, .blue), alpha: try alpha.get() ?? 1)
                return (color, components.unusedKeyWarnings)
            }
        default:
            if scanner.bytes[start] == UInt8(ascii: "n") {
                try scanner.literal("null")
                return .success(nil)
            }
            let found = scanner.bytes[start]
            _ = try scanner.opaqueValue()
            return .failure(object.mismatch(.color, "an object", found: found, at: start))
        }
    }
}
