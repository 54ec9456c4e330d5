import AlmanacCore

/// `almanac convert`: read inputs in any format, merge them, write one output.
struct ConvertCommand: Command {
    let name = "convert"
    let abstract = "Convert recipes and events from one format to another."
    let usage = "almanac convert [<input> ...] [-f <format>] [-t <format>] [-o <file> | -d <folder>] [<options>]"
    let discussion = """
        Reads every input (standard input when none is given), merges them into one
        document and writes it in the output format. The input format comes from each
        file's extension unless -f is given; the output format from -t, or else from the
        extension of -o. Every argument is checked before standard input is read.

        An output file is written whole or not at all: almanac writes a temporary file
        beside it and renames it into place only when the whole run has succeeded, so a
        failed run leaves an existing file as it was. With -d, the folder is created when
        missing and its files are all written, or none (the format defaults to the first
        one that can write a folder, markdown).

        EXIT STATUS: 0 success; 64 usage error; 65 malformed input; 66 input missing or
        unreadable; 73 output cannot be created; 74 other I/O error.
        """
    let arguments = [(name: "<input>", help: "Files to read, or - for standard input.")]
    let options = [
        ArgumentScanner.Option(names: ["-f", "--from"], valueName: "<format>", help: "Input format (needed for standard input)."),
        ArgumentScanner.Option(names: ["-t", "--to"], valueName: "<format>", help: "Output format (default: from -o's extension)."),
        ArgumentScanner.Option(names: ["-o", "--output"], valueName: "<file>", help: "Write to this file instead of standard output."),
        ArgumentScanner.Option(names: ["-d", "--split"], valueName: "<folder>", help: "Write one file per item (and an index) into this folder."),
        ArgumentScanner.Option(names: ["--compact"], valueName: nil, help: "Write as compactly as the format allows."),
    ]

    /// The options of every registered writer, as `--NAME [VALUE]`.
    func formatOptions(_ registry: FormatRegistry) -> [ArgumentScanner.Option] {
        var seen: Set<String> = []
        var options: [ArgumentScanner.Option] = []
        for codec in registry.codecs {
            for option in codec.format.writeOptions where seen.insert(option.name).inserted {
                options.append(ArgumentScanner.Option(names: ["--\(option.name)"], valueName: option.valueName, help: "\(option.help) (\(codec.format.name))"))
            }
        }
        return options
    }

    func run(_ arguments: ArgumentScanner.Result, context: CommandContext) throws -> ExitStatus {
        let plan = try ConvertPlan(arguments, registry: context.registry)
        for case let path? in plan.inputs.map(\.path) { try FileIO.checkReadable(path) }
        if let folder = plan.splitFolder {
            return try SplitOutput(folder: folder).convert(plan, context: context) { try readWhole(plan, context: context) }
        }
        let output = try plan.outputPath.map { try AtomicFileWriter(path: $0) }
        do {
            let status = plan.isStreamable
                ? try stream(plan, to: output, context: context)
                : try convertWhole(plan, to: output, context: context)
            guard status == .success else {
                output?.abort()
                return status
            }
            try output?.commit()
            return .success
        } catch {
            output?.abort()
            throw error
        }
    }

    /// Reads every input whole, merges, and writes the document.
    private func convertWhole(_ plan: ConvertPlan, to output: AtomicFileWriter?, context: CommandContext) throws -> ExitStatus {
        guard let document = try readWhole(plan, context: context) else { return .dataError }
        let result: EncodeResult
        do {
            result = try plan.outputCodec.encode(document, options: plan.encodingOptions)
        } catch let error as any CodecError {
            context.diagnostics.print(error.diagnostic(source: plan.outputPath ?? "<stdout>"))
            return .dataError
        }
        for diagnostic in result.diagnostics { context.diagnostics.print(diagnostic) }
        if let output { try output.write(result.bytes) } else { try context.console.write(result.bytes) }
        return .success
    }

    /// Reads and merges every input, and checks the output format can hold what they hold.
    /// Returns `nil` after printing the error when an input is malformed or cannot be written.
    private func readWhole(_ plan: ConvertPlan, context: CommandContext) throws -> AlmanacDocument? {
        var document = AlmanacDocument()
        for input in plan.inputs {
            var bytes: [UInt8]
            if let path = input.path {
                bytes = try FileIO.readAll(path)
            } else {
                var stdin = FileIO.standardInput
                bytes = try FileIO.readAll(from: &stdin)
            }
            do {
                let result = try input.codec.decode(bytes, source: input.name)
                for diagnostic in result.diagnostics { context.diagnostics.print(diagnostic, sourceBytes: bytes) }
                document.merge(result.document)
            } catch let error as any CodecError {
                context.diagnostics.print(error.diagnostic(source: input.name), sourceBytes: bytes)
                return nil
            }
        }
        if let refusal = unwritableKinds(in: document.items.map(\.kind), codec: plan.outputCodec) {
            context.console.error("error: \(refusal)")
            return nil
        }
        return document
    }

    /// Passes items from item-wise readers to an item-wise writer one at a time.
    private func stream(_ plan: ConvertPlan, to output: AtomicFileWriter?, context: CommandContext) throws -> ExitStatus {
        let encoder = plan.outputCodec as! any ItemStreamEncoding
        var pending: [UInt8] = []
        pending.reserveCapacity(1 << 17)
        func flush() throws {
            if let output { try output.write(pending) } else { try context.console.write(pending) }
            pending.removeAll(keepingCapacity: true)
        }
        for input in plan.inputs {
            let decoder = input.codec as! any ItemStreamDecoding
            var source = try input.path.map(FileIO.openForReading) ?? FileIO.standardInput
            defer { source.close() }
            do {
                let diagnostics = try decoder.decodeItems(from: &source, sourceName: input.name) { item in
                    if let refusal = unwritableKinds(in: [item.kind], codec: encoder) { throw StreamRefusal(message: refusal) }
                    try encoder.encodeItem(item, options: plan.encodingOptions, into: &pending)
                    if pending.count >= 1 << 16 { try flush() }
                    if context.console.outputClosed && output == nil { throw OutputClosed() }
                }
                for diagnostic in diagnostics { context.diagnostics.print(diagnostic) }
            } catch let error as any CodecError {
                context.diagnostics.print(error.diagnostic(source: input.name))
                return .dataError
            } catch let refusal as StreamRefusal {
                context.console.error("error: \(refusal.message)")
                return .dataError
            } catch is OutputClosed {
                return .success
            }
        }
        try flush()
        return .success
    }

    /// A message when the output format cannot hold some of these kinds, else `nil`.
    private func unwritableKinds(in kinds: [ItemKind], codec: any FormatCodec) -> String? {
        let missing = Set(kinds).subtracting(codec.format.writes)
        guard !missing.isEmpty else { return nil }
        let names = missing.sorted().map(\.plural).joined(separator: " and ")
        return "the \(codec.format.name) format cannot hold \(names); nothing was written"
    }

    private struct StreamRefusal: Error { var message: String }
    private struct OutputClosed: Error {}
}
