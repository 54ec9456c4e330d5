import AlmanacCore
import Foundation

/// Streaming one long regular file in parts read on all cores at once
/// (``PartedItemStreamDecoding``): each part is read, validated and written to bytes of its
/// own on whichever thread is free, and the parts are joined in input order, so that the
/// output and the warnings are those of a read from start to end.
extension Conversion {
    /// How a streamed conversion of one long file into a file reads it: in parts of about
    /// ``partSize`` bytes, ``threads`` at once.
    public struct Concurrency: Sendable, Hashable {
        /// Threads reading parts at once, the calling one included; 1 reads the input from
        /// start to end on the calling thread. By default, one per core, at most four.
        public var threads: Int
        /// About how many bytes of input a part holds.
        public var partSize: Int
        /// How many parts may be read while one is being written (each holds its output
        /// bytes until it is written): by default as many as there are threads, at least 2.
        public var window: Int

        public init(threads: Int = min(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 4), partSize: Int = 1 << 18, window: Int? = nil) {
            self.threads = max(threads, 1)
            self.partSize = max(partSize, 1)
            self.window = max(window ?? max(threads, 2), 1)
        }
    }

    /// The reader that can read `input` in parts, when this conversion may: it has that one
    /// input, a regular file, and writes a file (which appears only whole, so a run that
    /// stops leaves nothing) with a writer that takes parts (``StreamSink/takesParts``) and
    /// every kind of item the input holds.
    func partedDecoder(for input: ConversionInput, output: Output, sink: StreamSink) -> (any PartedItemStreamDecoding)? {
        guard concurrency.threads > 1, inputs.count == 1, output.file != nil, sink.takesParts,
              let decoder = input.codec.partedItemStreamDecoder, Self.isRegularFile(input.path),
              Set(input.codec.format.reads).isSubset(of: codec.format.writes) else { return nil }
        return decoder
    }

    /// Reads the one part of an input that could not be cut, as one read.
    static func readWhole<Parts: ItemParts>(_ parts: Parts, from source: inout some RereadableByteSource, body: (Item, SourcePosition?) throws -> Void) throws -> StreamEnd {
        let end = try parts.decodeItems(part: 0, from: &source, body: body)
        return try parts.end(of: [end])
    }

    /// Reads the parts of `input` on ``concurrency``'s threads and joins them into `sink`
    /// in order. A part is validated on its own; when one of its ids is one an earlier
    /// part has, it is read again after them with `validator`, which has seen theirs, so
    /// that `unique-ids` names the same items as a read from start to end.
    /// The parts read `file`, the input's descriptor, each at its own place.
    func streamInParts<Parts: ItemParts>(_ parts: Parts, input: ConversionInput, file: FileDescriptorSource, into output: Output, sink: inout StreamSink, validator: inout StreamValidator?, report: DiagnosticHandler) throws -> StreamEnd {
        let descriptor = file.descriptor
        let name = input.name, codec = codec, options = options, rules = self.validator
        // The parts' output buffers go round: memory once touched is written again.
        let buffers = BufferPool()
        // Room for a part's output made at once, not by doubling (what a part writes is
        // about as long as what it reads, in the formats that take parts).
        let room = max(concurrency.partSize, 1) + max(concurrency.partSize, 1) / 4
        let runner = PartRunner(count: parts.count, window: concurrency.window) { index in
            Self.readPart(index, of: parts, descriptor: descriptor, name: name, codec: codec, options: options, validator: rules.map(StreamValidator.init), buffer: buffers.take(reserving: room))
        }
        var ends: [Parts.PartEnd] = []
        ends.reserveCapacity(parts.count)
        try runner.run(threads: concurrency.threads) { index, read in
            var outcome = read
            if let earlier = validator, let seen = outcome.validator {
                if seen.sharesIdentity(with: earlier) {
                    outcome = Self.readPart(index, of: parts, descriptor: descriptor, name: name, codec: codec, options: options, validator: earlier, buffer: [])
                    validator = outcome.validator
                } else {
                    validator!.takeIdentities(of: seen)
                }
            }
            outcome.diagnostics.forEach { report($0.diagnostic, $0.display) }
            if let error = outcome.error { throw error }
            let bytes = outcome.part.bytes
            outcome.part.bytes = []
            try sink.join(StreamSink.Part(bytes: bytes, first: outcome.part.first, last: outcome.part.last), output: output.write)
            buffers.give(consume bytes)
            if let end = outcome.end { ends.append(end) }
        }
        return try parts.end(of: ends)
    }

    /// What reading one part gave: its bytes, what was found in order, its validator (with
    /// the identities of its items), its end, or the error that stopped it.
    struct PartOutcome<End: Sendable>: Sendable {
        var part = StreamSink.Part(bytes: [], first: nil, last: nil)
        var diagnostics: [(diagnostic: Diagnostic, display: DiagnosticDisplay)] = []
        var validator: StreamValidator?
        var end: End?
        var error: (any Error)?
    }

    /// Reads part `index` from the file open as `descriptor`, validating each item with
    /// `validator` and writing it with a sink of its own; on any thread.
    static func readPart<Parts: ItemParts>(_ index: Int, of parts: Parts, descriptor: Int32, name: String, codec: any FormatCodec, options: EncodingOptions, validator start: StreamValidator?, buffer: [UInt8]) -> PartOutcome<Parts.PartEnd> {
        var validator = start
        var found: [(diagnostic: Diagnostic, display: DiagnosticDisplay)] = []
        var outcome = PartOutcome<Parts.PartEnd>()
        do {
            var source = PositionedFileSource(descriptor: descriptor, name: name)
            guard var sink = try StreamSink(codec, options: options, part: true, buffer: buffer) else { preconditionFailure("partedDecoder(for:output:sink:) checked the writer") }
            let end = try parts.decodeItems(part: index, from: &source) { item, position in
                try StreamPass.validate(item, at: position, source: name, with: &validator) { found.append(($0, $1)) }
                // A part's sink keeps its bytes: nothing goes out from here.
                try sink.take(item, output: { _ in }).forEach { found.append(($0, .quoting())) }
            }
            outcome.end = end
            outcome.part = sink.takePart()
        } catch {
            outcome.error = error
        }
        outcome.validator = validator
        outcome.diagnostics = found
        return outcome
    }
}

/// Byte buffers handed back and forth between threads, each keeping its room.
private final class BufferPool: @unchecked Sendable {
    // Unchecked: `buffers` is read and written only with `lock` held.
    private let lock = NSLock()
    private var buffers: [[UInt8]] = []

    /// A buffer given back earlier, or a new empty one with room for `count` bytes.
    func take(reserving count: Int) -> [UInt8] {
        lock.lock()
        let kept = buffers.popLast()
        lock.unlock()
        if let kept { return kept }
        var fresh: [UInt8] = []
        fresh.reserveCapacity(count)
        return fresh
    }

    /// Keeps `buffer` (emptied, its room kept) for a later ``take(reserving:)``.
    func give(_ buffer: consuming [UInt8]) {
        var buffer = buffer
        buffer.removeAll(keepingCapacity: true)
        lock.lock()
        buffers.append(buffer)
        lock.unlock()
    }
}
