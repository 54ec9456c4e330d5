import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program under `/usr/bin/time -v` and reports its wall time, its CPU time,
/// its peak memory ("Maximum resident set size") and what it printed.
struct CommandRunner {
    /// What one run took.
    struct Measurement {
        var seconds: Double
        /// User plus system time of the program: what it cost, however busy the machine.
        var cpuSeconds: Double
        /// Peak resident set size in bytes.
        var peakBytes: Int
        var output: String
    }

    /// Where `time -v` writes its report.
    let reportPath: String

    init(scratchFolder: String) {
        reportPath = scratchFolder + "/time-report.txt"
    }

    /// Runs `arguments` (the program first) `runs` times and keeps the fastest run
    /// (peak memory: the largest seen). Throws when the program fails.
    func measure(_ arguments: [String], runs: Int = 1, standardOutput: String? = nil) throws -> Measurement {
        try measure(arguments, runs: runs, standardOutput: standardOutput, timeout: nil)!
    }

    /// Like ``measure(_:runs:standardOutput:)``, but each run is stopped (by coreutils
    /// `timeout`) after `timeout` seconds; nil when a run was, and no run follows it.
    /// `standardOutput` may be ``nullDevice``, which is opened, never created.
    func measure(_ arguments: [String], runs: Int, standardOutput: String?, timeout: Double?) throws -> Measurement? {
        var best: Measurement?
        for _ in 0..<max(runs, 1) {
            guard let run = try runOnce(arguments, standardOutput: standardOutput, timeout: timeout) else { return nil }
            best = Self.keeping(best, run)
        }
        return best!
    }

    /// Runs `first` and `second` in turns, `runs` times each, so that a ratio of the two
    /// compares runs that met the machine in the same states (on a shared machine its speed
    /// drifts over seconds); keeps each one's fastest run.
    func measureInTurns(_ first: [String], _ second: [String], runs: Int, secondOutput: String? = nil) throws -> (first: Measurement, second: Measurement) {
        var one: Measurement?
        var two: Measurement?
        for _ in 0..<max(runs, 1) {
            one = Self.keeping(one, try measure(first))
            two = Self.keeping(two, try measure(second, standardOutput: secondOutput))
        }
        return (one!, two!)
    }

    /// The fastest of `kept` and `run` (wall and CPU each their least), with the largest peak.
    private static func keeping(_ kept: Measurement?, _ run: Measurement) -> Measurement {
        guard var kept else { return run }
        kept.peakBytes = max(kept.peakBytes, run.peakBytes)
        kept.cpuSeconds = min(kept.cpuSeconds, run.cpuSeconds)
        if run.seconds < kept.seconds {
            kept.seconds = run.seconds
            kept.output = run.output
        }
        return kept
    }

    /// Output thrown away. Never created or replaced as a file: a program that writes
    /// atomically (`-o /dev/null`) would rename a regular file over the device when run as root.
    static let nullDevice = "/dev/null"

    /// The exit status of coreutils `timeout` when it stopped the program.
    private static let timedOutStatus: Int32 = 124

    private func runOnce(_ arguments: [String], standardOutput: String?, timeout: Double?) throws -> Measurement? {
        let limit = timeout.map { ["/usr/bin/timeout", "--kill-after=5", "\($0)"] } ?? []
        let command = ["/usr/bin/time", "-v", "-o", reportPath] + limit + arguments
        let errorFile = reportPath + ".stderr"
        if let standardOutput, standardOutput != Self.nullDevice {
            _ = FileManager.default.createFile(atPath: standardOutput, contents: nil)
        }
        let childrenBefore = Self.childrenCPUSeconds()
        // posix_spawn and waitpid, timed around them alone: Foundation's Process notices a
        // child's end through its run loop, which added tens of milliseconds to short runs.
        let started = DispatchTime.now().uptimeNanoseconds
        let (status, output) = try Self.spawn(command, standardOutput: standardOutput, standardError: errorFile)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        if timeout != nil, status == Self.timedOutStatus { return nil }
        guard status == 0 else {
            let messages = (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? ""
            throw BenchError("\(arguments.joined(separator: " ")) failed with status \(status):\n\(messages.suffix(2_000))")
        }
        let report = (try? String(contentsOfFile: reportPath, encoding: .utf8)) ?? ""
        // The children's CPU time as the kernel counts it (microseconds; `time -v` prints
        // hundredths): the program, and the `time` and `timeout` around it, which cost next to nothing.
        let cpu = Self.childrenCPUSeconds() - childrenBefore
        return Measurement(seconds: seconds, cpuSeconds: cpu, peakBytes: Self.peakBytes(report), output: String(decoding: output, as: UTF8.self))
    }

    /// Runs `command` and waits for it; its standard output goes to the file
    /// `standardOutput`, or is returned when that is `nil`. Returns its exit status.
    private static func spawn(_ command: [String], standardOutput: String?, standardError: String) throws -> (Int32, [UInt8]) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var pipe: [Int32] = [-1, -1]
        if let standardOutput {
            posix_spawn_file_actions_addopen(&actions, 1, standardOutput, O_WRONLY | (standardOutput == nullDevice ? 0 : O_TRUNC), 0o644)
        } else {
            guard Glibc.pipe(&pipe) == 0 else { throw BenchError("cannot make a pipe") }
            posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
            posix_spawn_file_actions_addclose(&actions, pipe[0])
            posix_spawn_file_actions_addclose(&actions, pipe[1])
        }
        posix_spawn_file_actions_addopen(&actions, 2, standardError, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, command[0], &actions, nil, &argv, environ)
        if pipe[1] >= 0 { close(pipe[1]) }
        guard spawned == 0 else {
            if pipe[0] >= 0 { close(pipe[0]) }
            throw BenchError("cannot run \(command[0]): \(String(cString: strerror(spawned)))")
        }
        var output: [UInt8] = []
        if pipe[0] >= 0 {
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(pipe[0], $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                output += chunk[0..<count]
            }
            close(pipe[0])
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS, and 128 + the signal for a killed child.
        let signal = status & 0x7F
        return (signal == 0 ? (status >> 8) & 0xFF : 128 + signal, output)
    }

    /// User plus system time of every child process waited for so far.
    private static func childrenCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// "Maximum resident set size (kbytes): 12345" in bytes.
    static func peakBytes(_ report: String) -> Int {
        for line in report.split(separator: "\n") where line.contains("Maximum resident set size") {
            if let number = line.split(separator: ":").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) {
                return number * 1_024
            }
        }
        return 0
    }
}
