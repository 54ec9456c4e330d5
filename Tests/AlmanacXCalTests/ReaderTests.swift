@testable import AlmanacXCal
import AlmanacCore
import Testing

/// Reading xCal's value forms (RFC 6321 section 3.6) into RFC 5545 value syntax, and
/// the leniencies of the reader.
@Suite("xCal reader")
struct ReaderTests {
    @Test(
        "value forms read as their RFC 5545 content lines",
        arguments: [
            ("<dtstart><date>2026-12-24</date></dtstart>", "DTSTART;VALUE=DATE:20261224"),
            ("<dtstart><parameters><tzid><text>Europe/Berlin</text></tzid></parameters><date-time> 2026-12-24T18:00:00 </date-time></dtstart>", "DTSTART;TZID=Europe/Berlin:20261224T180000"),
            ("<x-time><time>17:30:00</time></x-time>", "X-TIME;VALUE=TIME:173000"),
            ("<tzoffsetfrom><utc-offset>+05:30</utc-offset></tzoffsetfrom>", "TZOFFSETFROM:+0530"),
            ("<trigger><duration>-PT15M</duration></trigger>", "TRIGGER:-PT15M"),
            ("<trigger><date-time>2026-12-24T08:00:00Z</date-time></trigger>", "TRIGGER;VALUE=DATE-TIME:20261224T080000Z"),
            ("<rrule><recur><freq>WEEKLY</freq><until>2027-01-31T00:00:00Z</until><byday>MO</byday><byday>-1FR</byday></recur></rrule>", "RRULE:FREQ=WEEKLY;UNTIL=20270131T000000Z;BYDAY=MO,-1FR"),
            ("<rrule><recur><freq>MONTHLY</freq><count>3</count><bymonthday>1</bymonthday><bymonthday>15</bymonthday></recur></rrule>", "RRULE:FREQ=MONTHLY;COUNT=3;BYMONTHDAY=1,15"),
            ("<freebusy><period><start>2026-12-24T10:00:00Z</start><end>2026-12-24T12:00:00Z</end></period><period><start>2026-12-25T10:00:00Z</start><duration>PT1H</duration></period></freebusy>", "FREEBUSY:20261224T100000Z/20261224T120000Z,20261225T100000Z/PT1H"),
            ("<categories><text>Work</text><text>a, b</text></categories>", "CATEGORIES:Work,a\\, b"),
            ("<exdate><date>2026-12-24</date><date>2026-12-31</date></exdate>", "EXDATE;VALUE=DATE:20261224,20261231"),
            ("<geo><latitude>37.386013</latitude><longitude>-122.082932</longitude></geo>", "GEO:37.386013;-122.082932"),
            ("<request-status><code>3.7</code><description>Invalid user</description><data>ATTENDEE:mailto:a@x</data></request-status>", "REQUEST-STATUS:3.7;Invalid user;ATTENDEE:mailto:a@x"),
            ("<priority><integer>1</integer></priority>", "PRIORITY:1"),
            ("<x-flag><boolean>true</boolean></x-flag>", "X-FLAG;VALUE=BOOLEAN:TRUE"),
            ("<x-ratio><float>0.5</float></x-ratio>", "X-RATIO;VALUE=FLOAT:0.5"),
            ("<attach><parameters><fmttype><text>text/plain</text></fmttype></parameters><binary>SGVsbG8=</binary></attach>", "ATTACH;FMTTYPE=text/plain;ENCODING=BASE64;VALUE=BINARY:SGVsbG8="),
            ("<url><uri>https://example.com/a?b=1&amp;c=2</uri></url>", "URL:https://example.com/a?b=1&c=2"),
            ("<x-custom><unknown>a\\,b;c</unknown></x-custom>", "X-CUSTOM:a\\,b;c"),
            ("<attendee><parameters><rsvp><boolean>true</boolean></rsvp><member><cal-address>mailto:a@x</cal-address><cal-address>mailto:b@x</cal-address></member><cn><text>Doe, \"Jane\"</text></cn></parameters><cal-address>mailto:j@x</cal-address></attendee>",
             "ATTENDEE;RSVP=TRUE;MEMBER=\"mailto:a@x\",\"mailto:b@x\";CN=\"Doe, ^'Jane^'\":mailto:j@x"),
            ("<summary><parameters><value><text>TEXT</text></value></parameters><text>Tea; &lt;cake&gt; &amp; more\\</text></summary>", "SUMMARY:Tea\\; <cake> & more\\\\"),
        ]
    )
    func valueForms(xcal: String, line: String) throws {
        let lines = try XCal.eventLines(XCal.event(xcal))
        #expect(lines == [line])
    }

    @Test("text keeps its white space and line breaks exactly; CDATA and character references are read")
    func text() throws {
        let input = XCal.event("<uid><text>e</text></uid><summary><text>  two  spaces </text></summary><description><![CDATA[a <b>\n]]>&#13;&#x0A;c</description>")
        // DESCRIPTION holds no value element above: read it as a value-type element instead.
        #expect(throws: XCalDecodingError.self) { try XCal.decode(input) }
        let fixed = XCal.event("<uid><text>e</text></uid><summary><text>  two  spaces </text></summary><description><text><![CDATA[a <b>\n]]>&#13;&#x0A;c</text></description>")
        let event = try #require(try XCal.decode(fixed).document.events.first)
        #expect(event.title == "  two  spaces ")
        #expect(event.notes == "a <b>\n\r\nc")
    }

    @Test("a vcalendar root, no namespace at all, comments and prefixes are read")
    func leniency() throws {
        let prefixed = """
            <!-- exported -->
            <x:icalendar xmlns:x="urn:ietf:params:xml:ns:icalendar-2.0"><x:vcalendar><x:components><x:vevent><x:properties>
            <x:uid><x:text>p</x:text></x:uid><!-- note --><x:summary><x:text>prefixed</x:text></x:summary>
            </x:properties></x:vevent></x:components></x:vcalendar></x:icalendar>
            """
        #expect(try XCal.decode(prefixed).document.events.map(\.title) == ["prefixed"])
        let bare = "<vcalendar><components><vevent><properties><uid><text>b</text></uid><summary><text>bare</text></summary></properties></vevent></components></vcalendar>"
        #expect(try XCal.decode(bare).document.events.map(\.title) == ["bare"])
        let several = #"<icalendar xmlns="urn:ietf:params:xml:ns:icalendar-2.0"><vcalendar/><vcalendar><components><vevent><properties><uid><text>s</text></uid><summary><text>second</text></summary></properties></vevent></components></vcalendar></icalendar>"#
        #expect(try XCal.decode(several).document.events.map(\.title) == ["second"])
    }

    @Test("elements in other namespaces are skipped with a warning that says where")
    func foreignElements() throws {
        let input = XCal.event("<uid><text>e</text></uid>\n<ext:color xmlns:ext=\"urn:example\"><ext:rgb>1</ext:rgb></ext:color><summary><text>t</text></summary>")
        let result = try XCal.decode(input)
        #expect(result.document.events.map(\.title) == ["t"])
        #expect(result.diagnostics.map(\.message) == ["<ext:color> in namespace urn:example is not xCal; skipped"])
        #expect(result.diagnostics.first?.position?.line == 2)
        #expect(result.diagnostics.first?.position?.column == 1)
    }

    @Test("tasks are VTODOs related to their event, as in iCalendar")
    func tasks() throws {
        let input = XCal.calendar("""
            <components>
            <vevent><properties><uid><text>party</text></uid><summary><text>Party</text></summary></properties></vevent>
            <vtodo><properties><uid><text>cake</text></uid><summary><text>Bake a cake</text></summary><status><text>COMPLETED</text></status>
            <related-to><parameters><reltype><text>PARENT</text></reltype></parameters><text>party</text></related-to></properties></vtodo>
            </components>
            """)
        let event = try #require(try XCal.decode(input).document.events.first)
        #expect(event.tasks.map(\.text) == ["Bake a cake"])
        #expect(event.tasks.first?.isCompleted == true)
    }

    @Test("a broken value is a warning with the property's position, and kept")
    func brokenValue() throws {
        let input = XCal.calendar("<components><vevent><properties><uid><text>a</text></uid>\n  <dtstart><date-time>tomorrow</date-time></dtstart></properties></vevent></components>")
        let result = try XCal.decode(input)
        #expect(result.diagnostics.map { $0.position.map { [$0.line, $0.column] } } == [[2, 3]])
        #expect(result.document.events.count == 1)
    }
}
