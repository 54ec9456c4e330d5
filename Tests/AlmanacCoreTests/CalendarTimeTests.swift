import AlmanacCore
import Foundation
import Testing

@Suite struct CalendarTimeTests {
    private func dateTime(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, nanosecond: Int = 0) throws -> CivilDateTime {
        let date = try #require(CivilDate(year: year, month: month, day: day))
        return try #require(CivilDateTime(date: date, hour: hour, minute: minute, nanosecond: nanosecond))
    }

    /// Seconds since 1970 of a UTC date-time, for expectations.
    private func utcSeconds(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int) throws -> TimeInterval {
        TimeInterval(try dateTime(year, month, day, hour, minute).secondsSinceEpoch)
    }

    private func berlin(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int) throws -> TimeInterval? {
        try CalendarTime.zoned(dateTime(year, month, day, hour, minute), timeZone: "Europe/Berlin").instant()?.timeIntervalSince1970
    }

    @Test func utcInstantIgnoresTheLocalZone() throws {
        let time = CalendarTime.utc(try dateTime(2026, 12, 24, 17, 0, nanosecond: 500_000_000))
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        #expect(time.instant(localZone: tokyo)?.timeIntervalSince1970 == (try utcSeconds(2026, 12, 24, 17, 0)) + 0.5)
    }

    @Test func zonedInstantsUseTheRightOffsetAroundDaylightSavingChanges() throws {
        #expect(try berlin(2026, 12, 24, 18, 0) == utcSeconds(2026, 12, 24, 17, 0))
        #expect(try berlin(2026, 7, 1, 18, 0) == utcSeconds(2026, 7, 1, 16, 0))
        // Spring: 01:30 is still CET, 03:30 already CEST.
        #expect(try berlin(2026, 3, 29, 1, 30) == utcSeconds(2026, 3, 29, 0, 30))
        #expect(try berlin(2026, 3, 29, 3, 30) == utcSeconds(2026, 3, 29, 1, 30))
        // Autumn: 01:30 is still CEST, 03:30 is CET again.
        #expect(try berlin(2026, 10, 25, 1, 30) == utcSeconds(2026, 10, 24, 23, 30))
        #expect(try berlin(2026, 10, 25, 3, 30) == utcSeconds(2026, 10, 25, 2, 30))
    }

    /// RFC 5545, 3.3.5: a repeated local time means its first occurrence.
    @Test func aLocalTimeThatOccursTwiceIsTheFirstOccurrence() throws {
        // On 2026-10-25 Berlin's clocks go from 03:00 CEST back to 02:00 CET: 02:30 happens twice.
        #expect(try berlin(2026, 10, 25, 2, 30) == utcSeconds(2026, 10, 25, 0, 30))
        #expect(try berlin(2026, 10, 25, 2, 0) == utcSeconds(2026, 10, 25, 0, 0))
        #expect(try berlin(2026, 10, 25, 2, 59) == utcSeconds(2026, 10, 25, 0, 59))
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        // New York goes back from 02:00 EDT to 01:00 EST on 2026-11-01: 01:30 EDT is 05:30Z.
        let repeated = CalendarTime.floating(try dateTime(2026, 11, 1, 1, 30))
        #expect(repeated.instant(localZone: newYork)?.timeIntervalSince1970 == (try utcSeconds(2026, 11, 1, 5, 30)))
        // Auckland (UTC+13 in summer) goes back from 03:00 NZDT to 02:00 NZST on 2026-04-05.
        let auckland = CalendarTime.zoned(try dateTime(2026, 4, 5, 2, 30), timeZone: "Pacific/Auckland")
        #expect(auckland.instant()?.timeIntervalSince1970 == (try utcSeconds(2026, 4, 4, 13, 30)))
    }

    /// RFC 5545, 3.3.5: a skipped local time is read with the offset before the gap.
    @Test func aSkippedLocalTimeUsesTheOffsetBeforeTheGap() throws {
        // On 2026-03-29 Berlin's clocks jump from 02:00 CET to 03:00 CEST: 02:30 CET is 01:30Z.
        #expect(try berlin(2026, 3, 29, 2, 30) == utcSeconds(2026, 3, 29, 1, 30))
        #expect(try berlin(2026, 3, 29, 2, 0) == utcSeconds(2026, 3, 29, 1, 0))
        // Auckland jumps from 02:00 NZST (UTC+12) to 03:00 NZDT on 2026-09-27.
        let auckland = CalendarTime.zoned(try dateTime(2026, 9, 27, 2, 30), timeZone: "Pacific/Auckland")
        #expect(auckland.instant()?.timeIntervalSince1970 == (try utcSeconds(2026, 9, 26, 14, 30)))
    }

    @Test func floatingAndDateOnlyValuesUseTheLocalZone() throws {
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        let floating = CalendarTime.floating(try dateTime(2026, 12, 24, 18, 0))
        #expect(floating.instant(localZone: newYork)?.timeIntervalSince1970 == (try utcSeconds(2026, 12, 24, 23, 0)))
        let day = CalendarTime.date(try #require(CivilDate(year: 2026, month: 7, day: 4)))
        #expect(day.instant(localZone: newYork)?.timeIntervalSince1970 == (try utcSeconds(2026, 7, 4, 4, 0)))
    }

    @Test func unknownZoneHasNoInstant() throws {
        #expect(CalendarTime.zoned(try dateTime(2026, 12, 24, 18, 0), timeZone: "Nowhere/Land").instant() == nil)
    }

    @Test func accessorsDescribeTheKind() throws {
        let local = try dateTime(2026, 12, 24, 18, 0)
        let day = try #require(CivilDate(year: 2026, month: 12, day: 24))
        #expect(CalendarTime.date(day).isDateOnly)
        #expect(!CalendarTime.floating(local).isDateOnly)
        #expect(CalendarTime.zoned(local, timeZone: "Europe/Berlin").timeZoneID == "Europe/Berlin")
        #expect(CalendarTime.utc(local).timeZoneID == nil)
        #expect(CalendarTime.date(day).civil == CivilDateTime(midnightOf: day))
        #expect(CalendarTime.utc(local).day == day)
    }

    @Test func codableWritesZonedTimesWithTheZoneInBrackets() throws {
        let times: [CalendarTime] = [
            .date(try #require(CivilDate(year: 2026, month: 12, day: 24))),
            .utc(try dateTime(2026, 12, 24, 17, 0)),
            .zoned(try dateTime(2026, 12, 24, 18, 0), timeZone: "Europe/Berlin"),
            .floating(try dateTime(2026, 12, 24, 18, 0, nanosecond: 250_000_000)),
        ]
        let data = try JSONEncoder().encode(times)
        #expect(String(decoding: data, as: UTF8.self)
            == #"["2026-12-24","2026-12-24T17:00:00Z","2026-12-24T18:00:00[Europe\/Berlin]","2026-12-24T18:00:00.25"]"#)
        #expect(try JSONDecoder().decode([CalendarTime].self, from: data) == times)
    }

    @Test func codableReadsOffsetsAsUTCAndRejectsNonsense() throws {
        let decoded = try JSONDecoder().decode([CalendarTime].self, from: Data(#"["2026-12-24T18:00:00+01:00"]"#.utf8))
        #expect(decoded == [.utc(try dateTime(2026, 12, 24, 17, 0))])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([CalendarTime].self, from: Data(#"["2026-13-01"]"#.utf8)) }
    }
}
