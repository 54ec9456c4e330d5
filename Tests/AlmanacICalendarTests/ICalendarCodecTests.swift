import AlmanacTestSupport
import Testing

/// Where ``ICalendarCodec`` says each event starts: its `BEGIN:VEVENT` line, in whole and
/// in streamed reads, also when a VTODO of the event comes before it.
@Suite struct ICalendarCodecTests {
    /// The second event (line 15) ends before it starts; its task comes first, on line 10.
    static let calendar = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN",
        "BEGIN:VEVENT", "UID:first", "DTSTAMP:20260101T000000Z", "DTSTART:20261224T100000Z", "SUMMARY:First", "END:VEVENT",
        "BEGIN:VTODO", "UID:task-1", "RELATED-TO:second", "SUMMARY:Bring cake", "END:VTODO",
        "BEGIN:VEVENT", "UID:second", "DTSTAMP:20260101T000000Z", "DTSTART:20261224T100000Z", "DTEND:20261224T090000Z", "SUMMARY:Second", "END:VEVENT",
        "END:VCALENDAR", "",
    ].joined(separator: "\r\n")

    static let expected = "<stdin>:15:1: error: event 'Second': it ends (2026-12-24T09:00:00Z) before it starts (2026-12-24T10:00:00Z) [end-after-start]"

    @Test("validate names the BEGIN:VEVENT line of the event in error")
    func wholeRead() throws {
        let run = try ValidationRun.errors(["validate", "-f", "ics"], input: Self.calendar)
        #expect(run.status == 1)
        #expect(run.errors == [Self.expected])
    }

    @Test("a streamed conversion names the same line")
    func streamedRead() throws {
        let run = try ValidationRun.errors(["convert", "-f", "ics", "-t", "ndjson"], input: Self.calendar)
        #expect(run.status == 1)
        #expect(run.errors == [Self.expected])
    }
}
