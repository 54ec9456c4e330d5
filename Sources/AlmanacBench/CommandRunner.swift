import Foundation

/// Runs a program under `/usr/bin/time -v` and reports its wall time, its peak
/// memory ("Maximum resident set size") and what it printed.
struct CommandRunner {
    /// What one run took.
    struct Measurement {
        var seconds: Double
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
        var best: Measurement?
        for _ in 0..<max(runs, 1) {
            let run = try runOnce(arguments, standardOutput: standardOutput)
            if var kept = best {
                kept.peakBytes = max(kept.peakBytes, run.peakBytes)
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

    private func runOnce(_ arguments: [String], standardOutput: String?) throws -> Measurement {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-v", "-o", reportPath] + arguments
        let outputPipe = Pipe()
        let errorFile = reportPath + ".stderr"
        _ = FileManager.default.createFile(atPath: errorFile, contents: nil)
        let errorHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: errorFile))
        defer { try? errorHandle.close() }
        if let standardOutput {
            _ = FileManager.default.createFile(atPath: standardOutput, contents: nil)
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: standardOutput))
        } else {
            process.standardOutput = outputPipe
        }
        process.standardError = errorHandle
        let started = DispatchTime.now().uptimeNanoseconds
        try process.run()
        var output = Data()
        if standardOutput == nil { output = outputPipe.fileHandleForReading.readDataToEndOfFile() }
        process.waitUntilExit()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        guard process.terminationStatus == 0 else {
            let messages = (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? ""
            throw BenchError("\(arguments.joined(separator: " ")) failed with status \(process.terminationStatus):\n\(messages.suffix(2_000))")
        }
        let report = (try? String(contentsOfFile: reportPath, encoding: .utf8)) ?? ""
        return Measurement(seconds: seconds, peakBytes: Self.peakBytes(report), output: String(decoding: output, as: UTF8.self))
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
