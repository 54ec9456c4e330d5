import AlmanacTestSupport
import Foundation
import Testing

/// A calendar as a folder of `.ics` files, one UID each (a vdir, as CalDAV servers,
/// vdirsyncer and khal keep it): `-d FOLDER -t ics` writes it, and the files read back
/// together, in any order or as the folder, give the same events with all their tasks.
@Suite("almanac convert with calendar folders (vdirs)", .enabled(if: TestPaths.hasAlmanacBinary))
struct VdirTests {
    static let stamp = ["--dtstamp", "2026-01-01T00:00:00Z"]

    /// Writes `Samples/events.json` as a vdir into a new folder; returns the folder and the paths of its files, sorted.
    static func writeSampleVdir(format: String = "ics") throws -> (folder: URL, files: [String]) {
        let folder = try CLITests.temporaryFolder()
        let vdir = folder.appendingPathComponent("vdir")
        let written = try ProcessRunner.almanac(["convert", TestPaths.sample("events.json").path, "-d", vdir.path, "-t", format] + stamp)
        try #require(written.status == 0, "\(written.stderrText)")
        let names = try FileManager.default.contentsOfDirectory(atPath: vdir.path).sorted()
        return (vdir, names.map { vdir.appendingPathComponent($0).path })
    }

    /// The events of an almanac JSON document, each as canonical JSON text, sorted: the
    /// same events with the same tasks whatever order the files came in.
    static func events(_ json: [UInt8]) throws -> [String] {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json)) as? [String: Any])
        let events = try #require(root["events"] as? [[String: Any]])
        return try events.map { String(decoding: try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]), as: UTF8.self) }.sorted()
    }

    static func sampleEvents() throws -> [String] {
        let direct = try ProcessRunner.almanac(["convert", TestPaths.sample("events.json").path, "-t", "json"])
        try #require(direct.status == 0)
        return try events(direct.stdout)
    }

    /// Converts `inputs` to JSON and returns its events (as ``events(_:)``), failing on any message.
    static func converted(_ inputs: [String]) throws -> [String] {
        let result = try ProcessRunner.almanac(["convert"] + inputs + ["-t", "json"])
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(result.stderrText.isEmpty, "\(result.stderrText)")
        return try events(result.stdout)
    }

    @Test("the sample as a vdir: one file per UID, named by it, each a whole VCALENDAR")
    func writesOneFilePerUID() throws {
        let (vdir, files) = try Self.writeSampleVdir()
        defer { try? FileManager.default.removeItem(at: vdir.deletingLastPathComponent()) }
        // 6 events and 14 tasks: 20 UIDs.
        #expect(files.count == 20)
        for path in files {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//almanac//almanac//EN\r\n"), "\(path)")
            #expect(text.hasSuffix("END:VCALENDAR\r\n"), "\(path)")
            let uids = Set(text.components(separatedBy: "\r\n").filter { $0.hasPrefix("UID:") })
            #expect(uids == ["UID:" + URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent], "\(path): \(uids)")
        }
        // A zoned event's file carries its VTIMEZONE; a task's needs none.
        let party = try String(contentsOfFile: vdir.appendingPathComponent("F81DAA9F-5F48-4BD0-88E7-F377B39B713B.ics").path, encoding: .utf8)
        #expect(party.contains("BEGIN:VTIMEZONE\r\nTZID:America/Los_Angeles\r\n"))
        let task = try String(contentsOfFile: vdir.appendingPathComponent("087EEA3C-FFD3-4071-9006-0784A43B9454.ics").path, encoding: .utf8)
        #expect(!task.contains("VTIMEZONE") && task.contains("BEGIN:VTODO\r\n"))
        #expect(task.contains("RELATED-TO;RELTYPE=PARENT:E525A9B4-D0C4-4E03-9AFC-DE39D890D814\r\n"))
    }

    @Test("every file read together gives the sample's events with all their tasks, in either order and as a folder")
    func readsBackTogether() throws {
        let (vdir, files) = try Self.writeSampleVdir()
        defer { try? FileManager.default.removeItem(at: vdir.deletingLastPathComponent()) }
        let expected = try Self.sampleEvents()
        #expect(expected.count == 6)
        #expect(try Self.converted(files) == expected)
        #expect(try Self.converted(files.reversed()) == expected)
        #expect(try Self.converted([vdir.path]) == expected)
        // The tasks keep their checklist order, which the event's RELATED-TO;RELTYPE=CHILD lines carry.
        let back = try ProcessRunner.almanac(["convert", vdir.path, "-t", "json"])
        let direct = try ProcessRunner.almanac(["convert", TestPaths.sample("events.json").path, "-t", "json"])
        func taskOrder(_ json: [UInt8]) throws -> [String: [String]] {
            let root = try #require(try JSONSerialization.jsonObject(with: Data(json)) as? [String: Any])
            let events = try #require(root["events"] as? [[String: Any]])
            return Dictionary(uniqueKeysWithValues: events.map { ($0["id"] as! String, ($0["tasks"] as? [[String: Any]] ?? []).map { $0["id"] as! String }) })
        }
        #expect(try taskOrder(back.stdout) == taskOrder(direct.stdout))
        // Each file alone, as before: a task without its event's file becomes an event of its own.
        let alone = try ProcessRunner.almanac(["convert", files[0], "-t", "json"])
        #expect(alone.status == 0)
        #expect(try Self.events(alone.stdout).count == 1)
    }

    @Test("several ics files convert to one ics calendar, read whole, with the tasks after their events")
    func toOneCalendar() throws {
        let (vdir, files) = try Self.writeSampleVdir()
        defer { try? FileManager.default.removeItem(at: vdir.deletingLastPathComponent()) }
        let joined = try ProcessRunner.almanac(["convert"] + files.reversed() + ["-t", "ics"] + Self.stamp)
        #expect(joined.status == 0, "\(joined.stderrText)")
        #expect(joined.stdoutText.components(separatedBy: "BEGIN:VEVENT").count - 1 == 6)
        #expect(joined.stdoutText.components(separatedBy: "BEGIN:VTODO").count - 1 == 14)
        let back = try ProcessRunner.almanac(["convert", "-f", "ics", "-t", "json"], stdin: joined.stdout)
        #expect(try Self.events(back.stdout) == Self.sampleEvents())
    }

    @Test("a task whose event's file is missing is kept as an event of its own, as in one file")
    func missingEvent() throws {
        let (vdir, files) = try Self.writeSampleVdir()
        defer { try? FileManager.default.removeItem(at: vdir.deletingLastPathComponent()) }
        // The camping trip's file goes; its 4 tasks stay.
        let camping = vdir.appendingPathComponent("E525A9B4-D0C4-4E03-9AFC-DE39D890D814.ics").path
        try FileManager.default.removeItem(atPath: camping)
        let result = try ProcessRunner.almanac(["convert", vdir.path, "-t", "json"])
        #expect(result.status == 0, "\(result.stderrText)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
        let events = try #require(root["events"] as? [[String: Any]])
        #expect(events.count == 5 + 4)
        let orphans = events.filter { (($0["extras"] as? [String: Any])?["ics"] as? [String: Any])?["component"] as? String == "VTODO" }
        let sample = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: TestPaths.sample("events.json"))) as? [String: Any])
        let trip = try #require((sample["events"] as? [[String: Any]])?.first { $0["id"] as? String == "E525A9B4-D0C4-4E03-9AFC-DE39D890D814" })
        let tasks = try #require(trip["tasks"] as? [[String: Any]])
        #expect(tasks.count == 4)
        #expect(orphans.map { $0["id"] as! String }.sorted() == tasks.map { $0["id"] as! String }.sorted())
        #expect(Set(orphans.map { $0["title"] as! String }) == Set(tasks.map { $0["text"] as! String }))
        #expect(files.count == 20)
    }

    @Test("an error names the file and line it is in, and nothing is written")
    func errorNamesTheFile() throws {
        let (vdir, _) = try Self.writeSampleVdir()
        defer { try? FileManager.default.removeItem(at: vdir.deletingLastPathComponent()) }
        let broken = vdir.appendingPathComponent("zz-broken.ics").path
        try Data("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:zz\r\nEND:VCALENDAR\r\n".utf8).write(to: URL(fileURLWithPath: broken))
        let output = vdir.deletingLastPathComponent().appendingPathComponent("out.json").path
        let result = try ProcessRunner.almanac(["convert", vdir.path, "-o", output])
        #expect(result.status == 65)
        #expect(result.stderrText.contains("\(broken):5:1: error: END:VCALENDAR does not close BEGIN:VEVENT of line 3"), "\(result.stderrText)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test("the UID is made safe for file systems: '/', spaces and non-ASCII are percent-encoded")
    func unsafeUIDs() throws {
        let folder = try CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = #"{"events": [{"id": "a/b c@host", "title": "Slash", "start": "2026-12-24", "tasks": [{"id": "../ünï", "text": "Up"}]}, {"id": ".hidden", "title": "Dot", "start": "2026-12-25"}]}"#
        let vdir = folder.appendingPathComponent("vdir")
        let written = try ProcessRunner.almanac(["convert", "-f", "json", "-d", vdir.path, "-t", "ics"] + Self.stamp, stdin: Array(json.utf8))
        #expect(written.status == 0, "\(written.stderrText)")
        let names = try FileManager.default.contentsOfDirectory(atPath: vdir.path).sorted()
        #expect(names == ["%2E.%2F%C3%BCn%C3%AF.ics", "%2Ehidden.ics", "a%2Fb%20c@host.ics"])
        let back = try ProcessRunner.almanac(["convert", vdir.path, "-t", "json"])
        #expect(back.stdoutText.contains(#""id" : "../ünï""#) || back.stdoutText.contains(#""id": "../ünï""#), "\(back.stdoutText)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(back.stdout)) as? [String: Any])
        let events = try #require(root["events"] as? [[String: Any]])
        #expect(events.count == 2)
    }
}
