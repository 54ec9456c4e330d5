@testable import AlmanacJCal
import AlmanacCore
import AlmanacICalendarModel
import AlmanacTestSupport
import Foundation

/// Helpers the jCal tests share.
enum JCal {
    static let codec = JCalCodec()
    /// A fixed DTSTAMP so that output is reproducible.
    static let stamp = "2026-01-01T00:00:00Z"
    static let options = EncodingOptions(stamp: ICalendarStamp.parse(stamp))

    static func encode(_ document: AlmanacDocument) throws -> [UInt8] {
        try codec.encode(document, options: options).bytes
    }

    static func decode(_ bytes: [UInt8]) throws -> DecodeResult {
        try codec.decode(bytes, source: "test.jcal")
    }

    static func decode(_ text: String) throws -> DecodeResult {
        try decode(Array(text.utf8))
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// Runs the built `almanac` and requires success.
    static func almanac(_ arguments: [String], stdin: [UInt8] = []) throws -> [UInt8] {
        try ProcessRunner.almanacOutput(arguments + ["--dtstamp", stamp, "--no-validate"], stdin: stdin)
    }

    /// `Samples/events.json` as jCal, written by the binary.
    static func sampleJCal() throws -> [UInt8] {
        try almanac(["convert", TestPaths.sample("events.json").path, "-t", "jcal"])
    }

    /// A calendar with what the model has no field for: attendees, alarms, EXDATE,
    /// X- properties, a VJOURNAL, calendar properties (as RFC 5545 text).
    static let richICS = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "CALSCALE:GREGORIAN", "METHOD:PUBLISH",
        "X-WR-CALNAME:Family", "BEGIN:VEVENT", "UID:series@example.com", "DTSTAMP:20250101T000000Z",
        "DTSTART;TZID=Europe/Berlin:20270107T093000", "DTEND;TZID=Europe/Berlin:20270107T100000",
        "SUMMARY;LANGUAGE=de:Yoga\\, Pilates", "RRULE:FREQ=WEEKLY;BYDAY=TH,FR;COUNT=10",
        "EXDATE;TZID=Europe/Berlin:20270114T093000,20270121T093000",
        "ORGANIZER;CN=\"Doe, Jane\":mailto:jane@example.com",
        "ATTENDEE;CN=George ^'Babe^' Ruth;PARTSTAT=ACCEPTED;MEMBER=\"mailto:a@x\",\"mailto:b@x\":mailto:babe@example.com",
        "X-MOZ-GENERATION:3", "SEQUENCE:2", "STATUS:CONFIRMED", "GEO:37.386013;-122.082932", "REQUEST-STATUS:2.0;Success",
        "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Reminder", "TRIGGER:-PT15M", "END:VALARM", "END:VEVENT",
        "BEGIN:VTODO", "UID:mat@example.com", "SUMMARY:Bring the mat", "STATUS:NEEDS-ACTION",
        "RELATED-TO;RELTYPE=PARENT:series@example.com", "PRIORITY:1", "PERCENT-COMPLETE:20",
        "BEGIN:VALARM", "ACTION:AUDIO", "TRIGGER;VALUE=DATE-TIME:20270107T080000Z", "END:VALARM", "END:VTODO",
        "BEGIN:VJOURNAL", "UID:j@example.com", "SUMMARY:Notes", "END:VJOURNAL", "END:VCALENDAR",
    ].joined(separator: "\r\n") + "\r\n"
}
