@testable import AlmanacXCal
import AlmanacCore
import AlmanacTestSupport
import Foundation
import Testing

/// The examples of RFC 6321 (appendix B) read as the RFC says they mean: into the same
/// component tree, and the same document, as their iCalendar forms.
@Suite("RFC 6321 examples")
struct RFCExampleTests {
    /// Appendix B.1.2: a single all-day event.
    static let example1 = """
        <?xml version="1.0" encoding="utf-8"?>
        <icalendar xmlns="urn:ietf:params:xml:ns:icalendar-2.0">
          <vcalendar>
            <properties>
              <calscale>
                <text>GREGORIAN</text>
              </calscale>
              <prodid>
                <text>-//Example Inc.//Example Calendar//EN</text>
              </prodid>
              <version>
                <text>2.0</text>
              </version>
            </properties>
            <components>
              <vevent>
                <properties>
                  <dtstamp>
                    <date-time>2008-02-05T19:12:24Z</date-time>
                  </dtstamp>
                  <dtstart>
                    <date>2008-10-06</date>
                  </dtstart>
                  <summary>
                    <text>Planning meeting</text>
                  </summary>
                  <uid>
                    <text>4088E990AD89CB3DBB484909</text>
                  </uid>
                </properties>
              </vevent>
            </components>
          </vcalendar>
        </icalendar>
        """

    /// Appendix B.1.1 with its erratum (eid 3892): `VALUE=DATE` on DTSTART.
    static let example1ICS = [
        "BEGIN:VCALENDAR", "CALSCALE:GREGORIAN", "PRODID:-//Example Inc.//Example Calendar//EN", "VERSION:2.0",
        "BEGIN:VEVENT", "DTSTAMP:20080205T191224Z", "DTSTART;VALUE=DATE:20081006", "SUMMARY:Planning meeting",
        "UID:4088E990AD89CB3DBB484909", "END:VEVENT", "END:VCALENDAR",
    ].joined(separator: "\r\n") + "\r\n"

    /// Appendix B.2.2: a time zone with yearly rules, a daily recurring event with an
    /// extra period (RDATE), and a changed occurrence of it (RECURRENCE-ID).
    static let example2 = """
        <?xml version="1.0" encoding="utf-8"?>
        <icalendar xmlns="urn:ietf:params:xml:ns:icalendar-2.0">
          <vcalendar>
            <properties>
              <prodid><text>-//Example Inc.//Example Client//EN</text></prodid>
              <version><text>2.0</text></version>
            </properties>
            <components>
              <vtimezone>
                <properties>
                  <last-modified><date-time>2004-01-10T03:28:45Z</date-time></last-modified>
                  <tzid><text>US/Eastern</text></tzid>
                </properties>
                <components>
                  <daylight>
                    <properties>
                      <dtstart><date-time>2000-04-04T02:00:00</date-time></dtstart>
                      <rrule>
                        <recur>
                          <freq>YEARLY</freq>
                          <byday>1SU</byday>
                          <bymonth>4</bymonth>
                        </recur>
                      </rrule>
                      <tzname><text>EDT</text></tzname>
                      <tzoffsetfrom><utc-offset>-05:00</utc-offset></tzoffsetfrom>
                      <tzoffsetto><utc-offset>-04:00</utc-offset></tzoffsetto>
                    </properties>
                  </daylight>
                  <standard>
                    <properties>
                      <dtstart><date-time>2000-10-26T02:00:00</date-time></dtstart>
                      <rrule>
                        <recur>
                          <freq>YEARLY</freq>
                          <byday>-1SU</byday>
                          <bymonth>10</bymonth>
                        </recur>
                      </rrule>
                      <tzname><text>EST</text></tzname>
                      <tzoffsetfrom><utc-offset>-04:00</utc-offset></tzoffsetfrom>
                      <tzoffsetto><utc-offset>-05:00</utc-offset></tzoffsetto>
                    </properties>
                  </standard>
                </components>
              </vtimezone>
              <vevent>
                <properties>
                  <dtstamp><date-time>2006-02-06T00:11:21Z</date-time></dtstamp>
                  <dtstart>
                    <parameters><tzid><text>US/Eastern</text></tzid></parameters>
                    <date-time>2006-01-02T12:00:00</date-time>
                  </dtstart>
                  <duration><duration>PT1H</duration></duration>
                  <rrule><recur><freq>DAILY</freq><count>5</count></recur></rrule>
                  <rdate>
                    <parameters><tzid><text>US/Eastern</text></tzid></parameters>
                    <period>
                      <start>2006-01-02T15:00:00</start>
                      <duration>PT2H</duration>
                    </period>
                  </rdate>
                  <summary><text>Event #2</text></summary>
                  <description><text>We are having a meeting all this week at 12 pm for one hour, with an additional meeting on the first day 2 hours long.
        Please bring your own lunch for the 12 pm meetings.</text></description>
                  <uid><text>00959BC664CA650E933C892C@example.com</text></uid>
                </properties>
              </vevent>
              <vevent>
                <properties>
                  <dtstamp><date-time>2006-02-06T00:11:21Z</date-time></dtstamp>
                  <dtstart>
                    <parameters><tzid><text>US/Eastern</text></tzid></parameters>
                    <date-time>2006-01-04T14:00:00</date-time>
                  </dtstart>
                  <duration><duration>PT1H</duration></duration>
                  <recurrence-id>
                    <parameters><tzid><text>US/Eastern</text></tzid></parameters>
                    <date-time>2006-01-04T12:00:00</date-time>
                  </recurrence-id>
                  <summary><text>Event #2 bis</text></summary>
                  <uid><text>00959BC664CA650E933C892C@example.com</text></uid>
                </properties>
              </vevent>
            </components>
          </vcalendar>
        </icalendar>
        """

    /// Appendix B.2.1 (with its erratum, eid 2929: BEGIN:VCALENDAR and Example Inc.).
    static let example2ICS = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Example Inc.//Example Client//EN",
        "BEGIN:VTIMEZONE", "LAST-MODIFIED:20040110T032845Z", "TZID:US/Eastern",
        "BEGIN:DAYLIGHT", "DTSTART:20000404T020000", "RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=4", "TZNAME:EDT",
        "TZOFFSETFROM:-0500", "TZOFFSETTO:-0400", "END:DAYLIGHT",
        "BEGIN:STANDARD", "DTSTART:20001026T020000", "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10", "TZNAME:EST",
        "TZOFFSETFROM:-0400", "TZOFFSETTO:-0500", "END:STANDARD", "END:VTIMEZONE",
        "BEGIN:VEVENT", "DTSTAMP:20060206T001121Z", "DTSTART;TZID=US/Eastern:20060102T120000", "DURATION:PT1H",
        "RRULE:FREQ=DAILY;COUNT=5", "RDATE;TZID=US/Eastern;VALUE=PERIOD:20060102T150000/PT2H", "SUMMARY:Event #2",
        "DESCRIPTION:We are having a meeting all this week at 12 pm for one hour\\, with an additional meeting on the first day 2 hours long.\\nPlease bring your own lunch for the 12 pm meetings.",
        "UID:00959BC664CA650E933C892C@example.com", "END:VEVENT",
        "BEGIN:VEVENT", "DTSTAMP:20060206T001121Z", "DTSTART;TZID=US/Eastern:20060104T140000", "DURATION:PT1H",
        "RECURRENCE-ID;TZID=US/Eastern:20060104T120000", "SUMMARY:Event #2 bis", "UID:00959BC664CA650E933C892C@example.com",
        "END:VEVENT", "END:VCALENDAR",
    ].joined(separator: "\r\n") + "\r\n"

    @Test("B.1 reads as one all-day event, its tree the RFC 5545 lines of B.1.1")
    func example1Reads() throws {
        let result = try XCal.decode(Self.example1)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.rendered))")
        let event = try #require(result.document.events.first)
        #expect(result.document.events.count == 1)
        #expect(event.id == "4088E990AD89CB3DBB484909")
        #expect(event.title == "Planning meeting")
        #expect(event.start == .date(try #require(CivilDate(year: 2008, month: 10, day: 6))))
        #expect(event.isAllDay)
        #expect(try XCal.eventLines(Self.example1) == ["DTSTAMP:20080205T191224Z", "DTSTART;VALUE=DATE:20081006", "SUMMARY:Planning meeting", "UID:4088E990AD89CB3DBB484909"])
        let calendar = try #require(try XCal.codec.components(from: Array(Self.example1.utf8)).first)
        #expect(calendar.properties.map(\.raw) == ["CALSCALE:GREGORIAN", "PRODID:-//Example Inc.//Example Calendar//EN", "VERSION:2.0"])
    }

    @Test("B.2 reads with its time zone, recurrence, extra period and changed occurrence")
    func example2Reads() throws {
        let result = try XCal.decode(Self.example2)
        let events = result.document.events
        try #require(events.count == 2)
        let noon = WriterTests.time(2006, 1, 2, 12, 0)
        #expect(events[0].title == "Event #2")
        #expect(events[0].start == .zoned(noon, timeZone: "US/Eastern"))
        #expect(events[0].recurrence == "FREQ=DAILY;COUNT=5")
        #expect(events[0].notes == "We are having a meeting all this week at 12 pm for one hour, with an additional meeting on the first day 2 hours long.\nPlease bring your own lunch for the 12 pm meetings.")
        let occurrence = WriterTests.time(2006, 1, 4, 12, 0)
        #expect(events[1].title == "Event #2 bis")
        #expect(events[1].recurrenceID == .zoned(occurrence, timeZone: "US/Eastern"))
        #expect(events[1].id == events[0].id)
        let lines = try XCal.eventLines(Self.example2)
        #expect(lines.contains("RDATE;TZID=US/Eastern;VALUE=PERIOD:20060102T150000/PT2H"))
        #expect(lines.contains("DURATION:PT1H"))
        let calendar = try #require(try XCal.codec.components(from: Array(Self.example2.utf8)).first)
        let zone = try #require(calendar.children.first { $0.name == "VTIMEZONE" })
        #expect(zone.children.map(\.name) == ["DAYLIGHT", "STANDARD"])
        #expect(zone.children[0].properties.map(\.raw) == [
            "DTSTART:20000404T020000", "RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=4", "TZNAME:EDT", "TZOFFSETFROM:-0500", "TZOFFSETTO:-0400",
        ])
    }

    @Test("each example and its iCalendar form convert to the same JSON document", .enabled(if: TestPaths.hasAlmanacBinary), arguments: [1, 2])
    func sameAsICalendar(example: Int) throws {
        let (xcal, ics) = example == 1 ? (Self.example1, Self.example1ICS) : (Self.example2, Self.example2ICS)
        let fromXCal = try XCal.almanac(["convert", "-f", "xcal", "-t", "json"], stdin: Array(xcal.utf8))
        let fromICS = try XCal.almanac(["convert", "-f", "ics", "-t", "json"], stdin: Array(ics.utf8))
        #expect(XCal.text(fromXCal) == XCal.text(fromICS))
        // And the ics almanac writes from either is the same.
        let icsFromXCal = try XCal.almanac(["convert", "-f", "xcal", "-t", "ics"], stdin: Array(xcal.utf8))
        let icsFromICS = try XCal.almanac(["convert", "-f", "ics", "-t", "ics"], stdin: Array(ics.utf8))
        #expect(XCal.text(icsFromXCal) == XCal.text(icsFromICS))
    }
}
