import AlmanacTestSupport
import Foundation
import Testing

/// A calendar as a folder of `.xcs` files, one UID each: written with `-d FOLDER -t xcal`
/// and read back together into the sample's events with all their tasks.
@Suite("almanac convert with xCal folders", .enabled(if: TestPaths.hasAlmanacBinary))
struct FolderTests {
    static func events(_ json: [UInt8]) throws -> [String] {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json)) as? [String: Any])
        let events = try #require(root["events"] as? [[String: Any]])
        return try events.map { String(decoding: try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]), as: UTF8.self) }.sorted()
    }

    @Test("the sample as an xCal folder reads back whole, in either order")
    func roundTrip() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-xcal-folder-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let written = try ProcessRunner.almanac(["convert", TestPaths.sample("events.json").path, "-d", folder.path, "-t", "xcal", "--dtstamp", "2026-01-01T00:00:00Z"])
        try #require(written.status == 0, "\(written.stderrText)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names.count == 20)
        #expect(names.allSatisfy { $0.hasSuffix(".xcs") })
        let files = names.map { folder.appendingPathComponent($0).path }
        for path in files {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.hasPrefix("<?xml"), "\(path)")
            let uids = Set(text.components(separatedBy: "<uid>").dropFirst().map { $0.components(separatedBy: "</text>")[0].replacingOccurrences(of: "<text>", with: "").trimmingCharacters(in: .whitespacesAndNewlines) })
            #expect(uids.map { $0 + ".xcs" } == [URL(fileURLWithPath: path).lastPathComponent], "\(path): \(uids)")
        }
        let direct = try ProcessRunner.almanac(["convert", TestPaths.sample("events.json").path, "-t", "json"])
        let expected = try Self.events(direct.stdout)
        for inputs in [files, files.reversed(), [folder.path]] {
            let back = try ProcessRunner.almanac(["convert"] + inputs + ["-t", "json"])
            #expect(back.status == 0, "\(back.stderrText)")
            #expect(try Self.events(back.stdout) == expected)
        }
    }
}
