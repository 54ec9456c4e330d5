import Foundation

/// A calendar event with its checklist of tasks.
///
/// A value like the others of the model, kept copy-on-write in storage of its own (as an
/// `Array` keeps its elements): copying an event, handing it on or keeping it costs one
/// retain, where its sixteen fields inline (about 440 bytes, a dozen of them counted
/// references) were copied and each retained and released again at every step, and Swift
/// copied such a large value more often than the code says. A change to an event whose
/// storage is shared copies the storage first.
public struct Event: Identifiable, Hashable, Sendable, Codable {
    /// The fields, with the names and coding keys the event's properties have.
    @usableFromInline
    struct Fields: Hashable, Sendable, Codable {
        @usableFromInline var id: String
        @usableFromInline var title: String
        @usableFromInline var symbol: String?
        @usableFromInline var color: RGBAColor?
        @usableFromInline var start: CalendarTime?
        @usableFromInline var end: CalendarTime?
        @usableFromInline var recurrenceID: CalendarTime?
        @usableFromInline var location: String?
        @usableFromInline var notes: String?
        @usableFromInline var url: String?
        @usableFromInline var categories: [String]
        @usableFromInline var recurrence: String?
        @usableFromInline var priority: Int?
        @usableFromInline var tasks: [EventTask]
        @usableFromInline var recipes: [String]
        @usableFromInline var extras: Extras

        @inlinable
        init(id: String, title: String, symbol: String?, color: RGBAColor?, start: CalendarTime?, end: CalendarTime?, recurrenceID: CalendarTime?, location: String?, notes: String?, url: String?, categories: [String], recurrence: String?, priority: Int?, tasks: [EventTask], recipes: [String], extras: Extras) {
            self.id = id
            self.title = title
            self.symbol = symbol
            self.color = color
            self.start = start
            self.end = end
            self.recurrenceID = recurrenceID
            self.location = location
            self.notes = notes
            self.url = url
            self.categories = categories
            self.recurrence = recurrence
            self.priority = priority
            self.tasks = tasks
            self.recipes = recipes
            self.extras = extras
        }
    }

    /// The storage an event and its copies share until one of them changes.
    @usableFromInline
    final class Storage: @unchecked Sendable {
        // Changed only through an event that holds the sole reference (``Event/unique()``),
        // so no two threads ever reach the same storage's fields at once.
        @exclusivity(unchecked) @usableFromInline var fields: Fields

        @inlinable
        init(_ fields: Fields) {
            self.fields = fields
        }
    }

    @usableFromInline var storage: Storage

    /// The storage, made this event's own first when another event shares it.
    @inlinable
    mutating func unique() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
        return storage
    }

    public var id: String {
        @inlinable _read { yield storage.fields.id }
        @inlinable _modify { yield &unique().fields.id }
    }

    public var title: String {
        @inlinable _read { yield storage.fields.title }
        @inlinable _modify { yield &unique().fields.title }
    }

    /// A symbol name such as `gift.fill`.
    public var symbol: String? {
        @inlinable _read { yield storage.fields.symbol }
        @inlinable _modify { yield &unique().fields.symbol }
    }

    public var color: RGBAColor? {
        @inlinable _read { yield storage.fields.color }
        @inlinable _modify { yield &unique().fields.color }
    }

    /// When the event starts; a date-only value makes it an all-day event.
    public var start: CalendarTime? {
        @inlinable _read { yield storage.fields.start }
        @inlinable _modify { yield &unique().fields.start }
    }

    /// When it ends (exclusive); `nil` when the source gave no end.
    public var end: CalendarTime? {
        @inlinable _read { yield storage.fields.end }
        @inlinable _modify { yield &unique().fields.end }
    }

    /// For an event that changes one occurrence of a recurring series: which occurrence
    /// (its original start). Such an event shares the series' id (RFC 5545 RECURRENCE-ID).
    public var recurrenceID: CalendarTime? {
        @inlinable _read { yield storage.fields.recurrenceID }
        @inlinable _modify { yield &unique().fields.recurrenceID }
    }

    public var location: String? {
        @inlinable _read { yield storage.fields.location }
        @inlinable _modify { yield &unique().fields.location }
    }

    public var notes: String? {
        @inlinable _read { yield storage.fields.notes }
        @inlinable _modify { yield &unique().fields.notes }
    }

    public var url: String? {
        @inlinable _read { yield storage.fields.url }
        @inlinable _modify { yield &unique().fields.url }
    }

    public var categories: [String] {
        @inlinable _read { yield storage.fields.categories }
        @inlinable _modify { yield &unique().fields.categories }
    }

    /// An RFC 5545 recurrence rule, kept as written: `FREQ=YEARLY;BYMONTH=3`.
    public var recurrence: String? {
        @inlinable _read { yield storage.fields.recurrence }
        @inlinable _modify { yield &unique().fields.recurrence }
    }

    /// Priority as RFC 5545 counts it: 1 is the highest, 9 the lowest; `nil` (or 0) for none.
    public var priority: Int? {
        @inlinable _read { yield storage.fields.priority }
        @inlinable _modify { yield &unique().fields.priority }
    }

    /// The checklist.
    public var tasks: [EventTask] {
        @inlinable _read { yield storage.fields.tasks }
        @inlinable _modify { yield &unique().fields.tasks }
    }

    /// The recipes this event serves (a meal), by recipe id: `["chili"]`.
    public var recipes: [String] {
        @inlinable _read { yield storage.fields.recipes }
        @inlinable _modify { yield &unique().fields.recipes }
    }

    /// What the source said that the model has no field for (attendees, alarms, X- properties, …).
    public var extras: Extras {
        @inlinable _read { yield storage.fields.extras }
        @inlinable _modify { yield &unique().fields.extras }
    }

    // Inlinable: called from other modules, a non-inlined init built each event in a
    // temporary and copied it out.
    @inlinable
    public init(
        id: String, title: String, symbol: String? = nil, color: RGBAColor? = nil,
        start: CalendarTime? = nil, end: CalendarTime? = nil, recurrenceID: CalendarTime? = nil, location: String? = nil,
        notes: String? = nil, url: String? = nil, categories: [String] = [],
        recurrence: String? = nil, priority: Int? = nil, tasks: [EventTask] = [], recipes: [String] = [], extras: Extras = Extras()
    ) {
        storage = Storage(Fields(id: id, title: title, symbol: symbol, color: color, start: start, end: end, recurrenceID: recurrenceID, location: location, notes: notes, url: url, categories: categories, recurrence: recurrence, priority: priority, tasks: tasks, recipes: recipes, extras: extras))
    }

    public init(from decoder: any Decoder) throws {
        storage = Storage(try Fields(from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        try storage.fields.encode(to: encoder)
    }

    /// Field by field, as a struct's synthesized equality compares; an event is equal to its
    /// copies at once (they share storage), as an `Array` is, even where a field is not equal
    /// to itself (a color component that is NaN).
    public static func == (lhs: Event, rhs: Event) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    public func hash(into hasher: inout Hasher) {
        storage.fields.hash(into: &hasher)
    }

    /// Whether the event takes whole days (its start is a date without a time).
    public var isAllDay: Bool { start?.isDateOnly ?? false }

    /// The IANA time zone of a zoned start, `nil` for UTC, floating and all-day times.
    public var timeZone: String? { start?.timeZoneID }

    /// What tells this event from others with the same id: the id, and for a changed
    /// occurrence of a series, which occurrence.
    public var identity: String {
        guard let recurrenceID else { return id }
        var bytes = Array("\(id)@".utf8)
        ISO8601Text.append(recurrenceID, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Tasks not completed and not blank.
    public var remainingTaskCount: Int {
        tasks.reduce(0) { $0 + ($1.isRemaining ? 1 : 0) }
    }

    /// Whether no task remains (an event without tasks is complete).
    public var isComplete: Bool { remainingTaskCount == 0 }

    /// Where the start falls relative to `reference`; `nil` without a start
    /// or with an unknown time zone. Floating and all-day times are read in `calendar`'s zone.
    public func period(relativeTo reference: Date, calendar: Calendar = .current) -> EventPeriod? {
        guard let instant = start?.instant(localZone: calendar.timeZone) else { return nil }
        return EventPeriod.of(instant, relativeTo: reference, calendar: calendar)
    }
}
