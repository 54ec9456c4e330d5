@testable import AlmanacXCal
import AlmanacCore
import AlmanacICalendarModel
import AlmanacTestSupport
import Foundation

/// Helpers the xCal tests share.
enum XCal {
    static let codec = XCalCodec()
    /// A fixed DTSTAMP so that output is reproducible (the one `Samples/events.xcs` was made with).
    static let stamp = "2026-01-01T00:00:00Z"
    static let options = EncodingOptions(stamp: ICalendarStamp.parse(stamp))

    static func encode(_ document: AlmanacDocument, compact: Bool = false) throws -> [UInt8] {
        try codec.encode(document, options: EncodingOptions(compact: compact, stamp: options.stamp)).bytes
    }

    static func decode(_ bytes: [UInt8], source: String = "test.xcs") throws -> DecodeResult {
        try codec.decode(bytes, source: source)
    }

    static func decode(_ text: String) throws -> DecodeResult {
        try decode(Array(text.utf8))
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// `body` inside `<icalendar><vcalendar>…</vcalendar></icalendar>` in the xCal namespace.
    static func calendar(_ body: String) -> String {
        #"<icalendar xmlns="urn:ietf:params:xml:ns:icalendar-2.0"><vcalendar>"# + body + "</vcalendar></icalendar>"
    }

    /// One VEVENT with `properties` (xCal elements) inside a calendar.
    static func event(_ properties: String) -> String {
        calendar("<components><vevent><properties>" + properties + "</properties></vevent></components>")
    }

    /// The content lines of the first VEVENT of `text` as the tree keeps them.
    static func eventLines(_ text: String) throws -> [String] {
        let calendars = try codec.components(from: Array(text.utf8))
        let event = calendars.first?.children.first { $0.name == "VEVENT" }
        return event?.properties.map(\.raw) ?? []
    }

    /// Runs the built `almanac` with a fixed DTSTAMP and requires success.
    static func almanac(_ arguments: [String], stdin: [UInt8] = []) throws -> [UInt8] {
        try ProcessRunner.almanacOutput(arguments + ["--dtstamp", stamp, "--no-validate"], stdin: stdin)
    }

    /// A calendar with what the model has no field for, as RFC 5545 text: attendees with
    /// a boolean RSVP and cal-address parameters, alarms, EXDATE, an RDATE period, GEO,
    /// REQUEST-STATUS, a binary ATTACH, X- properties, a VJOURNAL, markup characters.
    static let richICS = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "CALSCALE:GREGORIAN", "METHOD:PUBLISH",
        "X-WR-CALNAME:Family <& friends>", "BEGIN:VEVENT", "UID:series@example.com", "DTSTAMP:20250101T000000Z",
        "DTSTART;TZID=Europe/Berlin:20270107T093000", "DTEND;TZID=Europe/Berlin:20270107T100000",
        "SUMMARY;LANGUAGE=de:Yoga\\, Pilates & <Stretching>", "RRULE:FREQ=WEEKLY;BYDAY=TH,FR;COUNT=10",
        "EXDATE;TZID=Europe/Berlin:20270114T093000,20270121T093000",
        "RDATE;VALUE=PERIOD:20270301T100000Z/PT2H,20270302T100000Z/20270302T120000Z",
        "ORGANIZER;CN=\"Doe, Jane\":mailto:jane@example.com",
        "ATTENDEE;CN=George ^'Babe^' Ruth;RSVP=TRUE;PARTSTAT=ACCEPTED;MEMBER=\"mailto:a@x\",\"mailto:b@x\":mailto:babe@example.com",
        "ATTACH;FMTTYPE=text/plain;ENCODING=BASE64;VALUE=BINARY:SGVsbG8=",
        "X-MOZ-GENERATION:3", "SEQUENCE:2", "STATUS:CONFIRMED", "GEO:37.386013;-122.082932", "REQUEST-STATUS:2.0;Success",
        "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Reminder", "TRIGGER:-PT15M", "END:VALARM", "END:VEVENT",
        "BEGIN:VTODO", "UID:mat@example.com", "SUMMARY:Bring the mat", "STATUS:NEEDS-ACTION",
        "RELATED-TO;RELTYPE=PARENT:series@example.com", "PRIORITY:1", "PERCENT-COMPLETE:20",
        "BEGIN:VALARM", "ACTION:AUDIO", "TRIGGER;VALUE=DATE-TIME:20270107T080000Z", "END:VALARM", "END:VTODO",
        "BEGIN:VJOURNAL", "UID:j@example.com", "SUMMARY:Notes", "END:VJOURNAL", "END:VCALENDAR",
    ].joined(separator: "\r\n") + "\r\n"
}
