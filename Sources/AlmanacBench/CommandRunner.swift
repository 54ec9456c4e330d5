import Foundation
import AlmanacCore
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
        Self.emptyOutputFile(of: arguments)
        let limit = timeout.map { ["/usr/bin/timeout", "--kill-after=5", "\($0)"] } ?? []
        let command = ["/usr/bin/time", "-v", "-o", reportPath] + limit + arguments
        let errorFile = reportPath + ".stderr"
        let childrenBefore = Self.childrenCPUSeconds()
        // posix_spawn and waitpid (`ChildProcess`), timed around them alone: Foundation's Process
        // notices a child's end through its run loop, which added tens of milliseconds to short runs.
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
    /// `standardOutput`, or is returned when that is `nil`. Returns its exit status
    /// (128 + the signal for a killed child, as a shell reports it).
    private static func spawn(_ command: [String], standardOutput: String?, standardError: String) throws -> (Int32, [UInt8]) {
        let errors = try openForWriting(standardError)
        defer { close(errors) }
        let output = try standardOutput.map(openForWriting)
        defer { if let output { close(output) } }
        let child: ChildProcess
        do {
            child = try ChildProcess(command[0], Array(command.dropFirst()), input: .inherit, output: output.map { .descriptor($0) } ?? .pipe, errors: .descriptor(errors))
        } catch {
            throw BenchError("cannot run \(command[0]): \(error.reason)")
        }
        let outcome = child.exchange(nil)
        switch outcome.termination {
        case .exited(let status): return (status, outcome.stdout)
        case .signaled(let signal): return (128 + signal, outcome.stdout)
        }
    }

    /// Empties the file a program writes with `-o PATH`, left by its previous run, before it
    /// runs again: as a peer's output file is emptied by this process when opened for it
    /// (``openForWriting(_:)``), so that neither run is charged for freeing the last one's
    /// blocks. A program that replaces its output by renaming pays that in its own time
    /// otherwise (about 3 ms for a 10 MB file on ext4, more while the old one is still being
    /// written back).
    static func emptyOutputFile(of arguments: [String]) {
        guard let flag = arguments.firstIndex(of: "-o"), flag + 1 < arguments.count else { return }
        let path = arguments[flag + 1]
        var status = stat()
        guard path != nullDevice, stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return }
        truncate(path, 0)
    }

    /// `path` opened for writing, emptied or created; ``nullDevice`` only opened.
    private static func openForWriting(_ path: String) throws -> Int32 {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC | (path == nullDevice ? 0 : O_CREAT | O_TRUNC), 0o644)
        guard descriptor >= 0 else { throw BenchError("cannot open \(path): \(String(cString: strerror(errno)))") }
        return descriptor
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
