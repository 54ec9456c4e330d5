import Foundation

/// The clocks (``ZoneClock``) of the zones a writer or a rule meets, made once per zone and
/// kept with the offsets they learned, and the local zone's clock: instants of calendar times
/// as ``CalendarTime/instant(localZone:)`` reads them, without a Foundation time-zone call
/// once a time's span of one offset is known. The agenda places events with it, and the rules
/// read times through it (``InstantReader``).
///
/// A calendar names few zones, often in turns: the first ``comparedFirst`` are found by
/// comparing names, which costs less than hashing one; any others through a dictionary.
package struct ZoneClocks: Sendable {
    private var local: ZoneClock
    private var names: [String] = []
    private var clocks: [ZoneClock] = []
    private var positions: [String: Int] = [:]

    /// How many zones are found by comparing their names.
    static let comparedFirst = 8
    /// How many clocks are kept at most; past it, the clocks start over.
    static let limit = 4_096

    /// Clocks that read floating and all-day times on `localZone`'s clock.
    package init(localZone: TimeZone) {
        local = ZoneClock(zone: localZone)
    }

    /// ``CalendarTime/instant(localZone:)`` of `time`, with this value's local zone:
    /// `nil` for a zoned time whose zone is unknown.
    package mutating func instant(of time: CalendarTime) -> Date? {
        guard let seconds = seconds(of: time) else { return nil }
        return Self.date(seconds, nanosecond: time.civil.nanosecond)
    }

    /// The instant of `time` in seconds since 1970-01-01T00:00:00Z, its fraction of a second
    /// left out; `nil` for a zoned time whose zone is unknown (as ``instant(of:)``).
    package mutating func seconds(of time: CalendarTime) -> Int? {
        switch time {
        case .utc(let value):
            return value.secondsSinceEpoch
        case .zoned(let value, let zone):
            let position = position(of: zone)
            guard clocks[position].isKnown else { return nil }
            return clocks[position].utc(ofLocal: value.secondsSinceEpoch)
        case .floating(let value):
            return local.utc(ofLocal: value.secondsSinceEpoch)
        case .date(let day):
            return local.utc(ofLocal: day.daysSinceEpoch * 86_400)
        }
    }

    /// Whether the wall-clock time `local` (seconds since 1970-01-01T00:00:00 of the zone's
    /// clock) occurs in `zone`: some offset the zone has near it reads it as an instant of
    /// that offset (not skipped by a change of clocks). In an unknown zone every time does.
    package mutating func exists(local: Int, in zone: String) -> Bool {
        let position = position(of: zone)
        guard clocks[position].isKnown else { return true }
        let first = clocks[position].offset(atUTC: local)
        let second = clocks[position].offset(atUTC: local - first)
        if second == first { return true }
        return clocks[position].offset(atUTC: local - second) == second
    }

    /// Runs `body` on the clock of `zone`, which keeps what `body` leaves in it.
    mutating func withClock<Result>(of zone: String, _ body: (inout ZoneClock) -> Result) -> Result {
        body(&clocks[position(of: zone)])
    }

    /// The position of the clock of `zone` in ``clocks``, made when it is the first time.
    private mutating func position(of zone: String) -> Int {
        let compared = min(names.count, Self.comparedFirst)
        for position in 0..<compared where names[position] == zone { return position }
        if names.count > compared, let position = positions[zone] { return position }
        if names.count >= Self.limit {
            names.removeAll(keepingCapacity: true)
            clocks.removeAll(keepingCapacity: true)
            positions.removeAll(keepingCapacity: true)
        }
        names.append(zone)
        clocks.append(ZoneClock(zone))
        if names.count > Self.comparedFirst { positions[zone] = names.count - 1 }
        return names.count - 1
    }

    /// The instant `seconds` (and `nanosecond`) after 1970-01-01T00:00:00Z, as
    /// ``CalendarTime/instant(localZone:)`` makes it.
    private static func date(_ seconds: Int, nanosecond: Int) -> Date {
        Date(timeIntervalSince1970: Double(seconds) + Double(nanosecond) / 1e9)
    }
}
