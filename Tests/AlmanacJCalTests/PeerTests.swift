@testable import AlmanacJCal
import AlmanacCore
import AlmanacTestSupport
import Foundation
import Testing

/// almanac's jCal against python `icalendar` 7.3.0's `Calendar.from_ical(ics).to_jcal()`
/// for the same calendar. Skipped when the peer is absent, unless `ALMANAC_REQUIRE_PEERS=1`.
@Suite("Peer: python icalendar to_jcal", .enabled(if: Peers.shouldRun(pythonModule: "icalendar") && TestPaths.hasAlmanacBinary))
struct PeerTests {
    /// Reads the calendar almanac wrote as RFC 5545 text from standard input, converts it
    /// with the peer's `to_jcal()`, and prints the differences from almanac's jCal (the file
    /// named by the first argument) as a JSON list. Property order is ignored, and so is the
    /// type of a property the peer labels `unknown` (its value is then the RFC 5545 text, which
    /// may still carry TEXT escapes). The peer writes every recurrence-rule part as an array and
    /// a period as an array; RFC 7265's own examples write one value as itself and a period as
    /// `start/end`, so those forms are taken as equal. The peer also turns a local time with
    /// `TZID=UTC` (almanac's zoned time in the zone `UTC`) into a UTC time ending in `Z`,
    /// the same instant, which is taken as equal too.
    static let compare = #"""
        import json, sys
        import icalendar

        ours = json.load(open(sys.argv[1], encoding="utf-8"))
        peer = icalendar.Calendar.from_ical(sys.stdin.buffer.read()).to_jcal()
        peer = json.loads(json.dumps(peer))
        problems = []

        def unescape(text):
            out, i = [], 0
            while i < len(text):
                if text[i] == "\\" and i + 1 < len(text):
                    nxt = text[i + 1]
                    out.append("\n" if nxt in "nN" else nxt)
                    i += 2
                else:
                    out.append(text[i])
                    i += 1
            return "".join(out)

        def norm_value(kind, value):
            if kind == "recur" and isinstance(value, dict):
                return {k: (v[0] if isinstance(v, list) and len(v) == 1 else v) for k, v in value.items()}
            if kind == "period" and isinstance(value, list):
                return "/".join(value)
            return value

        def norm(prop, other_type):
            name, params, kind, values = prop[0], prop[1], prop[2], prop[3:]
            if params.get("tzid") == "UTC" and kind == "date-time":
                params = {k: v for k, v in params.items() if k != "tzid"}
                values = [v + "Z" if isinstance(v, str) and not v.endswith("Z") else v for v in values]
            if kind == "unknown" and other_type not in (None, "unknown"):
                kind = other_type
                values = [unescape(v) if isinstance(v, str) else v for v in values]
            return json.dumps([name, params, kind] + [norm_value(kind, v) for v in values], sort_keys=True, ensure_ascii=False)

        def walk(a, p, path):
            if a[0] != p[0]:
                problems.append(f"{path}: component {a[0]} vs peer {p[0]}")
                return
            ours_types = {}
            for prop in a[1]:
                ours_types.setdefault(prop[0], prop[2])
            mine = sorted(norm(x, None) for x in a[1])
            theirs = sorted(norm(x, ours_types.get(x[0])) for x in p[1])
            for x in mine:
                if x not in theirs:
                    problems.append(f"{path}: almanac has {x}")
            for x in theirs:
                if x not in mine:
                    problems.append(f"{path}: the peer has {x}")
            if len(a[2]) != len(p[2]):
                problems.append(f"{path}: {len(a[2])} components vs peer {len(p[2])}")
            for index, (x, y) in enumerate(zip(a[2], p[2])):
                walk(x, y, f"{path}/{x[0]}[{index}]")

        walk(ours, peer, "vcalendar")
        json.dump(problems, sys.stdout, ensure_ascii=False)
        """#

    static func differences(jcal: [UInt8], label: String) throws -> [String] {
        let python = try #require(Peers.python, "no python with icalendar: see Tests/peers-requirements.txt")
        let ics = try JCal.almanac(["convert", "-f", "jcal", "-t", "ics"], stdin: jcal)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-jcal-peer-\(UUID().uuidString).jcal")
        try Data(jcal).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try ProcessRunner.run(python, ["-c", compare, file.path], stdin: ics)
        try #require(result.status == 0, "\(label): the peer failed: \(result.stderrText)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String])
    }

    @Test("the sample and a calendar with attendees, alarms and X- properties agree with the peer")
    func samples() throws {
        #expect(try Self.differences(jcal: try JCal.sampleJCal(), label: "Samples/events.json") == [])
        let rich = try JCal.almanac(["convert", "-f", "ics", "-t", "jcal"], stdin: Array(JCal.richICS.utf8))
        #expect(try Self.differences(jcal: rich, label: "rich calendar") == [])
    }

    @Test("generated calendars agree with the peer", arguments: 0..<8)
    func generated(seed: Int) throws {
        let jcal = try JCal.encode(GeneratedCalendars.document(seed: UInt64(100 + seed)))
        let found = try Self.differences(jcal: jcal, label: "generated \(seed)")
        #expect(found == [], "\(found.prefix(6))")
    }
}
