import AlmanacCore
import AlmanacICalendar
import Testing

/// A changed occurrence of a recurring event (RECURRENCE-ID) keeps the series' id and
/// says which occurrence it replaces.
@Suite struct RecurrenceIDTests {
    static let calendar = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//test//EN\r
        BEGIN:VEVENT\r
        UID:series-1\r
        DTSTAMP:20261101T000000Z\r
        DTSTART;TZID=Europe/Berlin:20261201T100000\r
        RRULE:FREQ=WEEKLY;COUNT=4\r
        SUMMARY:Stand-up\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:series-1\r
        DTSTAMP:20261101T000000Z\r
        RECURRENCE-ID;TZID=Europe/Berlin:20261208T100000\r
        DTSTART;TZID=Europe/Berlin:20261208T113000\r
        SUMMARY:Stand-up (later)\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    @Test func theOccurrenceIsReadIntoTheModel() throws {
        let document = try ICalendarCodec().decode(Array(Self.calendar.utf8), source: "series.ics").document
        #expect(document.events.map(\.id) == ["series-1", "series-1"])
        let changed = try #require(document.events.last)
        guard case .zoned(let local, let zone)? = changed.recurrenceID else {
            Issue.record("expected a zoned recurrence id, got \(String(describing: changed.recurrenceID))")
            return
        }
        #expect(zone == "Europe/Berlin")
        #expect((local.date.day, local.hour, local.minute) == (8, 10, 0))
        #expect(Validator().validate(document.items.map { LocatedItem($0) }).isEmpty, "no unique-ids finding")
    }

    @Test func itIsWrittenBack() throws {
        let codec = ICalendarCodec()
        let document = try codec.decode(Array(Self.calendar.utf8), source: "series.ics").document
        let written = String(decoding: try codec.encode(document, options: EncodingOptions()).bytes, as: UTF8.self)
        #expect(written.contains("RECURRENCE-ID;TZID=Europe/Berlin:20261208T100000\r\n"))
        #expect(try codec.decode(Array(written.utf8), source: "again.ics").document == document)
    }
}
