import AlmanacCore
import AlmanacJSON
import Testing

/// The NDJSON occurrence writer copies a series' line and writes each occurrence's digits over
/// it when the times have text of the usual width; times of other widths (a fraction of a
/// second, a year of more or fewer than four digits) are written out in full, and the lines
/// are still those of the events, in any order.
@Suite struct NDJSONOccurrenceWidthTests {
    static func local(_ seconds: Int, nanosecond: Int = 0) -> CivilDateTime {
        CivilDateTime(secondsSinceEpoch: seconds, nanosecond: nanosecond)
    }

    static let series = Event(id: "s", title: "Series", start: .zoned(local(1_780_000_000), timeZone: "Europe/Berlin"), end: .zoned(local(1_780_003_600), timeZone: "Europe/Berlin"))

    @Test func timesOfEveryWidthAreTheLinesOfTheirEvents() throws {
        let ordinary = 1_780_000_000
        let starts: [(CivilDateTime, CivilDateTime)] = [
            (Self.local(ordinary), Self.local(ordinary + 900)),
            (Self.local(ordinary + 86_400, nanosecond: 500_000_000), Self.local(ordinary + 87_300)),
            // Years 10000 and -1, then 0099.
            (Self.local(253_402_300_800 + 3_600), Self.local(253_402_300_800 + 7_200)),
            (Self.local(-62_198_755_200), Self.local(-62_198_755_200 + 60)),
            (Self.local(-59_042_995_200), Self.local(-59_042_995_200 + 60)),
            (Self.local(ordinary + 2 * 86_400), Self.local(ordinary + 2 * 86_400 + 900, nanosecond: 1)),
            (Self.local(ordinary + 3 * 86_400 + 45_296), Self.local(ordinary + 3 * 86_400 + 50_000)),
        ]
        var times: [OccurrenceStream.Times] = []
        for (start, end) in starts {
            times.append(OccurrenceStream.Times(start: .zoned(start, timeZone: "Europe/Berlin"), end: .zoned(end, timeZone: "Europe/Berlin"), recurrenceID: .zoned(start, timeZone: "Europe/Berlin")))
            times.append(OccurrenceStream.Times(start: .utc(start), end: .utc(end), recurrenceID: .utc(start)))
            times.append(OccurrenceStream.Times(start: .date(start.date), end: nil, recurrenceID: .date(start.date)))
        }
        let codec = NDJSONCodec()
        for order in [times, times.reversed()] {
            var expected: [UInt8] = []
            for each in order { try codec.encodeItem(.event(each.applied(to: Self.series)), options: EncodingOptions(), into: &expected) }
            let encoder = try #require(codec.occurrenceEncoder(for: Self.series, options: EncodingOptions()))
            var written: [UInt8] = []
            for each in order { try encoder.encode(each, into: &written) }
            #expect(String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        }
    }
}
