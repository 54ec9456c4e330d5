import Foundation
import Testing

@testable import almanac_bench

/// Before each timed run the bench empties the output the program wrote last time, as it
/// empties a peer's output file when it opens it: neither is charged for freeing the old one.
struct CommandRunnerTests {
    private func scratchFile(_ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "almanac-bench-runner-\(UUID().uuidString).json"
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    private func size(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? -1
    }

    @Test func theFileAfterDashOIsEmptied() throws {
        let path = try scratchFile("{\"events\":[]}")
        defer { try? FileManager.default.removeItem(atPath: path) }
        CommandRunner.emptyOutputFile(of: ["/bin/almanac", "convert", "in.ics", "-t", "json", "-o", path])
        #expect(try size(path) == 0)
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test func otherFilesAndDevicesAreLeftAlone() throws {
        let path = try scratchFile("kept")
        defer { try? FileManager.default.removeItem(atPath: path) }
        // The input, and a command with no -o, are not touched.
        CommandRunner.emptyOutputFile(of: ["/bin/almanac", "convert", path, "-t", "json"])
        CommandRunner.emptyOutputFile(of: ["/bin/almanac", "convert", path, "-o"])
        #expect(try size(path) == 4)
        // A missing output is not created, and /dev/null is not truncated.
        let missing = path + ".missing"
        CommandRunner.emptyOutputFile(of: ["/bin/almanac", "convert", path, "-o", missing])
        #expect(!FileManager.default.fileExists(atPath: missing))
        CommandRunner.emptyOutputFile(of: ["/bin/almanac", "convert", path, "-o", CommandRunner.nullDevice])
        var status = stat()
        #expect(stat(CommandRunner.nullDevice, &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
    }
}
