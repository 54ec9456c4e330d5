import AlmanacTestSupport
import Foundation
import Testing

/// Every file of a vdir almanac writes, read by the real python `icalendar` 7.3.0: a
/// VCALENDAR with VERSION and PRODID holding one UID's components (CalDAV's rule for a
/// calendar object resource) and a VTIMEZONE for every TZID it uses; together the files
/// hold the sample's events, and each task names its event. Skipped when the peer is
/// absent, unless `ALMANAC_REQUIRE_PEERS=1`.
@Suite("Peer: python icalendar reads a vdir", .enabled(if: Peers.shouldRun(pythonModule: "icalendar") && TestPaths.hasAlmanacBinary))
struct VdirPeerTests {
    /// For each file given as an argument: its VERSION, PRODID, the UIDs of its
    /// components other than VTIMEZONE, its VEVENT UIDs, its VTODOs with their parent,
    /// and the TZIDs it uses that it has no VTIMEZONE for.
    static let script = #"""
        import json, sys
        import icalendar

        out = []
        for path in sys.argv[1:]:
            with open(path, "rb") as f:
                cal = icalendar.Calendar.from_ical(f.read())
            items = [c for c in cal.subcomponents if c.name != "VTIMEZONE"]
            zones = {str(c["TZID"]) for c in cal.walk("VTIMEZONE")}
            used = set()
            for c in cal.walk():
                for name, value in c.property_items(recursive=False):
                    params = getattr(value, "params", {}) or {}
                    if "TZID" in params:
                        used.add(str(params["TZID"]))
            out.append({
                "file": path,
                "version": str(cal.get("VERSION")), "prodid": str(cal.get("PRODID")),
                "uids": sorted({str(c.get("UID")) for c in items}),
                "events": [str(c["UID"]) for c in items if c.name == "VEVENT"],
                "todos": [[str(c["UID"]), str(c.get("RELATED-TO"))] for c in items if c.name == "VTODO"],
                "missingZones": sorted(used - zones),
            })
        print(json.dumps(out))
        """#

    @Test("each file is one UID's VCALENDAR with VERSION, PRODID and its VTIMEZONEs; together they are the sample")
    func peerReadsEveryFile() throws {
        let (vdir, files) = try VdirTests.writeSampleVdir()
        defer { try? FileManager.default.removeItem(at: vdir.deletingLastPathComponent()) }
        let python = try #require(Peers.python, "no python with icalendar: see Tests/peers-requirements.txt")
        let result = try ProcessRunner.run(python, ["-c", Self.script] + files)
        try #require(result.status == 0, "\(result.stderrText)")
        let seen = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [[String: Any]])
        #expect(seen.count == files.count)
        var events: [String] = []
        var parents: [String: String] = [:]
        for file in seen {
            let label = file["file"] as! String
            #expect(file["version"] as? String == "2.0", "\(label)")
            #expect(file["prodid"] as? String == "-//almanac//almanac//EN", "\(label)")
            let uids = file["uids"] as! [String]
            #expect(uids.count == 1, "\(label): \(uids)")
            #expect(uids.first.map { $0 + ".ics" } == URL(fileURLWithPath: label).lastPathComponent, "\(label)")
            #expect((file["missingZones"] as! [String]).isEmpty, "\(label)")
            events += file["events"] as! [String]
            for todo in file["todos"] as! [[String]] { parents[todo[0]] = todo[1] }
        }
        let sample = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: TestPaths.sample("events.json"))) as? [String: Any])
        let sampleEvents = try #require(sample["events"] as? [[String: Any]])
        #expect(events.sorted() == sampleEvents.map { $0["id"] as! String }.sorted())
        var expectedParents: [String: String] = [:]
        for event in sampleEvents {
            for task in event["tasks"] as? [[String: Any]] ?? [] { expectedParents[task["id"] as! String] = event["id"] as? String }
        }
        #expect(parents == expectedParents)
        #expect(parents.count == 14)
    }
}
