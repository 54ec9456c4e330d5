import AlmanacCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Streaming: items from item-wise readers to a streaming writer, one at a time.
extension Conversion {
    /// Passes items from item-wise readers to a streaming writer one at a time, validating
    /// each as it comes (``StreamValidator``: `unique-ids` by hashes of the ids). An item-wise
    /// writer (ndjson) writes each item at once; a document writer gets each item encoded and
    /// kept (spilled to a temporary file past a few megabytes) until the document is written
    /// at the end. On an error the run stops.
    func stream(into output: Output, sink: StreamSink, report: DiagnosticHandler) throws {
        var sink = sink
        var itemValidator = validator.map(StreamValidator.init)
        var kinds = StreamPass(codec: codec)
        // The inputs' document-level extras, merged as whole reads merge them (the first wins).
        var extras = Extras()
        for input in inputs {
            guard let decoder = input.codec.itemStreamDecoder else { preconditionFailure("isStreamable checked every input") }
            let file = try input.path.map(FileIO.openForReading) ?? FileIO.standardInput
            defer { file.close() }
            let sized = SizeLimitedSource(file, maximum: limits.maximumStreamedBytes, refusal: limits.tooLarge(input.name))
            var source = LineLimitedSource(sized, maximum: limits.maximumLineLength, structure: decoder.format.lines)
            do {
                let end: StreamEnd
                if let parted = partedDecoder(for: input, output: output, sink: sink),
                   let parts = try parted.parts(of: &source, sourceName: input.name, limits: limits.reader, partSize: concurrency.partSize) {
                    // One long file into a file: its parts on all cores at once, when it can be cut.
                    if parts.count == 1 {
                        end = try Self.readWhole(parts, from: &source) { item, position in
                            try kinds.check(item)
                            try StreamPass.validate(item, at: position, source: input.name, with: &itemValidator, report: report)
                            try sink.take(item, output: output.write).forEach { report($0, .quoting()) }
                        }
                    } else {
                        end = try streamInParts(parts, input: input, file: file, into: output, sink: &sink, validator: &itemValidator, report: report)
                    }
                } else {
                    end = try decoder.decodeItems(from: &source, sourceName: input.name, limits: limits.reader) { item, position in
                        try kinds.check(item)
                        try StreamPass.validate(item, at: position, source: input.name, with: &itemValidator, report: report)
                        try sink.take(item, output: output.write).forEach { report($0, .quoting()) }
                        if output.isClosed { throw Closed() }
                    }
                }
                end.diagnostics.forEach { report($0, .quoting()) }
                extras.entries.merge(end.documentExtras.entries) { mine, _ in mine }
            } catch let error as any CodecError {
                throw AlmanacError(error, source: input.name)
            } catch let long as LineTooLong {
                throw limits.exceeded(long, name: input.name)
            } catch is Closed {
                return
            }
        }
        try kinds.checkRecipesNamed()
        do {
            try sink.finish(extras: extras, output.write).forEach { report($0, .quoting()) }
        } catch let error as any CodecError {
            throw AlmanacError(error, source: output.name)
        }
    }

    /// The reader of the output went away: the run ends, successfully.
    struct Closed: Error {}

    /// The sink of a streamed conversion's writer (``isStreamable`` checked it has one).
    func streamSink(direct: Bool, output: Output) throws -> StreamSink {
        guard let sink = try sink(direct: direct, output: output) else { preconditionFailure("isStreamable checked the writer") }
        return sink
    }

    /// The sink of the output's writer, `nil` when it can stream neither way.
    func sink(direct: Bool, output: Output, options: EncodingOptions? = nil) throws -> StreamSink? {
        do {
            return try StreamSink(codec, options: options ?? self.options, direct: direct)
        } catch let error as any CodecError {
            throw AlmanacError(error, source: output.name)
        }
    }

    /// Whether `path` names a regular file, which reads the same twice.
    static func isRegularFile(_ path: String?) -> Bool {
        guard let path else { return false }
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }
}
