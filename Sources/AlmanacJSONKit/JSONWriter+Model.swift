import AlmanacCore

/// The almanac JSON shape of the model, written here, in the module of ``JSONWriter``, so
/// that every call to the writer (keys, strings, containers and their closures) is inlined
/// and specialized: from another module each would be a call that is neither.
///
/// Fixed camelCase keys in a fixed order, absent and empty fields left out, unknown keys
/// from a JSON source written back after the known ones, other formats' extras under `extras`.
extension JSONWriter {
    /// The bytes written so far, counted without copying them.
    package var byteCount: Int { count }

    /// One item; with `kind`, the object starts with `"kind": "recipe"` or `"event"` (NDJSON).
    package mutating func item(_ item: Item, kind: Bool) {
        switch item {
        case .recipe(let recipe): self.recipe(recipe, kind: kind)
        case .event(let event): self.event(event, kind: kind)
        }
    }

    /// One event as an object.
    package mutating func event(_ event: Event, kind: Bool) {
        open(UInt8(ascii: "{"))
        eventHead(event, kind: kind)
        eventTimes(event)
        eventTail(event, kind: kind)
        close(UInt8(ascii: "}"))
    }

    /// The members of an event before its times.
    package mutating func eventHead(_ event: Event, kind: Bool) {
        if kind { member("kind", ItemKind.event.rawValue) }
        member("id", event.id)
        member("title", event.title)
        member("symbol", event.symbol)
        if let color = event.color {
            fixedKey("color")
            open(UInt8(ascii: "{"))
            member("red", color.red)
            member("green", color.green)
            member("blue", color.blue)
            member("alpha", color.alpha)
            close(UInt8(ascii: "}"))
        }
    }

    /// `start`, `end` and `recurrenceId`.
    package mutating func eventTimes(_ event: Event) {
        member("start", event.start, zoned: false)
        member("end", event.end, zoned: false)
        member("recurrenceId", event.recurrenceID, zoned: true)
    }

    /// The members of an event after its times.
    package mutating func eventTail(_ event: Event, kind: Bool) {
        if event.isAllDay {
            fixedKey("allDay")
            bool(true)
        }
        let zone = event.start?.timeZoneID
        member("timeZone", zone)
        if let endZone = event.end?.timeZoneID, endZone != zone {
            member("endTimeZone", endZone)
        }
        member("location", event.location)
        member("notes", event.notes)
        member("url", event.url)
        member("categories", event.categories)
        member("recurrence", event.recurrence)
        if let priority = event.priority {
            fixedKey("priority")
            integer(priority)
        }
        if !event.tasks.isEmpty {
            fixedKey("tasks")
            open(UInt8(ascii: "["))
            for task in event.tasks {
                element()
                open(UInt8(ascii: "{"))
                member("id", task.id)
                member("text", task.text)
                fixedKey("isCompleted")
                bool(task.isCompleted)
                extras(task.extras)
                close(UInt8(ascii: "}"))
            }
            close(UInt8(ascii: "]"))
        }
        member("recipes", event.recipes)
        extras(event.extras, reserved: kind ? "kind" : nil)
    }

    /// One recipe as an object.
    package mutating func recipe(_ recipe: Recipe, kind: Bool) {
        object { writer in
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
            writer.member("ingredients", recipe.ingredients) { $0.ingredient($1) }
            writer.member("ingredientGroups", recipe.ingredientGroups) { $0.ingredientGroup($1) }
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

    /// One ingredient, its members written in place (a closure around them copied the
    /// ingredient out for each access).
    private mutating func ingredient(_ ingredient: Ingredient) {
        open(UInt8(ascii: "{"))
        member("amount", ingredient.amount)
        member("unit", ingredient.unit)
        member("name", ingredient.name)
        member("note", ingredient.note)
        member("link", ingredient.link)
        if ingredient.fixed {
            fixedKey("fixed")
            bool(true)
        }
        extras(ingredient.extras)
        close(UInt8(ascii: "}"))
    }

    private mutating func ingredientGroup(_ group: IngredientGroup) {
        object { writer in
            writer.member("title", group.title)
            writer.member("ingredients", group.ingredients) { $0.ingredient($1) }
            writer.member("ingredientGroups", group.ingredientGroups) { $0.ingredientGroup($1) }
        }
    }

    // MARK: Members of the shape

    /// An array of objects, left out when empty.
    mutating func member<Element>(_ key: StaticString, _ elements: [Element], _ write: (inout JSONWriter, Element) -> Void) {
        guard !elements.isEmpty else { return }
        fixedKey(key)
        array { writer in
            // Each element lent from the array's storage, not copied out with its fields retained.
            elements.withUnsafeBufferPointer { elements in
                for index in elements.indices {
                    writer.element()
                    write(&writer, elements[index])
                }
            }
        }
    }

    /// A time as a string member: a date, a UTC time with `Z`, or a local time (its zone
    /// goes in `timeZone`); `zoned`, a time on its own, carries its zone in brackets, as
    /// RFC 9557 writes it. Its digits go straight into the bytes.
    mutating func member(_ key: StaticString, _ time: CalendarTime?, zoned: Bool) {
        guard let time else { return }
        fixedKey(key)
        if !quotedTime(time) {
            byte(UInt8(ascii: "\""))
            appendingToBytes { ISO8601Text.append(time, to: &$0) }
        }
        if zoned, let zone = time.timeZoneID {
            byte(UInt8(ascii: "["))
            escaped(zone)
            byte(UInt8(ascii: "]"))
        }
        byte(UInt8(ascii: "\""))
    }

    /// Writes `"` and the text of `time` (as ``ISO8601Text`` spells it) in one write, for a
    /// year from 0 to 9999 and whole seconds; `false`, with nothing written, for other times.
    private mutating func quotedTime(_ time: CalendarTime) -> Bool {
        let clock: CivilDateTime
        var suffix = 0
        switch time {
        case .date(let date):
            guard (0...9_999).contains(date.year), isPair(date.month), isPair(date.day) else { return false }
            write(11) { target in
                target[0] = UInt8(ascii: "\"")
                Self.putDate(date, at: target + 1)
                return 11
            }
            return true
        case .utc(let value):
            clock = value
            suffix = 1
        case .zoned(let value, _), .floating(let value):
            clock = value
        }
        guard (0...9_999).contains(clock.date.year), isPair(clock.date.month), isPair(clock.date.day), isPair(clock.hour),
              isPair(clock.minute), isPair(clock.second), clock.nanosecond == 0 else { return false }
        write(21) { target in
            target[0] = UInt8(ascii: "\"")
            Self.putDate(clock.date, at: target + 1)
            target[11] = UInt8(ascii: "T")
            Self.putPair(clock.hour, at: target + 12)
            target[14] = UInt8(ascii: ":")
            Self.putPair(clock.minute, at: target + 15)
            target[17] = UInt8(ascii: ":")
            Self.putPair(clock.second, at: target + 18)
            target[20] = UInt8(ascii: "Z")
            return 20 &+ suffix
        }
        return true
    }

    /// Whether `value` is from 0 to 99 (two digits, as the model's fields always are).
    @inline(__always)
    private func isPair(_ value: Int) -> Bool {
        UInt(bitPattern: value) < 100
    }

    /// `YYYY-MM-DD` of a year from 0 to 9999, ten bytes at `target`.
    @inline(__always)
    private static func putDate(_ date: CivilDate, at target: UnsafeMutablePointer<UInt8>) {
        putPair(date.year / 100, at: target)
        putPair(date.year % 100, at: target + 2)
        target[4] = UInt8(ascii: "-")
        putPair(date.month, at: target + 5)
        target[7] = UInt8(ascii: "-")
        putPair(date.day, at: target + 8)
    }

    /// The two digits of `value` (0 to 99) at `target`, from a table of the hundred pairs.
    @inline(__always)
    private static func putPair(_ value: Int, at target: UnsafeMutablePointer<UInt8>) {
        let pair = UnsafeRawPointer(digitPairs.utf8Start).loadUnaligned(fromByteOffset: value &* 2, as: UInt16.self)
        UnsafeMutableRawPointer(target).storeBytes(of: pair, as: UInt16.self)
    }

    private static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """

    /// A duration as a string member (`PT1H30M`).
    mutating func member(_ key: StaticString, _ duration: ISODuration?) {
        guard let duration else { return }
        fixedKey(key)
        string { ISO8601Text.append(duration, to: &$0) }
    }

    /// The `json` bag's members inline, then the other codecs' bags under `extras`.
    /// A bag member named `reserved` is left out: the object already has that key
    /// (an item's own unknown `kind` key when NDJSON writes `kind` first).
    package mutating func extras(_ extras: Extras, reserved: String? = nil) {
        // `isEmpty` first: `first` of an empty dictionary still looks through its buckets.
        guard !extras.entries.isEmpty, let only = extras.entries.first else { return }
        // One bag, the usual case, needs no lookup and no sorting.
        let own = extras.entries.count == 1 ? (only.key == "json" ? only.value : nil) : extras["json"]
        if let own, case .object(let members) = own {
            for member in members where member.key != reserved {
                key(member.key)
                opaque(member.value)
            }
        }
        guard extras.entries.count > (own == nil ? 0 : 1) else { return }
        fixedKey("extras")
        open(UInt8(ascii: "{"))
        if extras.entries.count > 1 {
            for name in extras.sortedNames where name != "json" {
                key(name)
                opaque(extras[name]!)
            }
        } else {
            key(only.key)
            opaque(only.value)
        }
        close(UInt8(ascii: "}"))
    }
}
