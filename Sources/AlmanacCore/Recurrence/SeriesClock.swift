/// The clock a series counts on, from its start: all-day (days), floating (local
/// seconds), UTC, or a zone's wall clock. Keys are seconds on a line that orders the
/// series' occurrences: UTC seconds for UTC and zoned series, local seconds otherwise.
struct SeriesClock {
    private enum Kind {
        case allDay, floating, utc
        case zoned(String)
    }

    private let kind: Kind
    /// The clock of the start's zone (UTC's for a time of no zone).
    private(set) var zone: ZoneClock
    /// Clocks of other zones that RDATEs and EXDATEs name.
    private var others: [String: ZoneClock] = [:]

    init(_ start: CalendarTime) {
        self.init(start, zone: ZoneClock(start.timeZoneID))
    }

    /// A series' clock on `zone`, the clock of the start's zone (with what it learned so far).
    init(_ start: CalendarTime, zone: ZoneClock) {
        switch start {
        case .date: kind = .allDay
        case .floating: kind = .floating
        case .utc: kind = .utc
        case .zoned(_, let zone): kind = .zoned(zone)
        }
        self.zone = zone
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

    /// The same as ``time(ofKey:)``, its day read through `days` (the day of the time before).
    mutating func time(ofKey key: Int, days: inout DayCache) -> CalendarTime {
        switch kind {
        case .allDay: return .date(days.date(floorDiv(key, 86_400)))
        case .floating: return .floating(days.dateTime(key))
        case .utc: return .utc(days.dateTime(key))
        case .zoned(let name): return .zoned(days.dateTime(zone.local(ofUTC: key)), timeZone: name)
        }
    }

    /// The instant ``InstantReader/seconds(of:)`` reads for the time of `key`
    /// (``time(ofKey:)``): the key for a UTC series; for a series of a known zone, its
    /// wall-clock time read back on the zone's clock, which is the key but next to a change
    /// of clocks. `nil` for all-day and floating series (read in the reader's zone) and
    /// unknown zones.
    mutating func instant(ofKey key: Int) -> Int? {
        switch kind {
        case .utc: return key
        case .zoned:
            guard zone.isKnown else { return nil }
            return zone.utc(ofLocal: zone.local(ofUTC: key))
        case .allDay, .floating: return nil
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

/// The calendar day of the last time made, kept so that times in order of start, which
/// share days, do not work out the same day again.
struct DayCache: Sendable {
    private var days = Int.min
    private var date = CivilDate(daysSinceEpoch: 0)

    /// The day `days` days after 1970-01-01.
    mutating func date(_ days: Int) -> CivilDate {
        if days != self.days {
            self.days = days
            date = CivilDate(daysSinceEpoch: days)
        }
        return date
    }

    /// What `CivilDateTime(secondsSinceEpoch: seconds)` gives.
    mutating func dateTime(_ seconds: Int) -> CivilDateTime {
        let days = floorDiv(seconds, 86_400)
        let rest = seconds - days * 86_400
        var value = CivilDateTime(midnightOf: date(days))
        value.hour = rest / 3_600
        value.minute = rest % 3_600 / 60
        value.second = rest % 60
        return value
    }
}
