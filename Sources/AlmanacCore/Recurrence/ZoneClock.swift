import Foundation

/// Local wall-clock times of one IANA zone to and from UTC, with its daylight-saving
/// rules (Foundation's time-zone data). Offsets are remembered as spans between changes
/// of clocks, so that a long series asks the zone database about once per change, not
/// once per occurrence.
struct ZoneClock {
    private let zone: TimeZone?
    /// Known spans `[start, end)` of UTC seconds with one offset, sorted by start.
    private var spans: [(start: Int, end: Int, offset: Int)] = []
    /// The span the last answer came from (empty at first): times asked in order fall in it.
    private var last = (start: 0, end: 0, offset: 0)

    /// A clock for `identifier`, or UTC's (offset 0) when it is `nil` or unknown.
    init(_ identifier: String?) {
        zone = identifier.flatMap(TimeZone.init(identifier:))
    }

    /// A clock for `zone` (UTC's when `nil`).
    init(zone: TimeZone?) {
        self.zone = zone
    }

    /// Whether the zone is known (a clock of an unknown zone counts as UTC).
    var isKnown: Bool { zone != nil }

    /// The zone's offset from UTC (seconds east) at the UTC instant `utc`.
    mutating func offset(atUTC utc: Int) -> Int {
        guard let zone else { return 0 }
        if utc >= last.start && utc < last.end { return last.offset }
        var low = 0, high = spans.count
        while low < high {
            let middle = (low + high) / 2
            if spans[middle].start <= utc { low = middle + 1 } else { high = middle }
        }
        if low > 0, utc < spans[low - 1].end {
            last = spans[low - 1]
            return last.offset
        }
        let instant = Date(timeIntervalSince1970: TimeInterval(utc))
        let offset = zone.secondsFromGMT(for: instant)
        var end = zone.nextDaylightSavingTimeTransition(after: instant).map { Int($0.timeIntervalSince1970.rounded(.down)) } ?? Int.max
        if low < spans.count { end = min(end, spans[low].start) }
        last = (utc, max(end, utc + 1), offset)
        if spans.count < 1 << 14 { spans.insert(last, at: low) }
        return offset
    }

    /// The UTC instant of the local time `local`, as RFC 5545 3.3.5 reads local times near
    /// a change of clocks: a time that occurs twice is the first of the two; a time the
    /// change skips is read with the offset before the gap, which moves it forward by the
    /// gap (02:30 on the day Berlin springs forward is 03:30 CEST).
    mutating func utc(ofLocal local: Int) -> Int {
        guard zone != nil else { return local }
        // Far from a change of clocks, every offset the reading below asks is the last span's.
        let candidate = local - last.offset
        if last.start <= min(local, candidate - 21_600) && max(local, candidate + 21_600) < last.end { return candidate }
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
