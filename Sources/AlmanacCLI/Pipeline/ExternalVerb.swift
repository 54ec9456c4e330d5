import Foundation
import AlmanacCore

/// A verb almanac does not have, run as the program `almanac-VERB` found on PATH (as git
/// and pandoc extend themselves): it gets the items as NDJSON on standard input and returns
/// NDJSON on standard output. A non-zero exit fails the pipeline and shows its messages.
struct ExternalVerb: PipelineStep {
    let name: String
    let program: String
    let arguments: [String]
    /// The NDJSON codec that speaks to the program.
    let lines: any ItemStreamEncoding & ItemStreamDecoding

    /// The path of an executable `almanac-NAME` on PATH, or `nil`.
    static func find(_ name: String) -> String? {
        guard !name.isEmpty, !name.contains("/"), !name.hasPrefix("-") else { return nil }
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        for folder in folders {
            let path = "\(folder)/almanac-\(name)"
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
               FileManager.default.isExecutableFile(atPath: path) {
                return path
            }
        }
        return nil
    }

    func apply(to state: inout PipelineState) throws {
        var input: [UInt8] = []
        for located in state.items { try lines.encodeItem(located.item, options: EncodingOptions(), into: &input) }
        let result = try run(input)
        guard result.status == 0 else {
            let messages = String(decoding: result.stderr, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw PipelineFailure(
                message: "the external verb almanac-\(name) failed with status \(result.status)" + (messages.isEmpty ? "" : ":\n\(messages)"),
                status: .externalVerbFailed
            )
        }
        var items: [LocatedItem] = []
        var source = MemorySource(result.stdout)
        do {
            state.warnings += try lines.decodeItems(from: &source, sourceName: "almanac-\(name)") { item, _ in
                items.append(LocatedItem(item, source: "almanac-\(name)"))
            }.diagnostics
        } catch let error as any CodecError {
            throw PipelineFailure(message: "the external verb almanac-\(name) returned bad NDJSON: \(error)", status: .externalVerbFailed)
        }
        state.items = items
    }

    private func run(_ input: [UInt8]) throws -> (status: Int32, stdout: [UInt8], stderr: [UInt8]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        do {
            try process.run()
        } catch {
            throw PipelineFailure(message: "cannot run the external verb \(program): \(error.localizedDescription)", status: .externalVerbFailed)
        }
        let collected = Collected()
        let group = DispatchGroup()
        for (pipe, isError) in [(stdout, false), (stderr, true)] {
            group.enter()
            DispatchQueue.global().async {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                collected.set(Array(data), isError: isError)
                group.leave()
            }
        }
        // A program that exits without reading everything closes the pipe: not our error.
        try? stdin.fileHandleForWriting.write(contentsOf: Data(input))
        try? stdin.fileHandleForWriting.close()
        group.wait()
        process.waitUntilExit()
        return (process.terminationStatus, collected.stdout, collected.stderr)
    }

    /// The program's two outputs, filled from two reading threads.
    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var out: [UInt8] = []
        private var err: [UInt8] = []

        func set(_ bytes: [UInt8], isError: Bool) {
            lock.lock()
            defer { lock.unlock() }
            if isError { err = bytes } else { out = bytes }
        }

        var stdout: [UInt8] { lock.lock(); defer { lock.unlock() }; return out }
        var stderr: [UInt8] { lock.lock(); defer { lock.unlock() }; return err }
    }
}
