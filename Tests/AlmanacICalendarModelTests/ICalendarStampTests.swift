import AlmanacCore
import AlmanacICalendarModel
import Testing

/// The DTSTAMP the iCalendar writers put on VEVENTs and VTODOs: the text `--dtstamp` takes,
/// and the options' stamp before `$SOURCE_DATE_EPOCH` and now.
@Suite("DTSTAMP")
struct ICalendarStampTests {
    static let newYear = CivilDateTime(midnightOf: CivilDate(year: 2026, month: 1, day: 1)!)

    @Test("ISO 8601 and iCalendar's form read as one UTC date-time", arguments: [
        "2026-01-01T00:00:00Z", "2026-01-01T01:00:00+01:00", "2025-12-31T19:00:00-05:00",
        "2026-01-01T00:00:00", "2026-01-01", "20260101T000000Z", "20260101T000000",
    ])
    func parses(_ text: String) {
        #expect(ICalendarStamp.parse(text) == Self.newYear)
    }

    @Test("what is not a date-time is nil", arguments: ["soon", "", "2026-13-01T00:00:00Z", "20260101", "12/10/2026", "2026-01-01T25:00:00Z"])
    func refuses(_ text: String) {
        #expect(ICalendarStamp.parse(text) == nil)
    }

    @Test("the options' stamp is the one written")
    func resolvesTheOptions() {
        #expect(ICalendarStamp.resolve(EncodingOptions(stamp: Self.newYear)) == Self.newYear)
    }
}
