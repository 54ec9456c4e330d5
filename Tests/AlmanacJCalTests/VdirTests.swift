import AlmanacTestSupport
import Foundation
import Testing

/// A calendar as a folder of `.jcal` files, one UID each, as a vdir holds `.ics` files:
/// written with `-d FOLDER -t jcal`, read back together (the files in either order, or
/// the folder) into the sample's events with all their tasks.
@Suite("almanac convert with jCal folders", .enabled(if: TestPaths.hasAlmanacBinary))
struct VdirTests {
    static func events(_ json: [UInt8]) throws -> [String] {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json)) as? [String: Any])
        let events = try #require(root["events"] as? [[String: Any]])
        return try events.map { String(decoding: try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]), as: UTF8.self) }.sorted()
    }

    @Test("the sample as a jCal folder reads back whole, in any order")
    func roundTrip() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-jcal-vdir-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let written = try ProcessRunner.almanac(["convert", TestPaths.sample("events.json").path, "-d", folder.path, "-t", "jcal", "--dtstamp", "2026-01-01T00:00:00Z"])
        try #require(written.status == 0, "\(written.stderrText)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names.count == 20)
        #expect(names.allSatisfy { $0.hasSuffix(".jcal") })
        let files = names.map { folder.appendingPathComponent($0).path }
        for path in files {
            let calendar = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [Any], "\(path)")
            #expect(calendar.first as? String == "vcalendar")
            let properties = try #require(calendar[1] as? [[Any]])
            #expect(properties.map { $0[0] as? String }.prefix(2) == ["version", "prodid"])
            let components = try #require(calendar[2] as? [[Any]])
            let uids = Set(components.filter { $0[0] as? String != "vtimezone" }.flatMap { component in
                (component[1] as! [[Any]]).filter { $0[0] as? String == "uid" }.map { $0[3] as! String }
            })
            #expect(uids.map { $0 + ".jcal" } == [URL(fileURLWithPath: path).lastPathComponent], "\(path)")
        }
        let direct = try ProcessRunner.almanac(["convert", TestPaths.sample("events.json").path, "-t", "json"])
        let expected = try Self.events(direct.stdout)
        for inputs in [files, files.reversed(), [folder.path]] {
            let back = try ProcessRunner.almanac(["convert"] + inputs + ["-t", "json"])
            #expect(back.status == 0, "\(back.stderrText)")
            #expect(back.stderrText.isEmpty, "\(back.stderrText)")
            #expect(try Self.events(back.stdout) == expected)
        }
    }
}
