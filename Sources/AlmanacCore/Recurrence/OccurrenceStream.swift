/// The occurrences an ``OccurrenceExpander`` found, in order of start, made into events one
/// at a time by ``next()``. What it holds is small: one entry of a few numbers per
/// occurrence (its sort key, its times as keys on its series' clock, which event it copies),
/// and each event it copies once; no time or event is made until it is asked for.
public struct OccurrenceStream: IteratorProtocol, Sendable {
    /// How to make one occurrence: copy an event and, for an occurrence of a series, set
    /// its times, kept as keys on the series' clock.
    struct Made: Sendable {
        /// Index in ``bases``.
        var base: Int
        var start = 0
        /// The end's key, when the occurrence has an end.
        var end = 0
        var recurrenceID = 0
        var hasEnd = false
        /// Whether the times replace the event's (an occurrence of a series).
        var setsTimes = true

        init(base: Int, start: Int, end: Int?, recurrenceID: Int) {
            self.base = base
            self.start = start
            self.end = end ?? 0
            hasEnd = end != nil
            self.recurrenceID = recurrenceID
        }

        /// The event as it is.
        init(asIs base: Int) {
            self.base = base
            setsTimes = false
        }
    }

    /// The times of an occurrence of a series: the event it copies with these in place of its own.
    public struct Times: Hashable, Sendable {
        public var start: CalendarTime { didSet { instants = nil } }
        public var end: CalendarTime? { didSet { instants = nil } }
        /// Which occurrence it is (RECURRENCE-ID): its start as the rule gave it.
        public var recurrenceID: CalendarTime
        /// For zoned and UTC times of a known zone, the instants (UTC seconds) of `start` and
        /// `end` as ``InstantReader/seconds(of:)`` reads them, worked out by the stream on the
        /// series' clock; `nil` when not known (then they are read from the times).
        var instants: (start: Int, end: Int?)?

        public init(start: CalendarTime, end: CalendarTime?, recurrenceID: CalendarTime) {
            self.start = start
            self.end = end
            self.recurrenceID = recurrenceID
        }

        init(start: CalendarTime, end: CalendarTime?, recurrenceID: CalendarTime, instants: (start: Int, end: Int?)?) {
            self.start = start
            self.end = end
            self.recurrenceID = recurrenceID
            self.instants = instants
        }

        public static func == (lhs: Times, rhs: Times) -> Bool {
            lhs.start == rhs.start && lhs.end == rhs.end && lhs.recurrenceID == rhs.recurrenceID
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(start)
            hasher.combine(end)
            hasher.combine(recurrenceID)
        }

        /// `base` with these times.
        public func applied(to base: Event) -> Event {
            var event = base
            event.start = start
            event.end = end
            event.recurrenceID = recurrenceID
            return event
        }
    }

    /// One occurrence as ``nextEntry()`` hands it on, without copying its event.
    public struct Entry: Sendable {
        /// Index in the input of the event it comes from.
        public var origin: Int
        /// Index in ``bases`` of the event it copies.
        public var base: Int
        /// For an occurrence of a series, the times that replace the base's; `nil` for an
        /// event kept as it is (one that does not repeat, a changed occurrence).
        public var times: Times?
    }

    /// Series that stopped at the expander's limit or whose rule could not be read, by
    /// index in the input.
    public internal(set) var problems: [(index: Int, message: String)] = []
    /// The events occurrences copy: each series as an occurrence, each change, each event
    /// kept as it is. The occurrences of one series that copy one base differ from it only
    /// in their times.
    public private(set) var bases: [Event] = []
    /// For each base whose occurrences set times, the index in ``clocks`` of its series' clock.
    private var baseClocks: [Int] = []
    private var clocks: [SeriesClock] = []
    private var keys: [(key: Int, order: Int)] = []
    private var entries: [(origin: Int, made: Made)] = []
    private var position = 0
    /// The last day a time of ``nextEntry()`` fell on: occurrences in order of start share days.
    private var days = DayCache()

    /// A stream with no occurrence.
    public init() {}

    /// How many occurrences there are in all.
    public var count: Int { keys.count }

    /// Keeps a series' clock for the times of its occurrences; returns the index to name it by.
    mutating func clock(_ clock: SeriesClock) -> Int {
        clocks.append(clock)
        return clocks.count - 1
    }

    /// Keeps `event` for occurrences to copy, their times on clock `clock` (see
    /// ``clock(_:)``; -1 for events kept as they are); returns the index to name it by.
    mutating func base(_ event: Event, clock: Int = -1) -> Int {
        bases.append(event)
        baseClocks.append(clock)
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
        guard let entry = nextEntry() else { return nil }
        let base = bases[entry.base]
        return (entry.times?.applied(to: base) ?? base, entry.origin)
    }

    /// The next occurrence as the base it copies and its times.
    public mutating func nextEntry() -> Entry? {
        var times = Times(start: .date(CivilDate(daysSinceEpoch: 0)), end: nil, recurrenceID: .date(CivilDate(daysSinceEpoch: 0)))
        guard let next = next(times: &times) else { return nil }
        return Entry(origin: next.origin, base: next.base, times: next.setsTimes ? times : nil)
    }

    /// The next occurrence as ``nextEntry()`` gives it, its times (when `setsTimes`) written
    /// into `times` in place rather than handed on: a million occurrences are not copied
    /// from one value to the next on their way to the writer.
    public mutating func next(times: inout Times) -> (origin: Int, base: Int, setsTimes: Bool)? {
        guard position < keys.count else { return nil }
        let (origin, made) = entries[keys[position].order]
        position += 1
        guard made.setsTimes else { return (origin, made.base, false) }
        let index = baseClocks[made.base]
        times.start = clocks[index].time(ofKey: made.start, days: &days)
        times.end = made.hasEnd ? clocks[index].time(ofKey: made.end, days: &days) : nil
        times.recurrenceID = made.recurrenceID == made.start ? times.start : clocks[index].time(ofKey: made.recurrenceID, days: &days)
        if let start = clocks[index].instant(ofKey: made.start) {
            if !made.hasEnd {
                times.instants = (start, nil)
            } else if let end = clocks[index].instant(ofKey: made.end) {
                times.instants = (start, end)
            }
        }
        return (origin, made.base, true)
    }
}
