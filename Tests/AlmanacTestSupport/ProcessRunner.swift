import Foundation
import AlmanacCore

/// Runs a program to its end with given standard input and collects what it printed.
public enum ProcessRunner {
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: [UInt8]
        public var stderr: [UInt8]

        public init(status: Int32, stdout: [UInt8], stderr: [UInt8]) {
            self.status = status
            self.stdout = stdout
            self.stderr = stderr
        }

        public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
        public var stderrText: String { String(decoding: stderr, as: UTF8.self) }
    }

    /// Runs `executable` with `arguments` in `directory`, feeding `stdin` (nothing by default:
    /// standard input is at its end at once), with `environment` (this process's when `nil`).
    /// A program that runs longer than `timeout` seconds is killed and its status is `-1`,
    /// so that a hang fails its test instead of stopping the whole run.
    /// Throws ``ChildProcessError`` when the program cannot be started.
    public static func run(_ executable: URL, _ arguments: [String], stdin: [UInt8] = [], directory: URL? = nil, environment: [String: String]? = nil, timeout: Double = 300) throws -> Result {
        let child = try ChildProcess(executable.path, arguments, directory: directory?.path, environment: environment)
        let outcome = child.exchange(stdin, timeout: timeout)
        // `-1` for a program killed (`SIGKILL`), by the timeout or not.
        let killed = outcome.timedOut || outcome.termination == .signaled(SIGKILL)
        return Result(status: killed ? -1 : outcome.termination.status, stdout: outcome.stdout, stderr: outcome.stderr)
    }

    /// Runs the built `almanac` with `arguments`.
    public static func almanac(_ arguments: [String], stdin: [UInt8] = [], directory: URL? = nil) throws -> Result {
        try run(TestPaths.almanacBinary, arguments, stdin: stdin, directory: directory ?? TestPaths.packageRoot)
    }
}
