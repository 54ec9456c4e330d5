import AlmanacCore
import Foundation
import Testing

@Suite struct ISODurationTests {
    @Test func parsesHoursAndMinutes() throws {
        let duration = try #require(ISODuration("PT1H30M"))
        #expect(duration == ISODuration(hours: 1, minutes: 30))
        #expect(duration.totalSeconds == 5_400)
    }

    @Test func parsesWeeks() throws {
        #expect(ISODuration("P1W") == ISODuration(weeks: 1))
        #expect(ISODuration("P1W")?.totalSeconds == 604_800)
    }

    @Test func parsesDaysWithTime() throws {
        #expect(ISODuration("P2DT3H") == ISODuration(days: 2, hours: 3))
        #expect(ISODuration("P2DT3H")?.totalSeconds == 2 * 86_400 + 3 * 3_600)
        #expect(ISODuration("P1DT2H3M4S") == ISODuration(days: 1, hours: 2, minutes: 3, seconds: 4))
    }

    @Test func parsesSigns() throws {
        let negative = try #require(ISODuration("-PT5M"))
        #expect(negative.isNegative)
        #expect(negative.minutes == 5)
        #expect(negative.totalSeconds == -300)
        #expect(ISODuration("+PT5M") == ISODuration(minutes: 5))
    }

    @Test func keepsThePartsAsWritten() throws {
        let duration = try #require(ISODuration("PT90M"))
        #expect(duration.minutes == 90)
        #expect(duration.hours == 0)
        #expect(duration.description == "PT90M")
    }

    @Test func zeroIsPT0S() {
        #expect(ISODuration().description == "PT0S")
        #expect(ISODuration("PT0S") == ISODuration())
        #expect(ISODuration("P0D")?.description == "PT0S")
    }

    @Test(arguments: [
        "P", "PT", "P1H", "PT1D", "PT5M1H", "P1D1W", "P1DT", "PT1H1H", "1H", "pt1h", "P1.5D", "PT-5M",
        "P1Y", "P1M", "PTT1H", "P1DT2H3", "", "-", "PT1234567890S",
    ])
    func rejects(_ text: String) {
        #expect(ISODuration(text) == nil)
    }

    @Test(arguments: ["PT1H30M", "P1W", "P2DT3H", "-PT5M", "PT90M", "P1DT2H3M4S", "PT45S", "P3D", "P1W2DT1S", "PT0S"])
    func formatRoundTrips(_ text: String) throws {
        let duration = try #require(ISODuration(text))
        #expect(duration.description == text)
    }

    @Test func formatsBuiltDurations() {
        #expect(ISODuration(hours: 1, minutes: 30).description == "PT1H30M")
        #expect(ISODuration(isNegative: true, minutes: 5).description == "-PT5M")
        #expect(ISODuration(weeks: 2).description == "P2W")
        #expect(ISODuration(days: 1, seconds: 30).description == "P1DT30S")
    }

    @Test func codableUsesTheISOText() throws {
        let data = try JSONEncoder().encode([ISODuration(days: 2, hours: 3)])
        #expect(String(decoding: data, as: UTF8.self) == #"["P2DT3H"]"#)
        #expect(try JSONDecoder().decode([ISODuration].self, from: Data(#"["-PT5M"]"#.utf8)) == [ISODuration(isNegative: true, minutes: 5)])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([ISODuration].self, from: Data(#"["PT"]"#.utf8)) }
    }
}
