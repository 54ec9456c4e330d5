import AlmanacCore
import AlmanacJSONKit

/// The canonical almanac document as JSON (`json`, `.json`):
/// `{"almanac": 1, "recipes": [...], "events": [...]}`. A bare array of items
/// (`[{...}, {...}]`, as `jq '.events'` prints) reads too, each item's kind decided as
/// ``ReaderLimits/defaultKind`` describes. Reads as a stream too (``decodeItems(from:sourceName:limits:body:)``).
/// See `Formats/JSON/README.md`.
public struct JSONCodec: ItemStreamDecoding, DocumentStreamEncoding {
    public let options: JSONDecodingOptions

    public init(options: JSONDecodingOptions = JSONDecodingOptions()) {
        self.options = options
    }

    public var format: FormatDescriptor {
        FormatDescriptor(
            name: "json", extensions: ["json"],
            summary: "almanac JSON document (canonical, lossless)",
            reads: Set(ItemKind.allCases), writes: Set(ItemKind.allCases)
        )
    }

    /// Reads the document (or bare array of items) as ``decodeItems(from:sourceName:limits:body:)``
    /// reads it, with the bytes in memory as one chunk.
    public func decode(_ bytes: [UInt8], source: String, limits: ReaderLimits) throws -> DecodeResult {
        var memory = MemorySource(bytes)
        var document = AlmanacDocument()
        var origins = ItemOrigins()
        let end = try decodeItems(from: &memory, sourceName: source, limits: limits, chunkSize: max(bytes.count, 1)) { item, position in
            document.append(item)
            switch item.kind {
            case .recipe: origins.recipes.append(position)
            case .event: origins.events.append(position)
            }
        }
        document.extras = end.documentExtras
        return DecodeResult(document: document, diagnostics: end.diagnostics, origins: origins)
    }

    /// Reads the document (or bare array of items) from `source` in chunks and passes each
    /// item on as soon as its closing brace has been read, so memory holds one item, however
    /// long the input: the same items, positions, warnings, extras and errors as
    /// ``decode(_:source:limits:)``, in the order of the input (``JSONStreamReader``).
    public func decodeItems(from source: inout some ByteSource, sourceName: String, limits: ReaderLimits, body: (Item, SourcePosition?) throws -> Void) throws -> StreamEnd {
        try decodeItems(from: &source, sourceName: sourceName, limits: limits, chunkSize: 64 * 1024, body: body)
    }

    /// ``decodeItems(from:sourceName:limits:body:)`` reading `chunkSize` bytes at a time.
    package func decodeItems(from source: inout some ByteSource, sourceName: String, limits: ReaderLimits, chunkSize: Int, body: (Item, SourcePosition?) throws -> Void) throws -> StreamEnd {
        // The reader reads a concrete source, so that it is specialized here, whatever calls
        // (a generic reader unspecialized copies and destroys each item through witnesses).
        var reader = JSONStreamReader(ErasedByteSource(source), source: sourceName, options: options.applying(limits), defaultKind: limits.defaultKind, chunkSize: chunkSize)
        let extras = try reader.read { item, position in try body(item, position) }
        return StreamEnd(diagnostics: reader.diagnostics, documentExtras: extras)
    }

    /// Writes the document as its items come (``JSONDocumentWriter``).
    public func documentWriter(options: EncodingOptions) throws -> any DocumentStreamWriter {
        JSONDocumentWriter(pretty: !options.compact)
    }
}

/// A ``ByteSource`` of any type behind one concrete type, so that the stream reader over it
/// is compiled for it once (one call through the existential per chunk read).
struct ErasedByteSource: ByteSource {
    var base: any ByteSource

    init(_ base: some ByteSource) {
        self.base = base
    }

    mutating func read(into buffer: inout [UInt8], maximum: Int) throws -> Int {
        try base.read(into: &buffer, maximum: maximum)
    }

    mutating func remainingByteCount() -> Int? {
        base.remainingByteCount()
    }
}
