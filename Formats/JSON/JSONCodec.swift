import AlmanacCore

/// The canonical almanac document as JSON (`json`, `.json`):
/// `{"almanac": 1, "recipes": [...], "events": [...]}`. A bare array of items
/// (`[{...}, {...}]`, as `jq '.events'` prints) reads too, each item's kind decided as
/// ``ReaderLimits/defaultKind`` describes. See `Formats/JSON/README.md`.
public struct JSONCodec: FormatCodec, DocumentStreamEncoding {
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

    public func decode(_ bytes: [UInt8], source: String, limits: ReaderLimits) throws -> DecodeResult {
        let options = self.options.applying(limits)
        return try bytes.withUnsafeBufferPointer { buffer in
            let sourceMap = JSONSourceMap(bytes: buffer)
            var parser = JSONReader(sourceMap, options: options)
            let root = try parser.parseDocument()
            var reader = JSONModelReader(sourceMap: sourceMap, source: source)
            let document = root.type == .array
                ? try reader.items(root, defaultKind: limits.defaultKind)
                : try reader.document(root)
            return DecodeResult(document: document, diagnostics: reader.diagnostics, origins: reader.origins)
        }
    }

    /// Writes the document as its items come (``JSONDocumentWriter``).
    public func documentWriter(options: EncodingOptions) throws -> any DocumentStreamWriter {
        JSONDocumentWriter(pretty: !options.compact)
    }
}
