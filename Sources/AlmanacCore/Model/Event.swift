import Foundation

/// A calendar event with its checklist of tasks.
public struct Event: Identifiable, Hashable, Sendable, Codable {
    public var id: String
    public var title: String
    /// A symbol name such as `gift.fill`.
    public var symbol: String?
    public var color: RGBAColor?
    /// When the event starts; a date-only value makes it an all-day event.
    public var start: CalendarTime?
    /// When it ends (exclusive); `nil` when the source gave no end.
    public var end: CalendarTime?
    /// For an event that changes one occurrence of a recurring series: which occurrence
    /// (its original start). Such an event shares the series' id (RFC 5545 RECURRENCE-ID).
    public var recurrenceID: CalendarTime?
    public var location: String?
    public var notes: String?
    public var url: String?
    public var categories: [String]
    /// An RFC 5545 recurrence rule, kept as written: `FREQ=YEARLY;BYMONTH=3`.
    public var recurrence: String?
    /// Priority as RFC 5545 counts it: 1 is the highest, 9 the lowest; `nil` (or 0) for none.
    public var priority: Int?
    /// The checklist.
    public var tasks: [EventTask]
    /// The recipes this event serves (a meal), by recipe id: `["chili"]`.
    public var recipes: [String]
    /// What the source said that the model has no field for (attendees, alarms, X- properties, …).
    public var extras: Extras

    // Inlinable: called from other modules, a non-inlined init built each event in a
    // temporary and copied it out (every field retained and released once more).
    @inlinable
    public init(
        id: String, title: String, symbol: String? = nil, color: RGBAColor? = nil,
        start: CalendarTime? = nil, end: CalendarTime? = nil, recurrenceID: CalendarTime? = nil, location: String? = nil,
        notes: String? = nil, url: String? = nil, categories: [String] = [],
        recurrence: String? = nil, priority: Int? = nil, tasks: [EventTask] = [], recipes: [String] = [], extras: Extras = Extras()
    ) {
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
