/// Expands recurring events into one event per occurrence in a window of days, as
/// calendar apps show them (RFC 5545 3.8.5 and 3.8.4.4): each occurrence of a series
/// is the series with that occurrence's start and end and its `recurrenceID`; an event
/// with the series' id and a `recurrenceID` replaces that occurrence; one with
/// `RANGE=THISANDFUTURE` changes the later ones too (moved by the same time, with its
/// length and fields); cancelled occurrences (`STATUS:CANCELLED`) and EXDATEs are left out.
public struct OccurrenceExpander: Sendable {
    /// The most occurrences one series gives; past it the series stops with a warning.
    public var maxOccurrences: Int

    public init(maxOccurrences: Int = 100_000) {
        self.maxOccurrences = maxOccurrences
    }

    /// One event's occurrences, or why it has none.
    public struct Result: Sendable {
        /// The occurrences, in order of start (instants for zoned and UTC times).
        public var events: [Event]
        /// For each of ``events``, the index in the input of the event it comes from.
        public var origins: [Int]
        /// Series that stopped at ``maxOccurrences`` or whose rule could not be read, by index in the input.
        public var problems: [(index: Int, message: String)]
    }

    /// The occurrences of `events` that overlap the days `from` up to (not including) `to`.
    /// Events that do not repeat are kept when they overlap the window; events without a
    /// start have no occurrence.
    public func expand(_ events: [Event], from: CivilDate, to: CivilDate) -> Result {
        var stream = occurrences(of: events, from: from, to: to)
        var result = Result(events: [], origins: [], problems: stream.problems)
        result.events.reserveCapacity(stream.count)
        result.origins.reserveCapacity(stream.count)
        while let next = stream.next() {
            result.events.append(next.event)
            result.origins.append(next.origin)
        }
        return result
    }

    /// The same occurrences as ``expand(_:from:to:)``, in the same order, made one at a
    /// time: only the order of small entries is kept in memory, never a million events.
    public func occurrences(of events: [Event], from: CivilDate, to: CivilDate) -> OccurrenceStream {
        var overrides: [String: [Int]] = [:]
        for (index, event) in events.enumerated() where event.recurrenceID != nil {
            overrides[event.id, default: []].append(index)
        }
        var seriesIDs: Set<String> = []
        var out = OccurrenceStream()
        for (index, event) in events.enumerated() where event.recurrenceID == nil {
            guard let start = event.start else { continue }
            guard event.isRecurring else {
                if !event.isCancelled, let key = Self.keyIfOverlapping(event, from: from, to: to) { out.append(key, index, as: out.base(event)) }
                continue
            }
            seriesIDs.insert(event.id)
            if event.isCancelled { continue }
            let set: RecurrenceSet
            do {
                guard let made = try event.recurrenceSet() else { continue }
                set = made
            } catch {
                out.problems.append((index, "its rule '\(event.recurrence ?? "")' cannot be read: \(error)"))
                continue
            }
            var clock = SeriesClock(start)
            let changes = (overrides[event.id] ?? []).map { events[$0] }
            let replaced = Set(changes.compactMap { $0.recurrenceID.map { clock.key(of: $0) } })
            let later = changes.filter(\.changesLaterOccurrences).compactMap { change -> (key: Int, shift: Int, length: Int?, change: Event, cancelled: Bool)? in
                guard let id = change.recurrenceID, let moved = change.start else { return nil }
                let key = clock.key(of: id)
                let length = change.end.map { clock.key(of: $0) - clock.key(of: moved) }
                return (key, clock.key(of: moved) - key, length, Self.occurrence(change), change.isCancelled)
            }.sorted { $0.key < $1.key }
            let series = out.clock(clock)
            let laterBases = later.map { out.base($0.change, clock: series) }
            // Moved occurrences may come from outside the window.
            let reach = later.map { abs($0.shift) / 86_400 + 1 }.max() ?? 0
            let (found, truncated) = set.keyedOccurrences(from: from.adding(days: -reach), to: to.adding(days: reach), limit: maxOccurrences, clock: &clock)
            if truncated {
                out.problems.append((index, "it has more than \(maxOccurrences) occurrences in the window; only the first \(maxOccurrences) are kept (raise --max-occurrences)"))
            }
            let plain = out.base(Self.occurrence(event), clock: series)
            for occurrence in found {
                let key = occurrence.key
                if replaced.contains(key) { continue }
                if later.isEmpty {
                    // The set's window is this one: the occurrence overlaps it.
                    out.append(key, index, as: OccurrenceStream.Made(base: plain, start: key, end: occurrence.span.map { key + $0 }, recurrenceID: key))
                    continue
                }
                var made = OccurrenceStream.Made(base: plain, start: key, end: occurrence.span.map { key + $0 }, recurrenceID: key)
                if let position = later.lastIndex(where: { $0.key < key }) {
                    let change = later[position]
                    if change.cancelled { continue }
                    let start = key + change.shift
                    made = OccurrenceStream.Made(base: laterBases[position], start: start, end: change.length.map { start + $0 } ?? occurrence.span.map { key + $0 }, recurrenceID: key)
                }
                let start = made.start, end: Int? = made.hasEnd ? made.end : nil
                if let key = Self.keyIfOverlapping(start: clock.time(ofKey: start), end: end.map { clock.time(ofKey: $0) }, from: from, to: to, clock: &clock) {
                    out.append(key, index, as: made)
                }
            }
        }
        // The first event of each id that changes no occurrence: the series an EXDATE is looked up in.
        var masters: [String: Int] = [:]
        for (index, event) in events.enumerated() where event.recurrenceID == nil && masters[event.id] == nil {
            masters[event.id] = index
        }
        // Changed occurrences in the order of the input, so that ties keep one order.
        for (index, change) in events.enumerated() where change.recurrenceID != nil {
            if change.isCancelled || change.start == nil { continue }
            if seriesIDs.contains(change.id), let master = masters[change.id], Self.isExcluded(change, by: events[master]) { continue }
            if let key = Self.keyIfOverlapping(change, from: from, to: to) { out.append(key, index, as: out.base(change)) }
        }
        out.sort()
        return out
    }

    /// An occurrence is not itself a series: no rule, no RDATE or EXDATE lines, no RANGE.
    static func occurrence(_ event: Event) -> Event {
        var copy = event
        copy.recurrence = nil
        guard var members = copy.extras["ics"]?.members,
              let index = members.firstIndex(where: { $0.key == "properties" }),
              let lines = members[index].value.elements else { return copy }
        let kept = lines.filter { line in
            guard let text = line.string, let parsed = KeptLine(text) else { return true }
            return !["RRULE", "RDATE", "EXDATE", "RECURRENCE-ID"].contains(parsed.name)
        }
        if kept.isEmpty { members.remove(at: index) } else { members[index].value = .array(kept) }
        copy.extras["ics"] = members.isEmpty ? nil : .object(members)
        return copy
    }

    /// Whether `series` excludes the occurrence `change` stands for with an EXDATE.
    private static func isExcluded(_ change: Event, by series: Event) -> Bool {
        guard let id = change.recurrenceID,
              let start = series.start, let set = try? series.recurrenceSet() else { return false }
        var clock = SeriesClock(start)
        let key = clock.key(of: id)
        return set.exceptions.contains { clock.key(of: $0) == key }
    }

    /// The sort key of an event that overlaps the window (its start on its own clock,
    /// UTC seconds for instants), or `nil` when it does not.
    static func keyIfOverlapping(_ event: Event, from: CivilDate, to: CivilDate) -> Int? {
        guard let start = event.start else { return nil }
        var clock = SeriesClock(start)
        return keyIfOverlapping(event, from: from, to: to, clock: &clock)
    }

    /// The same, on the clock of the event's series.
    static func keyIfOverlapping(_ event: Event, from: CivilDate, to: CivilDate, clock: inout SeriesClock) -> Int? {
        guard let start = event.start else { return nil }
        return keyIfOverlapping(start: start, end: event.end, from: from, to: to, clock: &clock)
    }

    /// The same for an occurrence's times.
    static func keyIfOverlapping(start: CalendarTime, end: CalendarTime?, from: CivilDate, to: CivilDate, clock: inout SeriesClock) -> Int? {
        let begin = clock.key(of: start)
        let finish = end.map { clock.key(of: $0) } ?? (start.isDateOnly ? begin + 86_400 : begin)
        let windowStart = clock.key(ofLocal: from.daysSinceEpoch * 86_400)
        let windowEnd = clock.key(ofLocal: to.daysSinceEpoch * 86_400)
        let inside = finish > begin ? begin < windowEnd && finish > windowStart : begin >= windowStart && begin < windowEnd
        return inside ? begin : nil
    }
}
