import Foundation

/// Local wall-clock times of one IANA zone to and from UTC, with its daylight-saving
/// rules (Foundation's time-zone data), remembering offsets by quarter hour so that a
/// long series asks the zone database once per distinct quarter hour, not per occurrence.
struct ZoneClock {
    private let zone: TimeZone?
    private var offsets: [Int: Int] = [:]

    /// A clock for `identifier`, or UTC's (offset 0) when it is `nil` or unknown.
    init(_ identifier: String?) {
        zone = identifier.flatMap(TimeZone.init(identifier:))
    }

    /// The zone's offset from UTC (seconds east) at the UTC instant `utc`.
    mutating func offset(atUTC utc: Int) -> Int {
        guard let zone else { return 0 }
        let key = floorDiv(utc, 900)
        if let known = offsets[key] { return known }
        let value = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(key * 900)))
        if offsets.count < 1 << 16 { offsets[key] = value }
        return value
    }

    /// The UTC instant of the local time `local`, as RFC 5545 3.3.5 reads local times near
    /// a change of clocks: a time that occurs twice is the first of the two; a time the
    /// change skips is read with the offset before the gap, which moves it forward by the
    /// gap (02:30 on the day Berlin springs forward is 03:30 CEST).
    mutating func utc(ofLocal local: Int) -> Int {
        guard zone != nil else { return local }
        let near = local - offset(atUTC: local)
        let before = offset(atUTC: near - 21_600)
        let after = offset(atUTC: near + 21_600)
        let early = local - before
        let late = local - after
        if offset(atUTC: early) != before && offset(atUTC: late) == after { return late }
        return early
    }

    /// The local time at the UTC instant `utc`.
    mutating func local(ofUTC utc: Int) -> Int {
        utc + offset(atUTC: utc)
    }
}
