import AlmanacCore
import Testing

@Suite struct CivilDateTests {
    /// Days from 1970-01-01, worked out independently (Python's proleptic `date.toordinal()`).
    @Test(arguments: [
        (1970, 1, 1, 0), (1969, 12, 31, -1), (2026, 12, 24, 20_811), (2000, 2, 29, 11_016),
        (1900, 2, 28, -25_509), (1900, 3, 1, -25_508), (1600, 2, 29, -135_081),
        (1, 1, 1, -719_162), (9999, 12, 31, 2_932_896),
    ])
    func daysSinceEpochMatchesKnownDates(year: Int, month: Int, day: Int, days: Int) throws {
        let date = try #require(CivilDate(year: year, month: month, day: day))
        #expect(date.daysSinceEpoch == days)
        #expect(CivilDate(daysSinceEpoch: days) == date)
    }

    @Test func daysSinceEpochRoundTripsEvery37thDayFromYearMinus1000To3000() throws {
        let first = try #require(CivilDate(year: -1000, month: 1, day: 1)).daysSinceEpoch
        let last = try #require(CivilDate(year: 3000, month: 12, day: 31)).daysSinceEpoch
        var previous: CivilDate?
        var checked = 0
        for days in stride(from: first, through: last, by: 37) {
            let date = CivilDate(daysSinceEpoch: days)
            guard date.daysSinceEpoch == days,
                  CivilDate(year: date.year, month: date.month, day: date.day) == date,
                  previous.map({ $0 < date }) ?? true else {
                Issue.record("day \(days) became \(date), which maps back to \(date.daysSinceEpoch)")
                return
            }
            previous = date
            checked += 1
        }
        #expect(checked > 39_000)
        #expect(CivilDate(daysSinceEpoch: first) == CivilDate(year: -1000, month: 1, day: 1))
    }

    /// Walks day by day with a calendar rule written out plainly, from year -1000 to 3000.
    @Test func consecutiveDaysFollowTheCalendarRules() throws {
        var expected = try #require(CivilDate(year: -1000, month: 1, day: 1))
        let first = expected.daysSinceEpoch
        let last = try #require(CivilDate(year: 3000, month: 12, day: 31)).daysSinceEpoch
        for days in first...last {
            let date = CivilDate(daysSinceEpoch: days)
            guard date == expected else {
                Issue.record("day \(days): expected \(expected), got \(date)")
                return
            }
            guard let next = Self.dayAfter(expected) else {
                Issue.record("\(expected) has no next day")
                return
            }
            expected = next
        }
    }

    @Test func leapDaysRoundTrip() throws {
        for year in [-400, 0, 4, 1600, 2000, 2024, 2400] {
            let leapDay = try #require(CivilDate(year: year, month: 2, day: 29), "\(year) is a leap year")
            let days = leapDay.daysSinceEpoch
            #expect(CivilDate(daysSinceEpoch: days) == leapDay)
            #expect(CivilDate(daysSinceEpoch: days + 1) == CivilDate(year: year, month: 3, day: 1))
            #expect(CivilDate(daysSinceEpoch: days - 1) == CivilDate(year: year, month: 2, day: 28))
        }
    }

    @Test func february29IsValidOnlyInLeapYears() {
        #expect(CivilDate(year: 2000, month: 2, day: 29) != nil)
        #expect(CivilDate(year: 1900, month: 2, day: 29) == nil)
        #expect(CivilDate(year: 2100, month: 2, day: 29) == nil)
        #expect(CivilDate(year: 2024, month: 2, day: 29) != nil)
        #expect(CivilDate(year: 2026, month: 2, day: 29) == nil)
        #expect(CivilDate(year: -100, month: 2, day: 29) == nil)
        #expect(CivilDate.isLeap(2000))
        #expect(!CivilDate.isLeap(1900))
        #expect(CivilDate.isLeap(-400))
    }

    @Test func rejectsOutOfRangeFields() {
        #expect(CivilDate(year: 2026, month: 0, day: 1) == nil)
        #expect(CivilDate(year: 2026, month: 13, day: 1) == nil)
        #expect(CivilDate(year: 2026, month: 1, day: 0) == nil)
        #expect(CivilDate(year: 2026, month: 4, day: 31) == nil)
        #expect(CivilDate(year: 2026, month: 1, day: 32) == nil)
        #expect(CivilDate(year: 2026, month: 12, day: 31) != nil)
    }

    @Test func addingDaysCrossesMonthsAndYears() throws {
        let date = try #require(CivilDate(year: 2026, month: 12, day: 24))
        #expect(date.adding(days: 8) == CivilDate(year: 2027, month: 1, day: 1))
        #expect(date.adding(days: -24) == CivilDate(year: 2026, month: 11, day: 30))
        #expect(date.adding(days: 0) == date)
    }

    @Test func comparesByYearThenMonthThenDay() throws {
        let early = try #require(CivilDate(year: 2025, month: 12, day: 31))
        let late = try #require(CivilDate(year: 2026, month: 1, day: 1))
        #expect(early < late)
        #expect(!(late < early))
        #expect(try #require(CivilDate(year: 2026, month: 1, day: 2)) > late)
    }

    @Test func descriptionIsISOExtendedForm() throws {
        #expect(try #require(CivilDate(year: 2026, month: 3, day: 7)).description == "2026-03-07")
        #expect(try #require(CivilDate(year: 33, month: 1, day: 1)).description == "0033-01-01")
        #expect(try #require(CivilDate(year: -44, month: 3, day: 15)).description == "-0044-03-15")
        #expect(try #require(CivilDate(year: 12_026, month: 1, day: 1)).description == "12026-01-01")
    }

    /// The next day by the Gregorian rules, written out independently of `CivilDate`'s arithmetic.
    private static func dayAfter(_ date: CivilDate) -> CivilDate? {
        let leap = (date.year % 4 == 0 && date.year % 100 != 0) || date.year % 400 == 0
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        if date.day < lengths[date.month - 1] { return CivilDate(year: date.year, month: date.month, day: date.day + 1) }
        if date.month < 12 { return CivilDate(year: date.year, month: date.month + 1, day: 1) }
        return CivilDate(year: date.year + 1, month: 1, day: 1)
    }
}
