@testable import AlmanacICalendarModel
@testable import AlmanacXCal
import AlmanacCore
import Testing

/// The byte scan that makes the streaming reader's first pass finds the outline the
/// tree reader's libxml2 pass finds, whatever the prefixes, comments, CDATA, references
/// and attributes, and leaves to that pass what it cannot be sure of.
struct XCalOutlineScannerTests {
    static let namespace = "urn:ietf:params:xml:ns:icalendar-2.0"

    /// What the mapping takes from an outline, positions left out (the scan's zone
    /// document has its own).
    private func summary(_ outline: ICalendarOutline) -> [String] {
        func lines(_ component: ICalComponent) -> [String] {
            ["BEGIN:\(component.name)"] + component.properties.map { property in
                property.name + property.parameters.map { ";\($0.name)=\($0.values.joined(separator: ","))" }.joined() + ":" + property.value
            } + component.children.flatMap(lines) + ["END:\(component.name)"]
        }
        let moved = outline.movedOwners.sorted { $0.key < $1.key }.map { "item \($0.key) owned by \($0.value)" }
        let last = outline.lastMovedItem.sorted { $0.key < $1.key }.map { "owner \($0.key) waits for \($0.value)" }
        return outline.timeZones.flatMap(lines) + outline.calendarTimeZones.map { "X-WR-TIMEZONE:\($0)" } + moved + last
    }

    /// The outline by the scan, and by the libxml2 pass alone.
    private func outlines(_ text: String) throws -> (scanned: [String], parsed: [String]) {
        let bytes = Array(text.utf8)
        let codec = XCalCodec()
        let scanned = codec.outline(of: bytes, source: "test.xcs", maximumDepth: 256)
        let parsed = try codec.reading(bytes, source: "test.xcs", maximumDepth: 256) { $0.outline() }
        return (summary(scanned), summary(parsed))
    }

    private func scans(_ text: String) -> Bool {
        Array(text.utf8).withUnsafeBufferPointer { XCalOutlineScanner.scan($0, maximumDepth: 256) } != nil
    }

    private static let zone = """
        <vtimezone><properties><tzid><text>Europe/Paris</text></tzid></properties><components>\
        <standard><properties><dtstart><date-time>1970-10-25T03:00:00</date-time></dtstart>\
        <tzoffsetfrom><utc-offset>+02:00</utc-offset></tzoffsetfrom><tzoffsetto><utc-offset>+01:00</utc-offset></tzoffsetto>\
        </properties></standard></components></vtimezone>
        """

    @Test func aTaskBeforeItsEventAndAZoneAfterTheItemsAsTheTreeReaderFindsThem() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <icalendar xmlns="\(Self.namespace)"><vcalendar>
            <properties><x-wr-timezone><text>Europe/Paris</text></x-wr-timezone></properties>
            <components>
            <vtodo><properties><uid><text>t1</text></uid><related-to><text>e2</text></related-to></properties></vtodo>
            <vevent><properties><uid><text>e1</text></uid></properties></vevent>
            <vevent><properties><uid><text>e2</text></uid></properties></vevent>
            \(Self.zone)
            </components></vcalendar></icalendar>
            """
        #expect(scans(text))
        let (scanned, parsed) = try outlines(text)
        #expect(scanned == parsed)
        #expect(scanned.contains("item 0 owned by 2") && scanned.contains("X-WR-TIMEZONE:Europe/Paris") && scanned.contains("BEGIN:VTIMEZONE"))
    }

    @Test func prefixesCommentsCDATAAndReferencesReadAsLibXMLReadsThem() throws {
        let text = """
            <?xml version='1.0'?>
            <!-- a calendar --><?almanac note?>
            <x:icalendar data='1' xmlns:x="\(Self.namespace)" xmlns:f='urn:other'><x:vcalendar><x:components>
            <x:vevent><x:properties><x:uid ><x:text><![CDATA[a&b<]]></x:text></x:uid></x:properties></x:vevent>
            <x:vevent><x:properties><f:uid><x:text>decoy</x:text></f:uid><x:uid><x:text>c&#x2C;d &amp; &#233;</x:text></x:uid></x:properties></x:vevent>
            <x:vtodo><x:properties><!-- here --><x:UID><x:text>t</x:text></x:UID><x:related-to><x:parameters><x:reltype><x:text>parent</x:text></x:reltype></x:parameters><x:text>a&amp;b&lt;</x:text></x:related-to></x:properties></x:vtodo>
            <x:vevent><x:properties><x:uid><x:text>x</x:text></x:uid></x:properties></x:vevent>
            <x:vtodo><x:properties><x:related-to><x:text>c,d &amp; é</x:text></x:related-to></x:properties></x:vtodo>
            <x:vtodo><x:properties><x:related-to><x:parameters><x:reltype><x:text>CHILD</x:text></x:reltype></x:parameters><x:text>x</x:text></x:related-to></x:properties></x:vtodo>
            </x:components></x:vcalendar></x:icalendar>
            """
        #expect(scans(text))
        let (scanned, parsed) = try outlines(text)
        #expect(scanned == parsed)
        #expect(scanned.contains("item 2 owned by 0") && scanned.contains("item 4 owned by 1"))
    }

    @Test func sharedUIDsAndSeveralCalendarsWithADefaultNamespaceOnAChild() throws {
        let text = """
            <icalendar xmlns="\(Self.namespace)">
            <vcalendar><components>
            <vevent><properties><uid><text>s</text></uid></properties></vevent>
            <vtodo><properties><related-to><text>s</text></related-to></properties></vtodo>
            </components></vcalendar>
            <vcalendar><properties><x-wr-timezone><text>America/New_York</text></x-wr-timezone></properties><components>
            <vevent><properties><uid><text>s</text></uid><recurrence-id><date-time>2026-01-02T10:00:00</date-time></recurrence-id></properties></vevent>
            <other xmlns="urn:other"><vevent><properties><uid><text>s</text></uid></properties></vevent></other>
            <vtodo><properties><related-to><text>s</text></related-to></properties></vtodo>
            \(Self.zone)
            </components></vcalendar>
            </icalendar>
            """
        #expect(scans(text))
        let (scanned, parsed) = try outlines(text)
        #expect(scanned == parsed)
        #expect(scanned.contains("X-WR-TIMEZONE:America/New_York"))
    }

    @Test func aCarriageReturnInAUIDIsALineFeed() throws {
        let text = "<vcalendar xmlns=\"\(Self.namespace)\"><components>"
            + "<vtodo><properties><related-to><text>a\r\nb\rc</text></related-to></properties></vtodo>"
            + "<vevent><properties><uid><text>a\nb\nc</text></uid></properties></vevent>"
            + "</components></vcalendar>"
        #expect(scans(text))
        let (scanned, parsed) = try outlines(text)
        #expect(scanned == parsed && scanned.contains("item 0 owned by 1"))
    }

    @Test func whatTheScanCannotBeSureOfIsLeftToLibXML() throws {
        let body = "<vcalendar><components><vevent><properties><uid><text>u</text></uid></properties></vevent></components></vcalendar>"
        let refused = [
            "<!DOCTYPE icalendar [<!ENTITY e \"x\">]><icalendar xmlns=\"\(Self.namespace)\">\(body)</icalendar>",
            "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><icalendar xmlns=\"\(Self.namespace)\">\(body)</icalendar>",
            "<icalendar xmlns=\"\(Self.namespace)\">\(body.replacingOccurrences(of: ">u<", with: ">&e;<"))</icalendar>",
            "<icalendar xmlns=\"\(Self.namespace)\">\(body.replacingOccurrences(of: "<text>u</text>", with: "<period><start>x</start></period>"))</icalendar>",
            "<icalendar xmlns=\"\(Self.namespace)\">\(body.replacingOccurrences(of: "</uid>", with: "</uix>"))</icalendar>",
            "<p:icalendar xmlns=\"\(Self.namespace)\">\(body)</p:icalendar>",
            "<icalendar xmlns=\"urn:other\">\(body)</icalendar>",
            "<icalendar xmlns=\"\(Self.namespace)\">\(body)",
        ]
        for text in refused {
            #expect(!scans(text), "\(text)")
            let (scanned, parsed) = try outlines(text)
            #expect(scanned == parsed)
        }
    }

    @Test func streamedEventsAreTheSameWhateverThePass() throws {
        let text = """
            <x:icalendar xmlns:x="\(Self.namespace)"><x:vcalendar><x:components>
            <x:vtodo><x:properties><x:uid><x:text>t1</x:text></x:uid><x:summary><x:text>Task</x:text></x:summary><x:related-to><x:text>e1</x:text></x:related-to></x:properties></x:vtodo>
            <x:vevent><x:properties><x:uid><x:text>e1</x:text></x:uid><x:summary><x:text>Event</x:text></x:summary>\
            <x:dtstart><x:parameters><x:tzid><x:text>Europe/Paris</x:text></x:tzid></x:parameters><x:date-time>2026-03-01T10:00:00</x:date-time></x:dtstart></x:properties></x:vevent>
            \(Self.zone.replacingOccurrences(of: "<", with: "<x:").replacingOccurrences(of: "<x:/", with: "</x:"))
            </x:components></x:vcalendar></x:icalendar>
            """
        #expect(scans(text))
        let events = try XCal.decode(text).document.events
        #expect(events.count == 1)
        #expect(events.first?.tasks.count == 1)
        #expect(events.first?.timeZone == "Europe/Paris")
    }
}
