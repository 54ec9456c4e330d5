import AlmanacCore
import Testing
@testable import AlmanacCooklang

/// Recipe times.
@Suite struct CooklangDurationTextTests {
    @Test(arguments: [
        ("15 minutes", ISODuration(minutes: 15)), ("1h 30min", ISODuration(hours: 1, minutes: 30)),
        ("1 hour and 15 minutes", ISODuration(hours: 1, minutes: 15)), ("90", ISODuration(minutes: 90)),
        ("1.5 hours", ISODuration(minutes: 90)), ("PT2H", ISODuration(hours: 2)), ("2 days", ISODuration(days: 2)),
    ])
    func reads(_ text: String, _ duration: ISODuration) {
        #expect(CooklangDurationText.duration(text) == duration)
    }

    @Test(arguments: ["soon", "", "10 parsecs", "5 10"])
    func refuses(_ text: String) {
        #expect(CooklangDurationText.duration(text) == nil)
    }

    @Test(arguments: [ISODuration(minutes: 90), ISODuration(hours: 1, minutes: 30), ISODuration(weeks: 1, seconds: 5), ISODuration()])
    func writesWhatReadsBack(_ duration: ISODuration) throws {
        let text = try #require(CooklangDurationText.text(duration))
        #expect(CooklangDurationText.duration(text) == duration || duration.totalSeconds == 0)
    }
}
