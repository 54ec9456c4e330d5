@testable import AlmanacICalendar
import AlmanacCore
import AlmanacICalendarModel
import AlmanacTestSupport
import Testing

@Suite("Round trips")
struct RoundTripTests {
    @Test("the sample document survives ics and back unchanged, extras and all")
    func sample() throws {
        let document = try ICS.sampleDocument()
        let result = try ICS.decode(try ICS.encode(document))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.rendered))")
        #expect(ICS.differences(result.document, document) == [])
        #expect(result.document == document)
    }

    @Test("generated documents survive ics and back unchanged", arguments: 0..<20)
    func generated(seed: Int) throws {
        let document = GeneratedCalendars.document(seed: UInt64(seed))
        let result = try ICS.decode(try ICS.encode(document))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.rendered))")
        #expect(ICS.differences(result.document, document) == [])
    }

    static let rich = ICS.calendar([
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
        "X-WR-CALNAME:Family",
        "BEGIN:VEVENT",
        "UID:series@example.com",
        "DTSTAMP:20250101T000000Z",
        "DTSTART;TZID=Europe/Berlin:20270107T093000",
        "DTEND;TZID=Europe/Berlin:20270107T100000",
        "SUMMARY;LANGUAGE=de:Yoga",
        "RRULE:FREQ=WEEKLY;BYDAY=TH;COUNT=10",
        "EXDATE;TZID=Europe/Berlin:20270114T093000",
        "ORGANIZER;CN=\"Doe, Jane\":mailto:jane@example.com",
        "ATTENDEE;CN=George ^'Babe^' Ruth;PARTSTAT=ACCEPTED:mailto:babe@example.com",
        "X-MOZ-GENERATION:3",
        "SEQUENCE:2",
        "STATUS:CONFIRMED",
        "BEGIN:VALARM",
        "ACTION:DISPLAY",
        "DESCRIPTION:Reminder",
        "TRIGGER:-PT15M",
        "END:VALARM",
        "END:VEVENT",
        "BEGIN:VTODO",
        "UID:mat@example.com",
        "SUMMARY:Bring the mat",
        "STATUS:NEEDS-ACTION",
        "RELATED-TO;RELTYPE=PARENT:series@example.com",
        "PRIORITY:1",
        "BEGIN:VALARM",
        "ACTION:AUDIO",
        "TRIGGER;VALUE=DATE-TIME:20270107T080000Z",
        "END:VALARM",
        "END:VTODO",
        "BEGIN:VJOURNAL",
        "UID:j@example.com",
        "SUMMARY:Notes",
        "END:VJOURNAL",
    ])

    @Test("ics → ics keeps RRULE, X- properties, attendees, alarms and calendar properties")
    func keepsWhatTheModelLacks() throws {
        let first = try ICS.decode(Self.rich)
        #expect(first.diagnostics.isEmpty)
        let event = try #require(first.document.events.first)
        #expect(event.recurrence == "FREQ=WEEKLY;BYDAY=TH;COUNT=10")
        let written = ICS.text(try ICS.encode(first.document))
        for line in [
            "RRULE:FREQ=WEEKLY;BYDAY=TH;COUNT=10", "EXDATE;TZID=Europe/Berlin:20270114T093000",
            "X-MOZ-GENERATION:3", "ATTENDEE;CN=George ^'Babe^' Ruth;PARTSTAT=ACCEPTED:mailto:babe@example.com",
            "ORGANIZER;CN=\"Doe, Jane\":mailto:jane@example.com", "SEQUENCE:2", "STATUS:CONFIRMED",
            "BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Reminder\r\nTRIGGER:-PT15M\r\nEND:VALARM",
            "PRIORITY:1", "BEGIN:VALARM\r\nACTION:AUDIO\r\nTRIGGER;VALUE=DATE-TIME:20270107T080000Z\r\nEND:VALARM",
            "X-WR-CALNAME:Family", "METHOD:PUBLISH", "CALSCALE:GREGORIAN",
            "BEGIN:VJOURNAL\r\nUID:j@example.com\r\nSUMMARY:Notes\r\nEND:VJOURNAL",
            "RELATED-TO;RELTYPE=PARENT:series@example.com",
        ] {
            #expect(written.contains(line + "\r\n"), "missing \(line)")
        }
        // A second trip changes nothing more.
        let second = try ICS.decode(Array(written.utf8))
        #expect(second.document == first.document)
        #expect(ICS.text(try ICS.encode(second.document)) == written)
    }

    @Test("a parentless VTODO is written back as a VTODO with its subtasks")
    func standaloneTodo() throws {
        let text = ICS.calendar([
            "BEGIN:VTODO", "UID:p1", "SUMMARY:Taxes", "DTSTART;VALUE=DATE:20270401", "DUE;VALUE=DATE:20270415",
            "STATUS:IN-PROCESS", "END:VTODO",
            "BEGIN:VTODO", "UID:p2", "SUMMARY:Receipts", "RELATED-TO;RELTYPE=PARENT:p1", "STATUS:COMPLETED",
            "COMPLETED:20270402T100000Z", "END:VTODO",
        ])
        let document = try ICS.decode(text).document
        let written = ICS.text(try ICS.encode(document))
        #expect(written.contains("BEGIN:VTODO\r\nUID:p1\r\n"))
        #expect(written.contains("DUE;VALUE=DATE:20270415\r\n"))
        #expect(written.contains("STATUS:IN-PROCESS\r\n"))
        #expect(written.contains("COMPLETED:20270402T100000Z\r\n"))
        #expect(!written.contains("BEGIN:VEVENT"))
        #expect(try ICS.decode(Array(written.utf8)).document == document)
    }

    @Test("a task marked not done loses its completion time; one marked done gets STATUS:COMPLETED")
    func taskStatusChanges() throws {
        var document = try ICS.decode(Self.rich).document
        document.events[0].tasks[0].isCompleted = true
        var written = ICS.text(try ICS.encode(document))
        #expect(written.contains("SUMMARY:Bring the mat\r\nSTATUS:COMPLETED\r\n"))
        document.events[0].tasks[0].isCompleted = false
        document.events[0].tasks[0].extras = ICalendarExtras(properties: ["STATUS:COMPLETED", "COMPLETED:20270101T000000Z"]).stored(in: Extras())
        written = ICS.text(try ICS.encode(document))
        #expect(!written.contains("COMPLETED:2027"))
    }
}
