import AlmanacCore
import AlmanacJSON
import Testing

/// The NDJSON writer of a series' occurrences writes, byte for byte, the line
/// `encodeItem` writes for the occurrence made into an event.
@Suite struct NDJSONOccurrenceEncoderTests {
    static func time(_ text: String) -> CalendarTime {
        ISO8601Text.parseCalendarTime(Array(text.utf8))!
    }

    static func local(_ text: String) -> CivilDateTime {
        time(text).civil
    }

    static func zoned(_ text: String, _ zone: String) -> CalendarTime {
        .zoned(local(text), timeZone: zone)
    }

    /// A series with every field the line has around its times.
    static let series = Event(
        id: "standup", title: "Standup \"daily\" – café", symbol: "person.3", color: RGBAColor(red: 0.2, green: 0.4, blue: 0.6),
        start: zoned("2026-03-23T09:00:00", "Europe/Berlin"), end: zoned("2026-03-23T09:15:00", "Europe/Berlin"),
        location: "Room 1", notes: "line one\nline two", url: "https://example.com/standup", categories: ["work", "team"],
        priority: 3, tasks: [EventTask(id: "t1", text: "Notes", isCompleted: true)], recipes: ["coffee"],
        extras: Extras(["ics": .object([OpaqueMember("properties", .array([.string("X-TEAM:core")]))])])
    )

    /// What `encodeItem` writes for `base` with `times`, and what the occurrence writer writes.
    static func lines(_ base: Event, _ times: [OccurrenceStream.Times]) throws -> (expected: String, written: String) {
        let codec = NDJSONCodec()
        var expected: [UInt8] = []
        for each in times { try codec.encodeItem(.event(each.applied(to: base)), options: EncodingOptions(), into: &expected) }
        let encoder = try #require(codec.occurrenceEncoder(for: base, options: EncodingOptions()))
        var written: [UInt8] = []
        for each in times { try encoder.encode(each, into: &written) }
        return (String(decoding: expected, as: UTF8.self), String(decoding: written, as: UTF8.self))
    }

    @Test func zonedOccurrencesAreTheLinesOfTheirEvents() throws {
        let times = (0..<3).map { day in
            OccurrenceStream.Times(start: Self.zoned("2026-03-2\(3 + day)T09:00:00", "Europe/Berlin"), end: Self.zoned("2026-03-2\(3 + day)T09:15:00", "Europe/Berlin"),
                                   recurrenceID: Self.zoned("2026-03-2\(3 + day)T09:00:00", "Europe/Berlin"))
        }
        let (expected, written) = try Self.lines(Self.series, times)
        #expect(written == expected)
        #expect(written.split(separator: "\n").count == 3)
        #expect(written.contains("\"recurrenceId\":\"2026-03-24T09:00:00[Europe/Berlin]\""))
    }

    @Test func everyKindOfTimeAndAnEndOrNone() throws {
        var base = Self.series
        base.categories = []
        base.color = nil
        let shapes: [OccurrenceStream.Times] = [
            .init(start: Self.time("2026-05-01T08:00:00Z"), end: Self.time("2026-05-01T09:00:00Z"), recurrenceID: Self.time("2026-05-01T08:00:00Z")),
            .init(start: Self.time("2026-05-01T08:00:00"), end: nil, recurrenceID: Self.time("2026-05-01T08:00:00")),
            .init(start: Self.time("2026-05-01"), end: Self.time("2026-05-02"), recurrenceID: Self.time("2026-05-01")),
            .init(start: Self.time("2026-05-01"), end: nil, recurrenceID: Self.time("2026-05-01")),
            // Moved occurrences: the recurrence id is not the start.
            .init(start: Self.zoned("2026-05-01T11:00:00", "Asia/Tokyo"), end: nil, recurrenceID: Self.zoned("2026-04-30T09:00:00", "Asia/Tokyo")),
            // An end in another zone (`endTimeZone`) and a zone a JSON string escapes.
            .init(start: Self.zoned("2026-05-01T11:00:00", "Asia/Tokyo"), end: Self.zoned("2026-05-01T12:00:00", "Europe/Berlin"), recurrenceID: Self.zoned("2026-05-01T11:00:00", "Odd\"Zone\\")),
            .init(start: Self.time("2026-05-02T08:00:00Z"), end: Self.time("2026-05-02T09:00:00Z"), recurrenceID: Self.time("2026-05-02T08:00:00Z")),
        ]
        // One writer, shapes alternating: each line is its event's.
        let (expected, written) = try Self.lines(base, shapes + shapes.reversed())
        #expect(written == expected)
        #expect(written.contains("\"endTimeZone\":\"Europe/Berlin\""))
        #expect(written.contains("\"allDay\":true"))
        #expect(written.contains("[Odd\\\"Zone\\\\]"))
    }

    @Test func aBaseWithItsOwnShapeIsWrittenWithTheOccurrences() throws {
        // The series' own times are all-day in another zone's shape: what counts is the occurrence's.
        var base = Self.series
        base.start = Self.time("2026-01-01")
        base.end = Self.zoned("2026-01-01T10:00:00", "America/New_York")
        base.recurrenceID = Self.time("2025-12-31")
        let times = [OccurrenceStream.Times(start: Self.zoned("2026-02-01T09:00:00", "Europe/Berlin"), end: Self.zoned("2026-02-01T10:00:00", "Europe/Berlin"), recurrenceID: Self.zoned("2026-02-01T09:00:00", "Europe/Berlin"))]
        let (expected, written) = try Self.lines(base, times)
        #expect(written == expected)
        #expect(!written.contains("allDay") && !written.contains("endTimeZone"))
    }

    @Test func theLinesReadBackAsTheOccurrences() throws {
        let times = OccurrenceStream.Times(start: Self.zoned("2026-03-25T09:00:00", "Europe/Berlin"), end: Self.zoned("2026-03-25T09:15:00", "Europe/Berlin"), recurrenceID: Self.zoned("2026-03-25T09:00:00", "Europe/Berlin"))
        let (_, written) = try Self.lines(Self.series, [times])
        let back = try NDJSONCodec().decode(Array(written.utf8), source: "out.ndjson").document.events
        #expect(back == [times.applied(to: Self.series)])
    }
}
