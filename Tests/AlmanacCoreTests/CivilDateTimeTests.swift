import AlmanacCore
import Testing

@Suite struct CivilDateTimeTests {
    private func dateTime(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int = 0, nanosecond: Int = 0) throws -> CivilDateTime {
        let date = try #require(CivilDate(year: year, month: month, day: day))
        return try #require(CivilDateTime(date: date, hour: hour, minute: minute, second: second, nanosecond: nanosecond))
    }

    @Test func negativeSecondsCountBackFrom1970() throws {
        #expect(CivilDateTime(secondsSinceEpoch: -1) == (try dateTime(1969, 12, 31, 23, 59, 59)))
        #expect(CivilDateTime(secondsSinceEpoch: -86_400) == (try dateTime(1969, 12, 31, 0, 0)))
        #expect(CivilDateTime(secondsSinceEpoch: -86_401) == (try dateTime(1969, 12, 30, 23, 59, 59)))
        #expect(CivilDateTime(secondsSinceEpoch: -3_600) == (try dateTime(1969, 12, 31, 23, 0)))
        // 1900-03-01T12:34:56 is -25_508 days and 45_296 seconds from the epoch.
        #expect(CivilDateTime(secondsSinceEpoch: -25_508 * 86_400 + 45_296) == (try dateTime(1900, 3, 1, 12, 34, 56)))
    }

    @Test func positiveSecondsCountForwardFrom1970() throws {
        #expect(CivilDateTime(secondsSinceEpoch: 0) == (try dateTime(1970, 1, 1, 0, 0)))
        #expect(CivilDateTime(secondsSinceEpoch: 86_399) == (try dateTime(1970, 1, 1, 23, 59, 59)))
        // 2026-12-24T17:00:00 is 20_811 days and 61_200 seconds from the epoch.
        #expect(CivilDateTime(secondsSinceEpoch: 20_811 * 86_400 + 61_200, nanosecond: 5) == (try dateTime(2026, 12, 24, 17, 0, nanosecond: 5)))
    }

    @Test func secondsSinceEpochRoundTripsAroundZero() {
        for seconds in stride(from: -200_000, through: 200_000, by: 997) {
            let value = CivilDateTime(secondsSinceEpoch: seconds)
            #expect(value.secondsSinceEpoch == seconds)
            #expect((0...23).contains(value.hour) && (0...59).contains(value.minute) && (0...59).contains(value.second))
        }
    }

    @Test func rejectsOutOfRangeFields() throws {
        let date = try #require(CivilDate(year: 2026, month: 12, day: 24))
        #expect(CivilDateTime(date: date, hour: 24, minute: 0) == nil)
        #expect(CivilDateTime(date: date, hour: 23, minute: 60) == nil)
        #expect(CivilDateTime(date: date, hour: 23, minute: 59, second: 61) == nil)
        #expect(CivilDateTime(date: date, hour: 0, minute: 0, nanosecond: 1_000_000_000) == nil)
        #expect(CivilDateTime(date: date, hour: -1, minute: 0) == nil)
        #expect(CivilDateTime(date: date, hour: 23, minute: 59, second: 60) != nil, "a leap second a source wrote is kept")
    }

    @Test func midnightOfADateHasZeroTime() throws {
        let date = try #require(CivilDate(year: 2026, month: 12, day: 24))
        let midnight = CivilDateTime(midnightOf: date)
        #expect(midnight == (try dateTime(2026, 12, 24, 0, 0)))
        #expect(midnight.secondsSinceEpoch == 20_811 * 86_400)
    }

    @Test func comparesDateThenTimeThenFraction() throws {
        #expect(try dateTime(2026, 12, 24, 23, 59) < dateTime(2026, 12, 25, 0, 0))
        #expect(try dateTime(2026, 12, 24, 10, 0, 0) < dateTime(2026, 12, 24, 10, 0, 1))
        #expect(try dateTime(2026, 12, 24, 10, 0, 0, nanosecond: 1) > dateTime(2026, 12, 24, 10, 0, 0))
    }
}
