import Foundation
import Testing
import AlmanacTestSupport

/// A full disk: the run fails with 74 and the path, the existing output stays as it was,
/// and no temporary file is left behind. Needs a tiny tmpfs, so root; skipped otherwise.
@Suite struct FullDiskTests {
    /// A 64 KiB tmpfs mounted for the test, or `nil` when mounting is not allowed here.
    static let tinyDisk: String? = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-tiny-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let mount = try? ProcessRunner.run(URL(fileURLWithPath: "/bin/mount"), ["-t", "tmpfs", "-o", "size=64k", "tmpfs", folder], timeout: 20)
        return mount?.status == 0 ? folder : nil
    }()

    @Test(.enabled(if: tinyDisk != nil, "needs permission to mount a tmpfs"))
    func aFullDiskLeavesTheOutputAsItWas() throws {
        let disk = try #require(Self.tinyDisk)
        defer { _ = try? ProcessRunner.run(URL(fileURLWithPath: "/bin/umount"), [disk], timeout: 20) }
        let output = "\(disk)/recipes.json"
        try Data("precious\n".utf8).write(to: URL(fileURLWithPath: output))
        let inputs = Array(repeating: "Samples/recipes.json", count: 20)
        let result = try CLI.run(["convert"] + inputs + ["-o", output, "--no-validate"])
        #expect(result.status == 74, "\(result.stderrText)")
        #expect(result.stderrText.hasPrefix("\(output): error: cannot write"))
        #expect(try CLI.fileBytes(output) == Array("precious\n".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk) == ["recipes.json"])
    }

    @Test(.enabled(if: tinyDisk != nil, "needs permission to mount a tmpfs"))
    func anUnwritableFolderExits73WithThePath() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-readonly-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let mount = try ProcessRunner.run(URL(fileURLWithPath: "/bin/mount"), ["-t", "tmpfs", "-o", "ro,size=64k", "tmpfs", folder], timeout: 20)
        try #require(mount.status == 0)
        defer { _ = try? ProcessRunner.run(URL(fileURLWithPath: "/bin/umount"), [folder], timeout: 20) }
        let result = try CLI.run(["convert", "Samples/events.json", "-o", "\(folder)/events.json"])
        #expect(result.status == 73)
        #expect(result.stderrText.hasPrefix("\(folder)/events.json: error: cannot create the output"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }
}
