@testable import AlmanacXCal
import AlmanacCore
import AlmanacTestSupport
import Foundation
import Testing

/// The ics almanac writes from an xCal file, read by python `icalendar` 7.3.0, holds the
/// same events and tasks as the xCal file itself (read with Python's own XML parser).
/// Skipped when the peer is absent, unless `ALMANAC_REQUIRE_PEERS=1`.
@Suite("Peer: python icalendar reads the ics written from xCal", .enabled(if: Peers.shouldRun(pythonModule: "icalendar") && TestPaths.hasAlmanacBinary))
struct PeerTests {
    /// Reads the xCal file named by the first argument with `xml.etree` and the ics on
    /// standard input with `icalendar.Calendar.from_ical`, and prints the number of
    /// VEVENTs and VTODOs the peer found and the differences, field by field: UID,
    /// SUMMARY, LOCATION, DESCRIPTION, STATUS, RELATED-TO, PRIORITY, URL, COLOR, the
    /// times (basic-form value and TZID), CATEGORIES, and the RRULE's parts. An end the
    /// xCal file gives as a DURATION is compared as the DTEND it makes (almanac writes DTEND).
    static let compare = #"""
        import datetime, json, sys
        import xml.etree.ElementTree as ET
        import icalendar

        NS = "{urn:ietf:params:xml:ns:icalendar-2.0}"
        FIELDS = ["DURATION", "UID", "SUMMARY", "LOCATION", "DESCRIPTION", "STATUS", "RELATED-TO", "DTSTART", "DTEND", "DUE", "RECURRENCE-ID", "CATEGORIES", "RRULE", "PRIORITY", "URL", "COLOR"]

        def basic(text):
            return text.replace("-", "").replace(":", "") if text[:1] not in "P+-" else text

        def rule(parts):
            return {k.upper(): sorted(v) for k, v in parts.items()}

        def from_xcal(path):
            root = ET.parse(path).getroot()
            items = []
            for calendar in root.iter(NS + "vcalendar"):
                components = calendar.find(NS + "components")
                for component in (components if components is not None else []):
                    name = component.tag[len(NS):].upper()
                    if name not in ("VEVENT", "VTODO"):
                        continue
                    item = {"component": name}
                    for prop in component.find(NS + "properties"):
                        key = prop.tag[len(NS):].upper()
                        if key not in FIELDS:
                            continue
                        params = prop.find(NS + "parameters")
                        tzid = None
                        if params is not None and params.find(NS + "tzid") is not None:
                            tzid = params.find(NS + "tzid").find(NS + "text").text
                        values = [v for v in prop if v.tag != NS + "parameters"]
                        kind = values[0].tag[len(NS):]
                        if key == "CATEGORIES":
                            item[key] = [v.text or "" for v in values]
                        elif kind == "recur":
                            parts = {}
                            for part in values[0]:
                                text = part.text or ""
                                parts.setdefault(part.tag[len(NS):], []).append(basic(text) if part.tag == NS + "until" else text)
                            item[key] = rule(parts)
                        elif kind in ("date", "date-time"):
                            item[key] = [basic(values[0].text), tzid]
                        else:
                            item[key] = values[0].text or ""
                    if "DURATION" in item and "DTEND" not in item and "DTSTART" in item:
                        # An end given as a duration: the peer reads the DTEND almanac wrote for it.
                        start, zone = item["DTSTART"]
                        utc = start.endswith("Z")
                        moment = datetime.datetime.strptime(start.rstrip("Z"), "%Y%m%dT%H%M%S")
                        end = moment + icalendar.vDuration.from_ical(item["DURATION"])
                        item["DTEND"] = [end.strftime("%Y%m%dT%H%M%S") + ("Z" if utc else ""), zone]
                    item.pop("DURATION", None)
                    items.append(item)
            return items

        def from_ics(data):
            calendar = icalendar.Calendar.from_ical(data)
            items = []
            for component in calendar.subcomponents:
                if component.name not in ("VEVENT", "VTODO"):
                    continue
                item = {"component": component.name}
                for key in FIELDS:
                    value = component.get(key)
                    if value is None:
                        continue
                    if key == "CATEGORIES":
                        lists = value if isinstance(value, list) else [value]
                        item[key] = [str(c) for v in lists for c in v.cats]
                    elif key == "RRULE":
                        parts = {}
                        for piece in value.to_ical().decode().split(";"):
                            name, _, text = piece.partition("=")
                            parts[name] = text.split(",")
                        item[key] = rule(parts)
                    elif key in ("DTSTART", "DTEND", "DUE", "RECURRENCE-ID"):
                        item[key] = [value.to_ical().decode(), value.params.get("TZID")]
                    elif key == "PRIORITY":
                        item[key] = str(int(value))
                    else:
                        item[key] = str(value)
                items.append(item)
            return items

        ours = from_xcal(sys.argv[1])
        theirs = from_ics(sys.stdin.buffer.read())
        problems = []
        if len(ours) != len(theirs):
            problems.append(f"{len(ours)} components in the xCal file, {len(theirs)} read by the peer")
        for index, (a, b) in enumerate(zip(ours, theirs)):
            for key in sorted(set(a) | set(b)):
                if a.get(key) != b.get(key):
                    problems.append(f"component {index} {key}: xCal {a.get(key)!r} vs peer {b.get(key)!r}")
        json.dump({"count": len(theirs), "problems": problems}, sys.stdout, ensure_ascii=False)
        """#

    /// The peer's count of events and tasks, and the differences, for an xCal file.
    static func check(xcal: [UInt8], label: String) throws -> (count: Int, problems: [String]) {
        let python = try #require(Peers.python, "no python with icalendar: see Tests/peers-requirements.txt")
        let ics = try XCal.almanac(["convert", "-f", "xcal", "-t", "ics"], stdin: xcal)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-xcal-peer-\(UUID().uuidString).xcs")
        try Data(xcal).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try ProcessRunner.run(python, ["-c", compare, file.path], stdin: ics)
        try #require(result.status == 0, "\(label): the peer failed: \(result.stderrText)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
        return (try #require(object["count"] as? Int), try #require(object["problems"] as? [String]))
    }

    @Test("Samples/events.xcs: the peer finds every event and task, field for field")
    func sample() throws {
        let xcal = Array(try Data(contentsOf: TestPaths.sample("events.xcs")))
        let (count, problems) = try Self.check(xcal: xcal, label: "Samples/events.xcs")
        #expect(problems == [])
        let document = try XCal.decode(xcal).document
        #expect(count == document.events.count + document.events.reduce(0) { $0 + $1.tasks.count })
    }

    @Test("the RFC 6321 examples and the writer's golden document agree with the peer")
    func examples() throws {
        for (label, text) in [("B.1", RFCExampleTests.example1), ("B.2", RFCExampleTests.example2)] {
            let (count, problems) = try Self.check(xcal: Array(text.utf8), label: label)
            #expect(problems == [], "\(label)")
            #expect(count == (label == "B.1" ? 1 : 2))
        }
        let golden = try XCal.encode(WriterTests.document)
        let (count, problems) = try Self.check(xcal: golden, label: "golden")
        #expect(problems == [])
        #expect(count == 6)
    }

    @Test("a calendar with attendees, alarms and X- properties, through xCal, agrees with the peer")
    func rich() throws {
        let xcal = try XCal.almanac(["convert", "-f", "ics", "-t", "xcal"], stdin: Array(XCal.richICS.utf8))
        let (count, problems) = try Self.check(xcal: xcal, label: "rich calendar")
        #expect(problems == [])
        #expect(count == 2)
    }
}
