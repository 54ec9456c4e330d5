import AlmanacCore

extension Conversion {
    /// How many items the readers hand over at a time.
    static let handoffBatch = 256

    /// Passes items from item-wise readers to a streaming writer one at a time: this thread
    /// reads, and a ``StreamConsumer`` on a second one validates each item as it comes and
    /// writes it, so reading and writing overlap. An item-wise writer (ndjson) writes each
    /// item at once; a document writer writes it as it comes or keeps it until the document
    /// is written at the end (see ``StreamSink``). Findings are reported in the order one
    /// thread gives; on an error the run stops, the error of the earliest item winning.
    func stream(into output: Output, sink: StreamSink, report: DiagnosticHandler) throws {
        try withoutActuallyEscaping(report) { report in
            let consumer = StreamConsumer(codec: codec, inputNames: inputs.map(\.name), sink: sink, validator: validator, output: output, report: report)
            defer { consumer.drop() }
            let handoff = ItemHandoff<[StreamConsumer.Entry]>()
            consumer.start(taking: handoff)
            // The inputs' document-level extras, merged as whole reads merge them (the first wins).
            var extras = Extras()
            var failure: (any Error)?
            for (index, input) in inputs.enumerated() {
                do {
                    extras.entries.merge(try read(input, index: index, into: handoff).entries) { mine, _ in mine }
                } catch is ItemHandoff<[StreamConsumer.Entry]>.Stopped {
                    break
                } catch let error as any CodecError {
                    failure = AlmanacError(error, source: input.name)
                    break
                } catch let long as LineTooLong {
                    failure = limits.exceeded(long, name: input.name)
                    break
                } catch {
                    failure = error
                    break
                }
            }
            handoff.close()
            consumer.wait()
            // The consumer's error is about an item read before the reader's.
            if let stopped = consumer.failure {
                if stopped is Closed { return }
                throw stopped
            }
            if let failure { throw failure }
            try consumer.finish(extras: extras)
        }
    }

    /// Reads `input` item by item into `handoff`, in batches, then its end; returns its
    /// document-level extras.
    private func read(_ input: ConversionInput, index: Int, into handoff: ItemHandoff<[StreamConsumer.Entry]>) throws -> Extras {
        guard let decoder = input.codec.itemStreamDecoder else { preconditionFailure("isStreamable checked every input") }
        let file = try input.path.map(FileIO.openForReading) ?? FileIO.standardInput
        defer { file.close() }
        var batch: [StreamConsumer.Entry] = []
        func handOver() throws {
            guard !batch.isEmpty else { return }
            try handoff.put(batch)
            batch = []
            batch.reserveCapacity(Self.handoffBatch)
        }
        batch.reserveCapacity(Self.handoffBatch)
        // What was read goes over before the next read, which may wait for a pipe.
        let sized = FlushingSource(SizeLimitedSource(file, maximum: limits.maximumStreamedBytes, refusal: limits.tooLarge(input.name)), beforeRead: handOver)
        var source = LineLimitedSource(sized, maximum: limits.maximumLineLength, structure: decoder.format.lines)
        let end = try decoder.decodeItems(from: &source, sourceName: input.name, limits: limits.reader) { item, position in
            batch.append(.item(item, position, input: index))
            if batch.count == Self.handoffBatch { try handOver() }
        }
        batch.append(.end(diagnostics: end.diagnostics))
        try handOver()
        return end.documentExtras
    }
}
