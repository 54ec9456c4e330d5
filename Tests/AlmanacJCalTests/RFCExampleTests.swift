@testable import AlmanacJCal
import AlmanacCore
import AlmanacICalendarModel
import AlmanacTestSupport
import Foundation
import Testing

/// The examples of RFC 7265 read as the RFC says they mean.
@Suite("RFC 7265 examples")
struct RFCExampleTests {
    /// Appendix B.1.
    static let example1 = """
        ["vcalendar",
          [
            ["calscale", {}, "text", "GREGORIAN"],
            ["prodid", {}, "text", "-//Example Inc.//Example Calendar//EN"],
            ["version", {}, "text", "2.0"]
          ],
          [
            ["vevent",
              [
                ["dtstamp", {}, "date-time", "2008-02-05T19:12:24Z"],
                ["dtstart", {}, "date", "2008-10-06"],
                ["summary", {}, "text", "Planning meeting"],
                ["uid", {}, "text", "4088E990AD89CB3DBB484909"]
              ],
              []
            ]
          ]
        ]
        """

    static let example1ICS = """
        BEGIN:VCALENDAR\r
        CALSCALE:GREGORIAN\r
        PRODID:-//Example Inc.//Example Calendar//EN\r
        VERSION:2.0\r
        BEGIN:VEVENT\r
        DTSTAMP:20080205T191224Z\r
        DTSTART:20081006\r
        SUMMARY:Planning meeting\r
        UID:4088E990AD89CB3DBB484909\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    /// Appendix B.2.
    static let example2 = """
        ["vcalendar",
          [
            ["version", {}, "text", "2.0"],
            ["prodid", {}, "text", "-//Example Corp.//Example Client//EN"]
          ],
          [
            ["vtimezone",
              [
                ["last-modified", {}, "date-time", "2004-01-10T03:28:45Z"],
                ["tzid", {}, "text", "US/Eastern"]
              ],
              [
                ["daylight",
                  [
                    ["dtstart", {}, "date-time", "2000-04-04T02:00:00"],
                    ["rrule", {}, "recur", {"freq": "YEARLY", "byday": "1SU", "bymonth": 4}],
                    ["tzname", {}, "text", "EDT"],
                    ["tzoffsetfrom", {}, "utc-offset", "-05:00"],
                    ["tzoffsetto", {}, "utc-offset", "-04:00"]
                  ],
                  []
                ],
                ["standard",
                  [
                    ["dtstart", {}, "date-time", "2000-10-26T02:00:00"],
                    ["rrule", {}, "recur", {"freq": "YEARLY", "byday": "-1SU", "bymonth": 10}],
                    ["tzname", {}, "text", "EST"],
                    ["tzoffsetfrom", {}, "utc-offset", "-04:00"],
                    ["tzoffsetto", {}, "utc-offset", "-05:00"]
                  ],
                  []
                ]
              ]
            ],
            ["vevent",
              [
                ["dtstamp", {}, "date-time", "2006-02-06T00:11:21Z"],
                ["dtstart", {"tzid": "US/Eastern"}, "date-time", "2006-01-02T12:00:00"],
                ["duration", {}, "duration", "PT1H"],
                ["rrule", {}, "recur", {"freq": "DAILY", "count": 5}],
                ["rdate", {"tzid": "US/Eastern"}, "period", "2006-01-02T15:00:00/PT2H"],
                ["summary", {}, "text", "Event #2"],
                ["description", {}, "text", "We are having a meeting all this week at 12 pm for one hour, with an additional meeting on the first day 2 hours long.\\nPlease bring your own lunch for the 12 pm meetings."],
                ["uid", {}, "text", "00959BC664CA650E933C892C@example.com"]
              ],
              []
            ],
            ["vevent",
              [
                ["dtstamp", {}, "date-time", "2006-02-06T00:11:21Z"],
                ["dtstart", {"tzid": "US/Eastern"}, "date-time", "2006-01-04T14:00:00"],
                ["duration", {}, "duration", "PT1H"],
                ["recurrence-id", {"tzid": "US/Eastern"}, "date-time", "2006-01-04T12:00:00"],
                ["summary", {}, "text", "Event #2"],
                ["uid", {}, "text", "00959BC664CA650E933C892C@example.com"]
              ],
              []
            ]
          ]
        ]
        """

    static let example2ICS = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//Example Corp.//Example Client//EN\r
        BEGIN:VTIMEZONE\r
        LAST-MODIFIED:20040110T032845Z\r
        TZID:US/Eastern\r
        BEGIN:DAYLIGHT\r
        DTSTART:20000404T020000\r
        RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=4\r
        TZNAME:EDT\r
        TZOFFSETFROM:-0500\r
        TZOFFSETTO:-0400\r
        END:DAYLIGHT\r
        BEGIN:STANDARD\r
        DTSTART:20001026T020000\r
        RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10\r
        TZNAME:EST\r
        TZOFFSETFROM:-0400\r
        TZOFFSETTO:-0500\r
        END:STANDARD\r
        END:VTIMEZONE\r
        BEGIN:VEVENT\r
        DTSTAMP:20060206T001121Z\r
        DTSTART;TZID=US/Eastern:20060102T120000\r
        DURATION:PT1H\r
        RRULE:FREQ=DAILY;COUNT=5\r
        RDATE;TZID=US/Eastern;VALUE=PERIOD:20060102T150000/PT2H\r
        SUMMARY:Event #2\r
        DESCRIPTION:We are having a meeting all this week at 12 pm fo\r
         r one hour\\, with an additional meeting on the first day 2 h\r
         ours long.\\nPlease bring your own lunch for the 12 pm meetin\r
         gs.\r
        UID:00959BC664CA650E933C892C@example.com\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        DTSTAMP:20060206T001121Z\r
        DTSTART;TZID=US/Eastern:20060104T140000\r
        DURATION:PT1H\r
        RECURRENCE-ID;TZID=US/Eastern:20060104T120000\r
        SUMMARY:Event #2\r
        UID:00959BC664CA650E933C892C@example.com\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    static func dt(_ y: Int, _ m: Int, _ d: Int, _ h: Int, _ mi: Int) -> CivilDateTime {
        CivilDateTime(date: CivilDate(year: y, month: m, day: d)!, hour: h, minute: mi)!
    }

    @Test("B.1: an all-day planning meeting")
    func example1Reads() throws {
        let result = try JCal.decode(Self.example1)
        #expect(result.diagnostics.isEmpty)
        let event = try #require(result.document.events.first)
        #expect(event.id == "4088E990AD89CB3DBB484909")
        #expect(event.title == "Planning meeting")
        #expect(event.start == .date(CivilDate(year: 2008, month: 10, day: 6)!))
        #expect(ICalendarExtras(result.document.extras).properties == ["CALSCALE:GREGORIAN"])
    }

    @Test("B.2: a daily series in US/Eastern with a period RDATE and a changed occurrence")
    func example2Reads() throws {
        let result = try JCal.decode(Self.example2)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.rendered))")
        let events = result.document.events
        #expect(events.count == 2)
        #expect(events[0].start == .zoned(Self.dt(2006, 1, 2, 12, 0), timeZone: "US/Eastern"))
        #expect(events[0].end == .zoned(Self.dt(2006, 1, 2, 13, 0), timeZone: "US/Eastern"))
        #expect(events[0].recurrence == "FREQ=DAILY;COUNT=5")
        #expect(events[0].notes == "We are having a meeting all this week at 12 pm for one hour, with an additional meeting on the first day 2 hours long.\nPlease bring your own lunch for the 12 pm meetings.")
        #expect(ICalendarExtras(events[0].extras).properties == ["RDATE;TZID=US/Eastern;VALUE=PERIOD:20060102T150000/PT2H"])
        #expect(events[1].id == events[0].id)
        #expect(events[1].recurrenceID == .zoned(Self.dt(2006, 1, 4, 12, 0), timeZone: "US/Eastern"))
    }

    @Test("B.2: the time zone's values come back in RFC 5545 form")
    func example2Tree() throws {
        let calendar = try #require(try JCal.codec.components(from: Array(Self.example2.utf8)).first)
        let daylight = calendar.children[0].children[0]
        #expect(daylight.name == "DAYLIGHT")
        #expect(daylight.properties.map(\.raw) == [
            "DTSTART:20000404T020000", "RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=4", "TZNAME:EDT",
            "TZOFFSETFROM:-0500", "TZOFFSETTO:-0400",
        ])
        #expect(calendar.children[0].properties[0].raw == "LAST-MODIFIED:20040110T032845Z")
    }

    @Test("values of section 3.6 convert to RFC 5545 syntax")
    func values() throws {
        let text = """
            ["vcalendar", [], [["vevent", [
              ["geo", {}, "float", [37.386013, -122.082932]],
              ["request-status", {}, "text", ["2.0", "Success"]],
              ["freebusy", {"fbtype": "FREE"}, "period", "1997-03-08T16:00:00Z/PT8H30M", ["1997-03-08T16:00:00Z", "1997-03-08T18:00:00Z"]],
              ["rrule", {}, "recur", {"freq": "YEARLY", "until": "1997-12-24", "byday": ["MO", "-1FR"], "bymonth": [1, 2]}],
              ["x-almanac-flag", {}, "boolean", true],
              ["categories", {}, "text", "a,b", "c;d"],
              ["attendee", {"member": ["mailto:a@x", "mailto:b@x"], "cn": "Doe, Jane"}, "cal-address", "mailto:j@x"],
              ["x-custom", {}, "unknown", "kept\\\\, as it was"],
              ["dtend", {}, "time", "12:30:00"],
              ["tzoffsetfrom", {}, "utc-offset", "+05:30:45"],
              ["attach", {"fmttype": "text/plain"}, "binary", "SGVsbG8="]
            ], []]]]
            """
        let event = try #require(try JCal.codec.components(from: Array(text.utf8)).first?.children.first)
        #expect(event.properties.map(\.raw) == [
            "GEO:37.386013;-122.082932",
            "REQUEST-STATUS:2.0;Success",
            "FREEBUSY;FBTYPE=FREE:19970308T160000Z/PT8H30M,19970308T160000Z/19970308T180000Z",
            "RRULE:FREQ=YEARLY;UNTIL=19971224;BYDAY=MO,-1FR;BYMONTH=1,2",
            "X-ALMANAC-FLAG;VALUE=BOOLEAN:TRUE",
            "CATEGORIES:a\\,b,c\\;d",
            "ATTENDEE;MEMBER=\"mailto:a@x\",\"mailto:b@x\";CN=\"Doe, Jane\":mailto:j@x",
            "X-CUSTOM:kept\\, as it was",
            "DTEND;VALUE=TIME:123000",
            "TZOFFSETFROM:+053045",
            "ATTACH;FMTTYPE=text/plain;VALUE=BINARY;ENCODING=BASE64:SGVsbG8=",
        ])
    }

    @Test("the jCal and iCalendar forms of each example read into the same document", .enabled(if: TestPaths.hasAlmanacBinary))
    func sameAsICalendar() throws {
        for (jcal, ics) in [(Self.example1, Self.example1ICS), (Self.example2, Self.example2ICS)] {
            let fromJCal = try JCal.almanac(["convert", "-f", "jcal", "-t", "json"], stdin: Array(jcal.utf8))
            let fromICS = try JCal.almanac(["convert", "-f", "ics", "-t", "json"], stdin: Array(ics.utf8))
            #expect(JCal.text(fromJCal) == JCal.text(fromICS))
        }
    }
}
