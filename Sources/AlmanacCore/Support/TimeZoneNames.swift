import Foundation

/// Questions about IANA time-zone ids, answered from the time-zone data Foundation has.
package enum TimeZoneNames {
    /// The zone ids Foundation lists, looked up once: readers ask about every zoned time.
    private static let listed = Set(TimeZone.knownTimeZoneIdentifiers)

    /// Whether `identifier` names a time zone this machine knows, such as `Europe/Berlin`.
    package static func isKnown(_ identifier: String) -> Bool {
        // Foundation also accepts ids it does not list (`UTC`, `GMT+1`); ask it about those.
        !identifier.isEmpty && (listed.contains(identifier) || TimeZone(identifier: identifier) != nil)
    }
}
