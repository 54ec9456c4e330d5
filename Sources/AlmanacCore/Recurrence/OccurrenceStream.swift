/// The occurrences an ``OccurrenceExpander`` found, in order of start, made into events one
/// at a time by ``next()``. What it holds is small: one entry per occurrence (its sort key,
/// the times, which event it copies), and each event it copies once.
public struct OccurrenceStream: IteratorProtocol, Sendable {
    /// How to make one occurrence: copy an event and, for an occurrence of a series, set
    /// its times.
    struct Made: Sendable {
        /// Index in ``bases``.
        var base: Int
        var start: CalendarTime?
        var end: CalendarTime?
        var recurrenceID: CalendarTime?
        /// Whether the times replace the event's (an occurrence of a series).
        var setsTimes = true

        init(base: Int, start: CalendarTime, end: CalendarTime?, recurrenceID: CalendarTime) {
            self.base = base
            self.start = start
            self.end = end
            self.recurrenceID = recurrenceID
        }

        /// The event as it is.
        init(asIs base: Int) {
            self.base = base
            setsTimes = false
        }
    }

    /// Series that stopped at the expander's limit or whose rule could not be read, by
    /// index in the input.
    public internal(set) var problems: [(index: Int, message: String)] = []
    /// The events occurrences copy: each series as an occurrence, each change, each event kept as it is.
    private var bases: [Event] = []
    private var keys: [(key: Int, order: Int)] = []
    private var entries: [(origin: Int, made: Made)] = []
    private var position = 0

    init() {}

    /// How many occurrences there are in all.
    public var count: Int { keys.count }

    /// Keeps `event` for occurrences to copy; returns the index to name it by.
    mutating func base(_ event: Event) -> Int {
        bases.append(event)
        return bases.count - 1
    }

    /// Keeps an event as it is as an occurrence.
    mutating func append(_ key: Int, _ origin: Int, as base: Int) {
        append(key, origin, as: Made(asIs: base))
    }

    mutating func append(_ key: Int, _ origin: Int, as made: Made) {
        keys.append((key, keys.count))
        entries.append((origin, made))
    }

    /// Orders the occurrences by start, ties in the order they were found.
    mutating func sort() {
        keys.sort { ($0.key, $0.order) < ($1.key, $1.order) }
    }

    /// The next occurrence and the index in the input of the event it comes from.
    public mutating func next() -> (event: Event, origin: Int)? {
        guard position < keys.count else { return nil }
        let entry = entries[keys[position].order]
        position += 1
        var event = bases[entry.made.base]
        if entry.made.setsTimes {
            event.start = entry.made.start
            event.end = entry.made.end
            event.recurrenceID = entry.made.recurrenceID
        }
        return (event, entry.origin)
    }
}
