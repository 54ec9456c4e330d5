import Foundation
import AlmanacCore
import AlmanacTestSupport

enum CLI {
    static func run(_ arguments: [String], stdin: String = "") throws -> ProcessRunner.Result {
        try ProcessRunner.almanac(arguments, stdin: Array(stdin.utf8))
    }

    /// Runs almanac with a standard input that stays open and never delivers a byte;
    /// returns `nil` when almanac did not end within `seconds` (it was waiting for input).
    static func runWithSilentStdin(_ arguments: [String], seconds: Double = 10) throws -> ProcessRunner.Result? {
        let child = try ChildProcess(TestPaths.almanacBinary.path, arguments, directory: TestPaths.packageRoot.path, output: .nullDevice)
        // Standard input stays open (until `child` goes) and empty.
        let outcome = child.exchange(nil, timeout: seconds)
        guard !outcome.timedOut else { return nil }
        return ProcessRunner.Result(status: outcome.termination.status, stdout: [], stderr: outcome.stderr)
    }

    static func fileBytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }
}
