/// The clock a series counts on, from its start: all-day (days), floating (local
/// seconds), UTC, or a zone's wall clock. Keys are seconds on a line that orders the
/// series' occurrences: UTC seconds for UTC and zoned series, local seconds otherwise.
struct SeriesClock {
    private enum Kind {
        case allDay, floating, utc
        case zoned(String)
    }

    private let kind: Kind
    private var zone: ZoneClock
    /// Clocks of other zones that RDATEs and EXDATEs name.
    private var others: [String: ZoneClock] = [:]

    init(_ start: CalendarTime) {
        switch start {
        case .date: kind = .allDay
        case .floating: kind = .floating
        case .utc: kind = .utc
        case .zoned(_, let zone): kind = .zoned(zone)
        }
        zone = ZoneClock(start.timeZoneID)
    }

    var isAllDay: Bool {
        if case .allDay = kind { return true }
        return false
    }

    private var isInstant: Bool {
        switch kind {
        case .utc, .zoned: return true
        case .allDay, .floating: return false
        }
    }

    /// The key of a local time of the series' clock.
    mutating func key(ofLocal local: Int) -> Int {
        if case .zoned = kind { return zone.utc(ofLocal: local) }
        return local
    }

    /// The series' local time at a key.
    mutating func local(ofKey key: Int) -> Int {
        if case .zoned = kind { return zone.local(ofUTC: key) }
        return key
    }

    /// Local times that bound a key's from below and above, for the iterator's limits
    /// (zone offsets are within a day).
    func localLowerBound(ofKey key: Int) -> Int { isInstant ? key - 86_400 : key }
    func localUpperBound(ofKey key: Int) -> Int { isInstant ? key + 86_400 : key }

    /// The key of any time: instants as UTC for UTC and zoned series, wall clocks otherwise.
    mutating func key(of time: CalendarTime) -> Int {
        switch time {
        case .date(let day):
            return key(ofLocal: day.daysSinceEpoch * 86_400)
        case .floating(let value):
            return key(ofLocal: value.secondsSinceEpoch)
        case .utc(let value):
            return isInstant ? value.secondsSinceEpoch : local(ofKey: value.secondsSinceEpoch)
        case .zoned(let value, let name):
            guard isInstant else { return value.secondsSinceEpoch }
            if case .zoned(let own) = kind, own == name { return zone.utc(ofLocal: value.secondsSinceEpoch) }
            var other = others[name] ?? ZoneClock(name)
            defer { others[name] = other }
            return other.utc(ofLocal: value.secondsSinceEpoch)
        }
    }

    /// The time of a key, of the series' kind (a zoned time at its real wall-clock time).
    mutating func time(ofKey key: Int) -> CalendarTime {
        switch kind {
        case .allDay: return .date(CivilDate(daysSinceEpoch: floorDiv(key, 86_400)))
        case .floating: return .floating(CivilDateTime(secondsSinceEpoch: key))
        case .utc: return .utc(CivilDateTime(secondsSinceEpoch: key))
        case .zoned(let name): return .zoned(CivilDateTime(secondsSinceEpoch: zone.local(ofUTC: key)), timeZone: name)
        }
    }

    /// Whether an instance lies past `UNTIL` (inclusive bound). A DATE bound takes in its
    /// whole day on the series' clock; a UTC bound compares instants; a local one wall clocks.
    func isAfter(local: Int, key: Int, until: RecurrenceRule.Until) -> Bool {
        switch until {
        case .date(let day): return floorDiv(local, 86_400) > day.daysSinceEpoch
        case .utc(let value): return (isInstant ? key : local) > value.secondsSinceEpoch
        case .local(let value): return local > value.secondsSinceEpoch
        }
    }
}
