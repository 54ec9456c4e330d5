import Foundation
import AlmanacCore

/// A step almanac does not have, run as a program (`almanac-VERB` on PATH, as git and
/// pandoc extend themselves): it gets the items as NDJSON on standard input and returns
/// NDJSON on standard output. A non-zero exit stops the pipeline with its messages
/// (``ExitStatus/externalVerbFailed``).
public struct ExternalStep: PipelineStep {
    /// The verb's name, used in messages and as the returned items' source (`almanac-NAME`).
    public let name: String
    /// The program's path.
    public let program: String
    /// The arguments the program gets (those after the verb's name).
    public let arguments: [String]
    private let encoder: any ItemStreamEncoding
    private let decoder: any ItemStreamDecoding

    /// A step running `program` with `arguments`; `nil` when `registry` has no ndjson codec
    /// that reads and writes item by item.
    public init?(name: String, program: String, arguments: [String] = [], registry: FormatRegistry = BuiltinFormats.registry) {
        guard let ndjson = registry.codec(named: "ndjson"), let encoder = ndjson.itemStreamEncoder, let decoder = ndjson.itemStreamDecoder else { return nil }
        self.name = name
        self.program = program
        self.arguments = arguments
        self.encoder = encoder
        self.decoder = decoder
    }

    /// The path of an executable `almanac-NAME` on PATH, or `nil`.
    public static func find(_ name: String) -> String? {
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

    public func apply(to state: inout PipelineState) throws {
        var input: [UInt8] = []
        for located in state.items { try encoder.encodeItem(located.item, options: EncodingOptions(), into: &input) }
        let result = try run(input)
        guard result.status == 0 else {
            let messages = String(decoding: result.stderr, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw AlmanacError(
                .externalVerbFailed,
                message: "the external verb almanac-\(name) failed with status \(result.status)" + (messages.isEmpty ? "" : ":\n\(messages)")
            )
        }
        var items: [LocatedItem] = []
        var source = MemorySource(result.stdout)
        do {
            state.warnings += try decoder.decodeItems(from: &source, sourceName: "almanac-\(name)") { item, _ in
                items.append(LocatedItem(item, source: "almanac-\(name)"))
            }.diagnostics
        } catch let error as any CodecError {
            throw AlmanacError(.externalVerbFailed, message: "the external verb almanac-\(name) returned bad NDJSON: \(error)")
        }
        state.items = items
    }

    /// Runs the program with `input` on its standard input (inheriting this process's
    /// environment and folder) and collects its outputs.
    private func run(_ input: [UInt8]) throws -> (status: Int32, stdout: [UInt8], stderr: [UInt8]) {
        let outcome: ChildProcess.Outcome
        do {
            outcome = try ChildProcess.run(program, arguments, input: input)
        } catch {
            throw AlmanacError(.externalVerbFailed, message: "cannot run the external verb \(program): \(error.reason)")
        }
        return (outcome.termination.status, outcome.stdout, outcome.stderr)
    }
}
