import AlmanacCore
import Foundation
import Testing

/// ``ZoneClocks``, which keeps each zone's offsets between changes of clocks, gives the
/// instants ``CalendarTime/instant(localZone:)`` gives (a Foundation time-zone call each) and
/// tells skipped wall-clock times as the zone itself does: in zones with daylight saving
/// time, half-hour and 45-minute offsets, changes of standard offset and skipped days, in
/// gaps and folds, far from now and before 1970, asked in no particular order.
@Suite struct ZoneClocksTests {
    static let zones = [
        "America/Los_Angeles", "America/New_York", "Asia/Tokyo", "Europe/Berlin", "Europe/London", "Europe/Dublin",
        "Europe/Moscow", "Australia/Lord_Howe", "Pacific/Apia", "Pacific/Kiritimati", "Pacific/Chatham", "Asia/Kolkata",
        "Asia/Kathmandu", "America/Caracas", "America/Sao_Paulo", "Africa/Casablanca", "America/St_Johns", "Antarctica/Troll",
        "UTC", "Etc/GMT+5", "Nowhere/Unknown", "",
    ]
    static let years = [2026, 1850, 2100, 1970, 1916, 2011, 2014, 1969, 2500, 1942, 2016, 1883, 2038, 1971, 2027, 2400, 1]

    /// Local wall-clock times (seconds of the zone's clock) to ask about: every few days of each
    /// year, and every quarter of an hour for a day on both sides of each day the zone's offset
    /// changes on (found by asking the zone at each day's noon).
    static func locals(in zone: TimeZone?, year: Int) -> [Int] {
        let first = CivilDate(year: year, month: 1, day: 1)!.daysSinceEpoch
        var locals: [Int] = []
        var previous: Int?
        for day in first..<(first + 366) {
            if (day - first) % 3 == 0 { locals.append(day * 86_400 + (day * 7_919) % 86_400) }
            guard let zone else { continue }
            let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(day * 86_400 + 43_200)))
            if let previous, previous != offset {
                for quarter in 0..<(3 * 96) { locals.append((day - 2) * 86_400 + quarter * 900) }
            }
            previous = offset
        }
        return locals
    }

    /// A fixed shuffle (xorshift), so that times are asked out of order but the same each run.
    static func shuffled<T>(_ items: [T]) -> [T] {
        var items = items
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for index in stride(from: items.count - 1, to: 0, by: -1) {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            items.swapAt(index, Int(state % UInt64(index + 1)))
        }
        return items
    }

    /// Whether the wall-clock time `local` occurs in `zone`, asking the zone each time.
    static func exists(_ local: Int, in zone: TimeZone?) -> Bool {
        guard let zone else { return true }
        func offset(_ utc: Int) -> Int { zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(utc))) }
        let first = offset(local)
        let second = offset(local - first)
        return second == first || offset(local - second) == second
    }

    @Test("zoned, UTC, floating and all-day instants and skipped times are the zone's own", arguments: ["UTC", "Australia/Lord_Howe"])
    func sameAsFoundation(localZone: String) throws {
        let local = try #require(TimeZone(identifier: localZone))
        var clocks = ZoneClocks(localZone: local)
        var samples: [(zone: String, local: Int, nanosecond: Int)] = []
        for year in Self.years {
            for zone in Self.zones {
                for (index, seconds) in Self.locals(in: TimeZone(identifier: zone), year: year).enumerated() {
                    samples.append((zone, seconds, [0, 500_000_000, 999_999_999][index % 3]))
                }
            }
        }
        var compared = 0
        for (index, sample) in Self.shuffled(samples).enumerated() {
            var civil = CivilDateTime(secondsSinceEpoch: sample.local)
            civil.nanosecond = sample.nanosecond
            // Floating, all-day and UTC times do not read the sample's zone: every fourth is enough.
            let times = index % 4 == 0
                ? [CalendarTime.zoned(civil, timeZone: sample.zone), .floating(civil), .utc(civil), .date(civil.date)]
                : [CalendarTime.zoned(civil, timeZone: sample.zone)]
            for time in times {
                let expected = time.instant(localZone: local)
                let found = clocks.instant(of: time)
                #expect(found == expected, "\(time) on \(localZone): \(String(describing: found)) against \(String(describing: expected))")
                compared += 1
            }
            let exists = clocks.exists(local: sample.local, in: sample.zone)
            #expect(exists == Self.exists(sample.local, in: TimeZone(identifier: sample.zone)), "\(sample.zone) \(civil)")
        }
        #expect(compared > 50_000)
    }

    @Test("a wall-clock time in a spring-forward gap is moved forward by the gap, one in a fold is the first of the two")
    func gapAndFold() throws {
        var clocks = ZoneClocks(localZone: try #require(TimeZone(identifier: "UTC")))
        let berlin = { (text: String) in CalendarTime.zoned(RecurrenceSetTests.local(text), timeZone: "Europe/Berlin") }
        // 02:30 on 2027-03-28 does not exist in Berlin: it is 01:30 UTC (03:30 CEST).
        let gap = RecurrenceSetTests.local("2027-03-28T02:30:00")
        let moved = clocks.instant(of: berlin("2027-03-28T02:30:00"))
        let gapExists = clocks.exists(local: gap.secondsSinceEpoch, in: "Europe/Berlin")
        #expect(moved?.timeIntervalSince1970 == 1_806_197_400)
        #expect(!gapExists)
        // 02:30 on 2026-10-25 occurs twice: the first is 00:30 UTC (02:30 CEST).
        let fold = RecurrenceSetTests.local("2026-10-25T02:30:00")
        let first = clocks.instant(of: berlin("2026-10-25T02:30:00"))
        let foldExists = clocks.exists(local: fold.secondsSinceEpoch, in: "Europe/Berlin")
        let unknown = clocks.instant(of: .zoned(fold, timeZone: "Nowhere/Unknown"))
        #expect(first?.timeIntervalSince1970 == 1_792_888_200)
        #expect(foldExists)
        #expect(unknown == nil)
    }
}
