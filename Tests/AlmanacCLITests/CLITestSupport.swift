import Foundation
import AlmanacTestSupport

enum CLI {
    static func run(_ arguments: [String], stdin: String = "") throws -> ProcessRunner.Result {
        try ProcessRunner.almanac(arguments, stdin: Array(stdin.utf8))
    }

    /// Runs almanac with a standard input that stays open and never delivers a byte;
    /// returns `nil` when almanac did not end within `seconds` (it was waiting for input).
    static func runWithSilentStdin(_ arguments: [String], seconds: Double = 10) throws -> ProcessRunner.Result? {
        let process = Process()
        process.executableURL = TestPaths.almanacBinary
        process.arguments = arguments
        process.currentDirectoryURL = TestPaths.packageRoot
        let input = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        defer { try? input.fileHandleForWriting.close() }
        guard !process.isRunning else {
            process.terminate()
            process.waitUntilExit()
            return nil
        }
        let stderr = Array(errors.fileHandleForReading.readDataToEndOfFile())
        return ProcessRunner.Result(status: process.terminationStatus, stdout: [], stderr: stderr)
    }

    static func fileBytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }
}
