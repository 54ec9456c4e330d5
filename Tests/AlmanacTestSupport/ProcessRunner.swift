import Foundation

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
    /// standard input is at its end at once).
    /// A program that runs longer than `timeout` seconds is killed and its status is `-1`,
    /// so that a hang fails its test instead of stopping the whole run.
    public static func run(_ executable: URL, _ arguments: [String], stdin: [UInt8] = [], directory: URL? = nil, environment: [String: String]? = nil, timeout: Double = 300) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let environment { process.environment = environment }
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate(); kill(process.processIdentifier, SIGKILL) } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        defer { watchdog.cancel() }
        // Read both pipes while the program runs, so that neither fills up and blocks it.
        let group = DispatchGroup()
        nonisolated(unsafe) var outBytes: [UInt8] = []
        nonisolated(unsafe) var errBytes: [UInt8] = []
        group.enter()
        DispatchQueue.global().async {
            outBytes = Array(output.fileHandleForReading.readDataToEndOfFile())
            group.leave()
        }
        group.enter()
        DispatchQueue.global().async {
            errBytes = Array(errors.fileHandleForReading.readDataToEndOfFile())
            group.leave()
        }
        if !stdin.isEmpty { input.fileHandleForWriting.write(Data(stdin)) }
        try? input.fileHandleForWriting.close()
        group.wait()
        process.waitUntilExit()
        let killed = process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
        return Result(status: killed ? -1 : process.terminationStatus, stdout: outBytes, stderr: errBytes)
    }

    /// Runs the built `almanac` with `arguments`.
    public static func almanac(_ arguments: [String], stdin: [UInt8] = [], directory: URL? = nil) throws -> Result {
        try run(TestPaths.almanacBinary, arguments, stdin: stdin, directory: directory ?? TestPaths.packageRoot)
    }
}
