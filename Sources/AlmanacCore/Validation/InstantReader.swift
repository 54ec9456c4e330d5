import Foundation

/// Reads calendar times as instants the way ``CalendarTime/instant(localZone:)`` does (a
/// local time next to a change of clocks read as RFC 5545 3.3.5 says), in whole seconds,
/// and remembers each zone's offsets between calls (``ZoneClock``): a rule that checks a
/// million occurrences' times asks the zone database about once per change of clocks,
/// not once per time.
public struct InstantReader: Sendable {
    /// The zone floating and all-day times are read in.
    public let localZone: TimeZone
    private var local: ZoneClock
    private var indices: [String: Int] = [:]
    private var clocks: [ZoneClock] = []
    /// The zone asked last and its index in `clocks`: a series' times name one zone.
    private var last: (name: String, index: Int)?

    public init(localZone: TimeZone) {
        self.localZone = localZone
        local = ZoneClock(zone: localZone)
    }

    /// The instant of `time` in seconds since 1970-01-01T00:00:00Z, its fraction of a second
    /// left out; `nil` for a zoned time whose zone is unknown (as `instant(localZone:)`).
    public mutating func seconds(of time: CalendarTime) -> Int? {
        switch time {
        case .utc(let value): return value.secondsSinceEpoch
        case .floating(let value): return local.utc(ofLocal: value.secondsSinceEpoch)
        case .date(let day): return local.utc(ofLocal: day.daysSinceEpoch * 86_400)
        case .zoned(let value, let name):
            let index: Int
            if let last, last.name == name {
                index = last.index
            } else if let known = indices[name] {
                index = known
            } else {
                index = clocks.count
                clocks.append(ZoneClock(name))
                indices[name] = index
            }
            last = (name, index)
            guard clocks[index].isKnown else { return nil }
            return clocks[index].utc(ofLocal: value.secondsSinceEpoch)
        }
    }
}
