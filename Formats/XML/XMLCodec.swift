import AlmanacCore
import AlmanacLibXML

/// almanac XML (`xml`, `.xml`): `<almanac version="1">` holding `<recipe>` and `<event>`
/// elements in the namespace `https://almanac.invalid/xml/1`, read with libxml2's
/// SAX push parser (`XMLPushReader`) and checked by `Formats/XML/almanac.xsd`. Reads as a stream too
/// (``decodeItems(from:sourceName:limits:body:)``). See `Formats/XML/README.md`.
public struct XMLCodec: ItemStreamDecoding, DocumentStreamEncoding {
    public let options: XMLDecodingOptions

    public init(options: XMLDecodingOptions = XMLDecodingOptions()) {
        self.options = options
    }

    /// Made once: the pipeline asks for it per item.
    private static let descriptor = FormatDescriptor(
        name: "xml", extensions: ["xml"],
        summary: "almanac XML document (schema: Formats/XML/almanac.xsd)",
        reads: Set(ItemKind.allCases), writes: Set(ItemKind.allCases)
    )

    public var format: FormatDescriptor { Self.descriptor }

    public func decode(_ bytes: [UInt8], source: String, limits: ReaderLimits) throws -> DecodeResult {
        try bytes.withUnsafeBufferPointer { buffer in
            try reading(buffer, source: source, limits: limits) { reader in
                let document = try reader.document()
                return DecodeResult(document: document, diagnostics: reader.diagnostics, origins: reader.origins)
            }
        }
    }

    /// Reads the items one at a time, each passed on as soon as its element ends, so that
    /// only the input's bytes and the item at hand are held (libxml2's push parser builds no
    /// tree; its events are kept only until the model reader has walked them). Items come in document order, recipes and events as they stand.
    public func decodeItems(from source: inout some ByteSource, sourceName: String, limits: ReaderLimits, body: (Item, SourcePosition?) throws -> Void) throws -> StreamEnd {
        try XMLInput.withBytes(of: &source) { bytes in
            try reading(bytes, source: sourceName, limits: limits) { reader in
                let extras = try reader.read { item, position in try body(item, position) }
                return StreamEnd(diagnostics: reader.diagnostics, documentExtras: extras)
            }
        }
    }

    /// Runs `body` with a model reader over `bytes`; what the XML kit's reader refuses is thrown as ``XMLDecodingError/read(_:)``.
    private func reading<Result>(_ bytes: UnsafeBufferPointer<UInt8>, source: String, limits: ReaderLimits, _ body: (XMLModelReader) throws -> Result) throws -> Result {
        let options = self.options.applying(limits)
        do {
            return try XMLPushReader.reading(bytes, maximumDepth: options.maximumDepth) { cursor in
                try body(XMLModelReader(cursor: cursor, source: source))
            }
        } catch let error as XMLReadError {
            throw XMLDecodingError.read(error)
        }
    }

    /// Writes the document as its items come (``XMLDocumentWriter``).
    public func documentWriter(options: EncodingOptions) throws -> any DocumentStreamWriter {
        XMLDocumentWriter(pretty: !options.compact)
    }
}
