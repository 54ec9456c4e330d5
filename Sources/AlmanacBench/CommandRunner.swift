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
            if var kept = best {
                kept.peakBytes = max(kept.peakBytes, run.peakBytes)
                kept.cpuSeconds = min(kept.cpuSeconds, run.cpuSeconds)
                if run.seconds < kept.seconds {
                    kept.seconds = run.seconds
                    kept.output = run.output
                }
                best = kept
            } else {
                best = run
            }
        }
        return best!
    }

    /// Output thrown away. Never created or replaced as a file: a program that writes
    /// atomically (`-o /dev/null`) would rename a regular file over the device when run as root.
    static let nullDevice = "/dev/null"

    /// The exit status of coreutils `timeout` when it stopped the program.
    private static let timedOutStatus: Int32 = 124

    private func runOnce(_ arguments: [String], standardOutput: String?, timeout: Double?) throws -> Measurement? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        let limit = timeout.map { ["/usr/bin/timeout", "--kill-after=5", "\($0)"] } ?? []
        process.arguments = ["-v", "-o", reportPath] + limit + arguments
        let outputPipe = Pipe()
        let errorFile = reportPath + ".stderr"
        _ = FileManager.default.createFile(atPath: errorFile, contents: nil)
        let errorHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: errorFile))
        defer { try? errorHandle.close() }
        if standardOutput == Self.nullDevice {
            process.standardOutput = FileHandle.nullDevice
        } else if let standardOutput {
            _ = FileManager.default.createFile(atPath: standardOutput, contents: nil)
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: standardOutput))
        } else {
            process.standardOutput = outputPipe
        }
        process.standardError = errorHandle
        let started = DispatchTime.now().uptimeNanoseconds
        let childrenBefore = Self.childrenCPUSeconds()
        try process.run()
        var output = Data()
        if standardOutput == nil { output = outputPipe.fileHandleForReading.readDataToEndOfFile() }
        process.waitUntilExit()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        if timeout != nil, process.terminationStatus == Self.timedOutStatus { return nil }
        guard process.terminationStatus == 0 else {
            let messages = (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? ""
            throw BenchError("\(arguments.joined(separator: " ")) failed with status \(process.terminationStatus):\n\(messages.suffix(2_000))")
        }
        let report = (try? String(contentsOfFile: reportPath, encoding: .utf8)) ?? ""
        // The children's CPU time as the kernel counts it (microseconds; `time -v` prints
        // hundredths): the program, and the `time` and `timeout` around it, which cost next to nothing.
        let cpu = Self.childrenCPUSeconds() - childrenBefore
        return Measurement(seconds: seconds, cpuSeconds: cpu, peakBytes: Self.peakBytes(report), output: String(decoding: output, as: UTF8.self))
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
