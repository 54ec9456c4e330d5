import AlmanacCore
@testable import AlmanacICalendarModel
import Foundation
import Testing

/// Time zones: the Windows names table, and VTIMEZONEs almanac builds.
@Suite("Time zones")
struct TimeZoneTests {
    @Test("every IANA zone in the Windows table is known here")
    func windowsTable() {
        for pair in WindowsTimeZones.pairs {
            #expect(TimeZoneNames.isKnown(pair.iana), "\(pair.windows) → \(pair.iana)")
        }
    }

    @Test("a generated VTIMEZONE gives the same offsets as Foundation")
    func timeZoneRules() throws {
        for zone in ["Europe/Berlin", "America/Los_Angeles", "Australia/Sydney", "Asia/Tokyo", "America/Sao_Paulo", "Asia/Kolkata"] {
            let component = try #require(VTimeZoneBuilder.component(zone, years: 2015...2027))
            let rules = try #require(VTimeZoneRules(component))
            let timeZone = TimeZone(identifier: zone)!
            for day in stride(from: CivilDate(year: 2015, month: 1, day: 1)!.daysSinceEpoch, to: CivilDate(year: 2028, month: 1, day: 1)!.daysSinceEpoch, by: 5) {
                let noon = CivilDateTime(secondsSinceEpoch: day * 86_400 + 12 * 3_600)
                let expected = timeZone.secondsFromGMT(for: CalendarTime.zoned(noon, timeZone: zone).instant()!)
                #expect(rules.offset(at: noon) == expected, "\(zone) \(noon.date)")
            }
        }
    }
}
