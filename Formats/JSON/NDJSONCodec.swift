import AlmanacCore
import AlmanacJSONKit

/// One item per line (`ndjson`, `.ndjson` and `.jsonl`): `{"kind":"recipe",…}` or
/// `{"kind":"event",…}`. Reads and writes item by item, so memory stays flat
/// however long the input. Blank lines are skipped. A line without `kind` gets its kind
/// from its fields or ``ReaderLimits/defaultKind``.
public struct NDJSONCodec: ItemStreamDecoding, ItemStreamEncoding {
    public let options: JSONDecodingOptions

    public init(options: JSONDecodingOptions = JSONDecodingOptions()) {
        self.options = options
    }

    public var format: FormatDescriptor {
        FormatDescriptor(
            name: "ndjson", aliases: ["jsonl"], extensions: ["ndjson", "jsonl"],
            summary: "one almanac item per line, streamed",
            reads: Set(ItemKind.allCases), writes: Set(ItemKind.allCases),
            lines: .plain
        )
    }

    public func decode(_ bytes: [UInt8], source: String, limits: ReaderLimits) throws -> DecodeResult {
        var document = AlmanacDocument()
        var memory = MemorySource(bytes)
        var origins = ItemOrigins()
        let end = try decodeItems(from: &memory, sourceName: source, limits: limits) { item, position in
            document.append(item)
            switch item.kind {
            case .recipe: origins.recipes.append(position)
            case .event: origins.events.append(position)
            }
        }
        return DecodeResult(document: document, diagnostics: end.diagnostics, origins: origins)
    }

    /// Reads each line straight into the model in one pass over its bytes
    /// (``JSONModelReader/wholeItem(path:item:defaultKind:guess:)``), read first as the kind
    /// of the line before (when it does not say its kind first).
    public func decodeItems(from source: inout some ByteSource, sourceName: String, limits: ReaderLimits, body: (Item, SourcePosition?) throws -> Void) throws -> StreamEnd {
        let options = self.options.applying(limits)
        var lines = LineReader(source)
        var diagnostics: [Diagnostic] = []
        var guess = limits.defaultKind ?? .event
        while try lines.nextLine({ line, number, offset in
            guard line.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) else { return }
            let item = try line.withUnsafeBufferPointer { buffer in
                let sourceMap = JSONSourceMap(bytes: buffer, lineBase: number, offsetBase: offset)
                var reader = JSONModelReader(sourceMap: sourceMap, source: sourceName, maximumDepth: options.maximumDepth)
                let item = try reader.wholeItem(path: .line(number), item: "the item on line \(number)", defaultKind: limits.defaultKind, guess: guess)
                if !reader.diagnostics.isEmpty { diagnostics += reader.diagnostics }
                return item
            }
            guess = item.kind
            try body(item, SourcePosition(offset: offset, line: number, column: 1))
        }) {}
        return StreamEnd(diagnostics: diagnostics)
    }

    public func encode(_ document: AlmanacDocument, options: EncodingOptions) throws -> EncodeResult {
        var bytes: [UInt8] = []
        for item in document.items { try encodeItem(item, options: options, into: &bytes) }
        return EncodeResult(bytes: bytes)
    }

    public func encodeItem(_ item: Item, options: EncodingOptions, into bytes: inout [UInt8]) throws {
        JSONWriter.append(to: &bytes, pretty: false) { JSONModelWriter.write(item, kind: true, to: &$0) }
        bytes.append(UInt8(ascii: "\n"))
    }

    /// The occurrences of `base` written from its line, encoded once (``NDJSONOccurrenceEncoder``).
    public func occurrenceEncoder(for base: Event, options: EncodingOptions) -> (any OccurrenceEncoding)? {
        NDJSONOccurrenceEncoder(base: base)
    }
}
