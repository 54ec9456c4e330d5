import Foundation

/// Reads calendar times as instants the way ``CalendarTime/instant(localZone:)`` does (a
/// local time next to a change of clocks read as RFC 5545 3.3.5 says), in whole seconds,
/// and remembers each zone's offsets between calls (``ZoneClocks``, as the agenda does): a
/// rule that checks a million occurrences' times asks the zone database about once per
/// change of clocks, not once per time.
public struct InstantReader: Sendable {
    /// The zone floating and all-day times are read in.
    public let localZone: TimeZone
    private var clocks: ZoneClocks

    public init(localZone: TimeZone) {
        self.localZone = localZone
        clocks = ZoneClocks(localZone: localZone)
    }

    /// The instant of `time` in seconds since 1970-01-01T00:00:00Z, its fraction of a second
    /// left out; `nil` for a zoned time whose zone is unknown (as `instant(localZone:)`).
    public mutating func seconds(of time: CalendarTime) -> Int? {
        clocks.seconds(of: time)
    }
}
