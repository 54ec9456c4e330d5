import Foundation
import Testing
import AlmanacCore

/// ``InstantReader`` reads times as ``CalendarTime/instant(localZone:)`` does, next to
/// changes of clocks too.
@Suite struct InstantReaderTests {
    static func local(_ text: String) -> CivilDateTime {
        ISO8601Text.parseCalendarTime(Array(text.utf8))!.civil
    }

    @Test func everyQuarterHourAroundChangesOfClocksIsReadAsInstantReadsIt() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        var reader = InstantReader(localZone: berlin)
        // Spring forward (03-29) and fall back (10-25) in Berlin, and Sydney's in April.
        for (day, zone) in [("2026-03-29", "Europe/Berlin"), ("2026-10-25", "Europe/Berlin"), ("2026-04-05", "Australia/Sydney"), ("2026-03-08", "America/New_York")] {
            let midnight = Self.local("\(day)T00:00:00").secondsSinceEpoch
            for step in stride(from: -86_400, through: 86_400 * 2, by: 900) {
                let value = CivilDateTime(secondsSinceEpoch: midnight + step)
                for time in [CalendarTime.zoned(value, timeZone: zone), .floating(value), .utc(value)] {
                    let expected = time.instant(localZone: berlin).map { Int($0.timeIntervalSince1970) }
                    #expect(reader.seconds(of: time) == expected, "\(time)")
                }
            }
        }
        #expect(reader.seconds(of: .date(CivilDate(year: 2026, month: 3, day: 29)!)) == Int(CalendarTime.date(CivilDate(year: 2026, month: 3, day: 29)!).instant(localZone: berlin)!.timeIntervalSince1970))
    }

    @Test func anUnknownZoneHasNoInstant() {
        var reader = InstantReader(localZone: TimeZone(identifier: "UTC")!)
        #expect(reader.seconds(of: .zoned(Self.local("2026-01-01T09:00:00"), timeZone: "Mars/Olympus")) == nil)
        #expect(CalendarTime.zoned(Self.local("2026-01-01T09:00:00"), timeZone: "Mars/Olympus").instant() == nil)
    }
}
