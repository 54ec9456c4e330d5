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
    /// What the items read before hold that the next may hold again (off unless set).
    var memo = JSONReadMemo()

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
        if let kind { return try taken(read(kind, path: path, kindMember: false).parsed) }
        let depth = scanner.depth
        var hypothesis = firstKind() ?? guess
        while true {
            let (parsed, object) = try read(hypothesis, path: path, kindMember: true)
            let decided = try object.kind.get() ?? ItemKindClues.kind(of: object, item: name(), defaultKind: defaultKind)
            if decided == hypothesis { return try taken(parsed) }
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
            return (Result { let (event, warnings) = try taken(parsed); return (.event(event), warnings) }, object)
        case .recipe:
            let (parsed, object) = try recipe(path: path, kindMember: kindMember)
            return (Result { let (recipe, warnings) = try taken(parsed); return (.recipe(recipe), warnings) }, object)
        }
    }

    /// The value and warnings `parsed` holds, moved out of it (`get()` would copy an item
    /// whole), or its fault thrown.
    private func taken<Value>(_ parsed: consuming JSONParsed<Value>) throws -> (value: Value, warnings: [JSONWarning]) {
        switch consume parsed {
        case .success(let read): return read
        case .failure(let error): throw error
        }
    }

    // MARK: Events

    /// An event as its members are read: the model's fields set in place as they come, the
    /// faults of those that are wrong kept by ``JSONFaults`` for when the object is read.
    private struct EventDraft {
        /// The event as its fields come, taken whole (not copied) once the object is read.
        var event: Event? = EventDraft.blank
        /// The event every draft starts from, made once (a copy of it costs less than
        /// ``Event``'s initializer with all its defaults).
        private static let blank = Event(id: "", title: "")
        var id: String?, title: String?, zone: String?, endZone: String?, allDay: Bool?
        var colorWarnings: [JSONWarning] = []
        var tasks = JSONObjects<EventTask>()
        var bags: [OpaqueMember] = []
        /// The extras `bags` make alone.
        var bagExtras = Extras()
        var faults = JSONFaults()
        /// Where the keys and values later checks point at are.
        var timeZoneKey = 0, endTimeZoneKey = 0, allDayKey = 0, allDayValue = 0, endValue = 0
    }

    mutating func event(path: JSONPath, kindMember: Bool = false) throws -> (JSONParsed<Event>, JSONObjectReader) {
        var draft = EventDraft()
        let object = try members(path: path, kindMember: kindMember) { reader, key, object, keyOffset in
            switch key {
            case .id: draft.id = draft.faults.value(try reader.string(key, object), key) ?? nil
            case .title: draft.title = draft.faults.value(try reader.string(key, object), key) ?? nil
            case .symbol: draft.event!.symbol = draft.faults.value(try reader.string(key, object), key) ?? nil
            case .color:
                if let (color, found) = draft.faults.value(try reader.color(object), key) ?? nil {
                    draft.event!.color = color
                    draft.colorWarnings = found
                }
            case .timeZone:
                draft.timeZoneKey = keyOffset
                draft.zone = draft.faults.value(try reader.timeZone(key, object), key) ?? nil
            case .endTimeZone:
                draft.endTimeZoneKey = keyOffset
                draft.endZone = draft.faults.value(try reader.timeZone(key, object), key) ?? nil
            case .start: draft.event!.start = draft.faults.value(try reader.calendarTime(key, object), key) ?? nil
            case .end:
                draft.endValue = reader.scanner.index
                draft.event!.end = draft.faults.value(try reader.calendarTime(key, object), key) ?? nil
            case .recurrenceId: draft.event!.recurrenceID = draft.faults.value(try reader.calendarTime(key, object), key) ?? nil
            case .allDay:
                draft.allDayKey = keyOffset
                draft.allDayValue = reader.scanner.index
                draft.allDay = draft.faults.value(try reader.bool(key, object), key) ?? nil
            case .location: draft.event!.location = draft.faults.value(try reader.string(key, object), key) ?? nil
            case .notes: draft.event!.notes = draft.faults.value(try reader.string(key, object), key) ?? nil
            case .url: draft.event!.url = draft.faults.value(try reader.string(key, object), key) ?? nil
            case .categories: draft.event!.categories = draft.faults.value(try reader.strings(key, object), key) ?? []
            case .recurrence: draft.event!.recurrence = draft.faults.value(try reader.string(key, object), key) ?? nil
            case .priority: draft.event!.priority = draft.faults.value(try reader.integer(key, object), key) ?? nil
            case .tasks: draft.tasks = draft.faults.value(try reader.objects(key, object) { reader, path in try reader.task(path: path) }, key) ?? JSONObjects()
            case .recipes: draft.event!.recipes = draft.faults.value(try reader.strings(key, object), key) ?? []
            case .extras:
                if let (bags, extras) = draft.faults.value(try reader.eventBags(object), key) {
                    draft.bags = bags
                    draft.bagExtras = extras
                }
            default: return false
            }
            return true
        }
        return (JSONParsed { try event(&draft, object) }, object)
    }

    /// The event of `draft` once its object is read: the first fault in the order of the
    /// fields below (the order of the checks of a read of the whole document), or the event.
    private func event(_ draft: inout EventDraft, _ object: JSONObjectReader) throws -> (value: Event, warnings: [JSONWarning]) {
        let faults = draft.faults
        var event = draft.event.take()!
        try faults.check(.id)
        event.id = draft.id ?? object.generatedID(scanner.bytes)
        try faults.check(.title)
        guard let title = draft.title else { throw object.missing(.title, in: "event") }
        event.title = title
        if faults.any {
            for field in [JSONField.symbol, .color, .timeZone, .endTimeZone, .start, .end, .recurrenceId, .allDay] { try faults.check(field) }
        }
        var warnings = draft.colorWarnings
        let zone = draft.zone
        event.start = event.start.map { attach(zone, to: $0) }
        event.end = event.end.map { attach(draft.endZone ?? zone, to: $0) }
        if let allDay = draft.allDay, let start = event.start, allDay != start.isDateOnly {
            let reason = allDay ? "an all-day event's start is a date such as 2026-12-24" : "a start without a time makes an all-day event"
            throw object.invalid(.allDay, reason, at: draft.allDayValue)
        }
        if let start = event.start, let end = event.end, start.isDateOnly != end.isDateOnly {
            throw object.invalid(.end, "start and end must both be dates or both be date-times", at: draft.endValue)
        }
        if faults.any {
            for field in [JSONField.location, .notes, .url, .categories, .recurrence, .priority] { try faults.check(field) }
        }
        warnings += ignoredKeyWarnings(start: event.start, end: event.end, zone: zone, draft, object)
        try faults.check(.tasks)
        event.tasks = try unwrap(.success(draft.tasks), into: &warnings)
        try faults.check(.recipes)
        try faults.check(.extras)
        event.extras = object.unknown.isEmpty ? draft.bagExtras : try object.extras(.success(draft.bags))
        return (event, warnings)
    }

    /// Keys that say something the times do not use are read, but never silently. Most
    /// events have none of them, and then nothing is made.
    private func ignoredKeyWarnings(start: CalendarTime?, end: CalendarTime?, zone: String?, _ draft: EventDraft, _ object: JSONObjectReader) -> [JSONWarning] {
        let zoneIgnored = zone != nil && !Self.isZoned(start) && !Self.isZoned(end)
        let endZoneIgnored = object.present.contains(.endTimeZone) && end == nil
        let allDayIgnored = object.present.contains(.allDay) && start == nil
        guard zoneIgnored || endZoneIgnored || allDayIgnored else { return [] }
        var ignored: [(key: JSONField, offset: Int, reason: String)] = []
        if zoneIgnored {
            ignored.append((.timeZone, draft.timeZoneKey, "no start or end is a local date-time it could apply to"))
        }
        if endZoneIgnored {
            ignored.append((.endTimeZone, draft.endTimeZoneKey, "the event has no end"))
        }
        if allDayIgnored {
            ignored.append((.allDay, draft.allDayKey, "the event has no start"))
        }
        return ignored.map { JSONWarning(message: "'\(object.path($0.key))' is ignored: \($0.reason)", offset: $0.offset) }
    }

    /// Whether `time` is a local time in a named zone (no String of the zone is made).
    private static func isZoned(_ time: CalendarTime?) -> Bool {
        if case .zoned? = time { return true }
        return false
    }

    private mutating func task(path: JSONPath) throws -> JSONParsed<EventTask> {
        var id: String?, text: String?, done: Bool?
        var bags: [OpaqueMember] = []
        var faults = JSONFaults()
        let object = try members(path: path) { reader, key, object, _ in
            switch key {
            case .id: id = faults.value(try reader.string(key, object), key) ?? nil
            case .text: text = faults.value(try reader.string(key, object), key) ?? nil
            case .isCompleted: done = faults.value(try reader.bool(key, object), key) ?? nil
            case .extras: bags = faults.value(try reader.bags(object), key) ?? []
            default: return false
            }
            return true
        }
        return JSONParsed {
            try faults.check(.id)
            let id = id ?? object.generatedID(scanner.bytes)
            try faults.check(.text)
            try faults.check(.isCompleted)
            try faults.check(.extras)
            return (EventTask(id: id, text: text ?? "", isCompleted: done ?? false, extras: try object.extras(.success(bags))), [])
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
            if memo.isEnabled, let color = memo.colors.value(at: &scanner) { return .success((color, [])) }
            let depth = scanner.depth
            let read = try colorComponents(object)
            if memo.isEnabled, case .success(let (color, warnings)?) = read, warnings.isEmpty {
                memo.colors.remember(color, from: start, depth: depth, scanner)
            }
            return read
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

    /// A color object's `red`, `green`, `blue` and `alpha`, its `{` next.
    private mutating func colorComponents(_ object: JSONObjectReader) throws -> JSONRead<(RGBAColor, [JSONWarning])?> {
        let start = scanner.index
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
    }
}
