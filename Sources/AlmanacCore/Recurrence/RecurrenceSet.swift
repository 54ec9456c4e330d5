/// An event's recurrence set (RFC 5545 3.8.5): its start, the instances of its RRULEs,
/// its RDATEs (dates, date-times and periods), less its EXDATEs.
///
/// Occurrences are computed on the event's own clock: a zoned series keeps its wall-clock
/// time across daylight-saving changes (09:00 Berlin stays 09:00), floating and all-day
/// series stay floating and all-day. The start is always an occurrence (3.8.5.3); `COUNT`
/// counts the rule's own instances.
public struct RecurrenceSet: Sendable {
    /// One RDATE value.
    public enum RecurrenceDate: Hashable, Sendable {
        case time(CalendarTime)
        /// A PERIOD: an occurrence with its own end.
        case period(CalendarTime, end: CalendarTime)
    }

    /// One occurrence: where it starts and ends, and which occurrence it is (its start as
    /// the rule gave it, its RECURRENCE-ID).
    public struct Occurrence: Hashable, Sendable {
        public var start: CalendarTime
        public var end: CalendarTime?
        public var recurrenceID: CalendarTime
    }

    public var start: CalendarTime
    public var end: CalendarTime?
    public var rules: [RecurrenceRule]
    public var dates: [RecurrenceDate]
    public var exceptions: [CalendarTime]

    public init(start: CalendarTime, end: CalendarTime? = nil, rules: [RecurrenceRule] = [], dates: [RecurrenceDate] = [], exceptions: [CalendarTime] = []) {
        self.start = start
        self.end = end
        self.rules = rules
        self.dates = dates
        self.exceptions = exceptions
    }

    /// Whether it repeats at all (a rule or an RDATE).
    public var repeats: Bool { !rules.isEmpty || !dates.isEmpty }

    /// The occurrences that overlap the days `from` up to (not including) `to`, on the
    /// series' own clock, in order; at most `limit` (then `truncated`).
    public func occurrences(from: CivilDate, to: CivilDate, limit: Int = 100_000) -> (occurrences: [Occurrence], truncated: Bool) {
        var clock = SeriesClock(start)
        let (found, truncated) = keyedOccurrences(from: from, to: to, limit: limit, clock: &clock)
        return (found.map { $0.occurrence(&clock) }, truncated)
    }

    /// One occurrence on the series' clock (``SeriesClock``): its key, and its length when it has an end.
    struct KeyedOccurrence {
        var key: Int
        var span: Int?

        /// The occurrence as times of the series' kind; its recurrence id is its start.
        func occurrence(_ clock: inout SeriesClock) -> Occurrence {
            let start = clock.time(ofKey: key)
            return Occurrence(start: start, end: span.map { clock.time(ofKey: key + $0) }, recurrenceID: start)
        }
    }

    /// The same occurrences as ``occurrences(from:to:limit:)`` as keys on `clock` (made from
    /// ``start``): what the expander sorts and stores, with no time made until one is written.
    func keyedOccurrences(from: CivilDate, to: CivilDate, limit: Int, clock: inout SeriesClock) -> (occurrences: [KeyedOccurrence], truncated: Bool) {
        collect(windowStart: clock.key(ofLocal: from.daysSinceEpoch * 86_400), windowEnd: clock.key(ofLocal: to.daysSinceEpoch * 86_400),
                overlapping: true, limit: limit, clock: &clock)
    }

    /// The first occurrence that starts on `day` or later (on the series' clock), looking
    /// up to `years` years ahead.
    public func firstOccurrence(onOrAfter day: CivilDate, years: Int = 400) -> Occurrence? {
        var clock = SeriesClock(start)
        return firstOccurrence(onOrAfter: day, years: years, clock: &clock)
    }

    /// ``firstOccurrence(onOrAfter:years:)`` on the clock `clocks` keep for the start's zone,
    /// which keeps the offsets it learns for the next series of that zone.
    package func firstOccurrence(onOrAfter day: CivilDate, years: Int = 400, clocks: inout ZoneClocks) -> Occurrence? {
        guard let zone = start.timeZoneID else { return firstOccurrence(onOrAfter: day, years: years) }
        return clocks.withClock(of: zone) { zoneClock in
            var clock = SeriesClock(start, zone: zoneClock)
            // The series' clock holds the only copy while it learns (no copy of its spans made).
            zoneClock = ZoneClock(zone: nil)
            defer { zoneClock = clock.zone }
            return firstOccurrence(onOrAfter: day, years: years, clock: &clock)
        }
    }

    private func firstOccurrence(onOrAfter day: CivilDate, years: Int, clock: inout SeriesClock) -> Occurrence? {
        let from = clock.key(ofLocal: day.daysSinceEpoch * 86_400)
        let to = clock.key(ofLocal: (day.daysSinceEpoch + years * 366) * 86_400)
        return collect(windowStart: from, windowEnd: to, overlapping: false, limit: 1, clock: &clock).occurrences.first?.occurrence(&clock)
    }

    /// Lengths of the series' occurrences: whole days for an all-day series, exact seconds otherwise.
    private func length(_ clock: inout SeriesClock) -> Int? {
        guard let end else { return nil }
        return clock.key(of: end) - clock.key(of: start)
    }

    private func collect(windowStart: Int, windowEnd: Int, overlapping: Bool, limit: Int, clock: inout SeriesClock) -> (occurrences: [KeyedOccurrence], truncated: Bool) {
        let duration = length(&clock)
        var periodLengths: [Int: Int] = [:]
        var keys: [Int] = [clock.key(of: start)]
        for date in dates {
            switch date {
            case .time(let time): keys.append(clock.key(of: time))
            case .period(let time, let end):
                let key = clock.key(of: time)
                keys.append(key)
                periodLengths[key] = clock.key(of: end) - key
            }
        }
        let longest = max(duration ?? 0, periodLengths.values.max() ?? 0, clock.isAllDay ? 86_400 : 0)
        // An occurrence starting this early can still reach into the window.
        let earliest = overlapping ? windowStart - longest : windowStart
        let excluded = Set(exceptions.map { clock.key(of: $0) })
        let excludedDays = clock.isAllDay ? [] : Set(exceptions.compactMap { time -> Int? in
            if case .date(let day) = time { return day.daysSinceEpoch } else { return nil }
        })
        let wanted = limit + excluded.count + excludedDays.count + 1
        var truncated = false
        let startLocal = start.civil.secondsSinceEpoch - start.civil.second + min(start.civil.second, 59)
        let localLimit = clock.localUpperBound(ofKey: windowEnd)
        for rule in rules {
            var iterator = RuleIterator(rule: rule, start: CivilDateTime(secondsSinceEpoch: startLocal))
            if rule.count == nil { iterator.skip(toward: clock.localLowerBound(ofKey: earliest)) }
            var produced = 0
            var kept = 0
            var budget = 1_000_000
            while let local = iterator.next(limit: localLimit, budget: &budget) {
                produced += 1
                if let count = rule.count, produced > count { break }
                let key = clock.key(ofLocal: local)
                if let until = rule.until, clock.isAfter(local: local, key: key, until: until) { break }
                if key >= windowEnd { break }
                if key < earliest { continue }
                keys.append(key)
                kept += 1
                if kept >= wanted {
                    truncated = true
                    break
                }
            }
        }
        keys.sort()
        var result: [KeyedOccurrence] = []
        result.reserveCapacity(min(keys.count, limit))
        var previous: Int?
        for key in keys where key != previous {
            previous = key
            if excluded.contains(key) { continue }
            if !excludedDays.isEmpty, excludedDays.contains(floorDiv(clock.local(ofKey: key), 86_400)) { continue }
            let span = periodLengths[key] ?? duration
            if key >= windowEnd { continue }
            if overlapping {
                let reach = span ?? (clock.isAllDay ? 86_400 : 0)
                if reach > 0 ? key + reach <= windowStart : key < windowStart { continue }
            } else if key < windowStart {
                continue
            }
            if result.count == limit {
                truncated = true
                break
            }
            result.append(KeyedOccurrence(key: key, span: span))
        }
        return (result, truncated && result.count >= limit)
    }
}
