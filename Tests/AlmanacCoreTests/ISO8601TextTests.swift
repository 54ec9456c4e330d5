import AlmanacCore
import Testing

@Suite struct ISO8601TextTests {
    private func parse(_ text: String) -> CalendarTime? {
        ISO8601Text.parseCalendarTime(Array(text.utf8))
    }

    private func format(_ time: CalendarTime) -> String {
        var bytes: [UInt8] = []
        ISO8601Text.append(time, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private func dateTime(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int = 0, nanosecond: Int = 0) throws -> CivilDateTime {
        let date = try #require(CivilDate(year: year, month: month, day: day))
        return try #require(CivilDateTime(date: date, hour: hour, minute: minute, second: second, nanosecond: nanosecond))
    }

    @Test func parsesADate() throws {
        #expect(parse("2026-12-24") == .date(try #require(CivilDate(year: 2026, month: 12, day: 24))))
    }

    @Test func parsesUTC() throws {
        let expected = CalendarTime.utc(try dateTime(2026, 12, 24, 17, 0))
        #expect(parse("2026-12-24T17:00:00Z") == expected)
        #expect(parse("2026-12-24t17:00:00z") == expected)
        #expect(parse("2026-12-24 17:00:00Z") == expected)
    }

    @Test func normalisesOffsetsToUTC() throws {
        #expect(parse("2026-12-24T18:00:00+01:00") == .utc(try dateTime(2026, 12, 24, 17, 0)))
        #expect(parse("2026-12-24T18:00:00+0100") == .utc(try dateTime(2026, 12, 24, 17, 0)))
        #expect(parse("2026-12-24T18:00:00-05:30") == .utc(try dateTime(2026, 12, 24, 23, 30)))
        // The offset moves the instant across midnight and the year end.
        #expect(parse("2026-12-31T22:30:00-02:00") == .utc(try dateTime(2027, 1, 1, 0, 30)))
        #expect(parse("2027-01-01T00:30:00+01:00") == .utc(try dateTime(2026, 12, 31, 23, 30)))
        #expect(parse("2026-12-24T18:00:00.25+01:00") == .utc(try dateTime(2026, 12, 24, 17, 0, nanosecond: 250_000_000)))
    }

    @Test func parsesFloatingTimes() throws {
        #expect(parse("2026-12-24T17:00:00") == .floating(try dateTime(2026, 12, 24, 17, 0)))
        #expect(parse("2026-12-24T17:05") == .floating(try dateTime(2026, 12, 24, 17, 5)))
    }

    @Test func parsesFractionalSeconds() throws {
        #expect(parse("2026-12-24T17:00:00.5Z") == .utc(try dateTime(2026, 12, 24, 17, 0, nanosecond: 500_000_000)))
        #expect(parse("2026-12-24T17:00:00,125") == .floating(try dateTime(2026, 12, 24, 17, 0, nanosecond: 125_000_000)))
        #expect(parse("2026-12-24T17:00:00.000000001Z") == .utc(try dateTime(2026, 12, 24, 17, 0, nanosecond: 1)))
        // Digits past the ninth are dropped, not rounded.
        #expect(parse("2026-12-24T17:00:00.1234567899Z") == .utc(try dateTime(2026, 12, 24, 17, 0, nanosecond: 123_456_789)))
    }

    @Test func parsesLongAndSignedYears() throws {
        #expect(parse("10000-01-01") == .date(try #require(CivilDate(year: 10_000, month: 1, day: 1))))
        #expect(parse("+12026-06-30T12:00:00Z") == .utc(try dateTime(12_026, 6, 30, 12, 0)))
        #expect(parse("-0044-03-15") == .date(try #require(CivilDate(year: -44, month: 3, day: 15))))
    }

    @Test(arguments: [
        "2026-13-01", "2026-02-30", "2026-02-29", "2026-00-10", "2026-12-24T24:00", "2026-12-24T23:60",
        "2026-12-24x", "2026-12-24T17:00:00Zjunk", "2026-12-24T17:00:00+01:00 ", "2026-12-24T17:00:00+25:00",
        "2026-12-24T17", "2026-12-24T17:00:00.", "26-12-24", "2026-1-24", "2026/12/24", "", "2026-12-24T",
        "2026-12-24T17:00:00+01", "1234567-01-01",
    ])
    func rejects(_ text: String) {
        #expect(parse(text) == nil)
    }

    @Test func formatsEachKind() throws {
        #expect(format(.date(try #require(CivilDate(year: 2026, month: 12, day: 24)))) == "2026-12-24")
        #expect(format(.utc(try dateTime(2026, 12, 24, 17, 0))) == "2026-12-24T17:00:00Z")
        #expect(format(.floating(try dateTime(2026, 1, 2, 3, 4, 5))) == "2026-01-02T03:04:05")
        #expect(format(.zoned(try dateTime(2026, 12, 24, 17, 0), timeZone: "Europe/Berlin")) == "2026-12-24T17:00:00")
        #expect(format(.utc(try dateTime(2026, 12, 24, 17, 0, nanosecond: 500_000_000))) == "2026-12-24T17:00:00.5Z")
        #expect(format(.utc(try dateTime(2026, 12, 24, 17, 0, nanosecond: 1_000))) == "2026-12-24T17:00:00.000001Z")
    }

    @Test(arguments: [
        "2026-12-24", "2026-12-24T17:00:00Z", "2026-12-24T17:00:00", "2026-12-24T17:00:00.123Z",
        "0001-01-01", "-0044-03-15", "12026-06-30T12:00:00Z", "2000-02-29T23:59:60Z", "1969-12-31T23:59:59.999999999",
    ])
    func formatRoundTrips(_ text: String) throws {
        let parsed = try #require(parse(text))
        #expect(format(parsed) == text)
        #expect(parse(format(parsed)) == parsed)
    }

    @Test func appendDigitsPadsWithZeros() {
        var bytes: [UInt8] = []
        ISO8601Text.appendDigits(7, count: 3, to: &bytes)
        ISO8601Text.appendDigits(1234, count: 4, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "0071234")
    }
}
