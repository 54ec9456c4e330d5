import Foundation

/// Questions about IANA time-zone ids, answered from the time-zone data Foundation has.
public enum TimeZoneNames {
    /// Whether `identifier` names a time zone this machine knows, such as `Europe/Berlin`.
    public static func isKnown(_ identifier: String) -> Bool {
        !identifier.isEmpty && TimeZone(identifier: identifier) != nil
    }
}
