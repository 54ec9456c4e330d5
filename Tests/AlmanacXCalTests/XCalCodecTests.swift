import AlmanacTestSupport
import Testing

/// Where ``XCalCodec`` says each event starts: its `<vevent>` element.
@Suite struct XCalCodecTests {
    static let calendar = """
        <?xml version="1.0" encoding="UTF-8"?>
        <icalendar xmlns="urn:ietf:params:xml:ns:icalendar-2.0"><vcalendar><properties><version><text>2.0</text></version></properties><components>
        <vevent><properties><uid><text>first</text></uid><summary><text>First</text></summary><dtstart><date-time>2026-12-24T10:00:00Z</date-time></dtstart></properties></vevent>
        <vtodo><properties><uid><text>task-1</text></uid><related-to><text>second</text></related-to></properties></vtodo> <vevent><properties><uid><text>second</text></uid><summary><text>Second</text></summary>
        <dtstart><date-time>2026-12-24T10:00:00Z</date-time></dtstart><dtend><date-time>2026-12-24T09:00:00Z</date-time></dtend></properties></vevent>
        </components></vcalendar></icalendar>

        """

    @Test("validate names the line and column of the <vevent> element")
    func eventElement() throws {
        let run = try ValidationRun.errors(["validate", "-f", "xcal"], input: Self.calendar)
        #expect(run.status == 1)
        #expect(run.errors == ["<stdin>:4:116: error: event 'Second': it ends (2026-12-24T09:00:00Z) before it starts (2026-12-24T10:00:00Z) [end-after-start]"])
    }
}
