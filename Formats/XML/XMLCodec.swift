import AlmanacCore
import AlmanacLibXML

/// almanac XML (`xml`, `.xml`): `<almanac version="1">` holding `<recipe>` and `<event>`
/// elements in the namespace `https://almanac.invalid/xml/1`, read with libxml2's
/// streaming reader and checked by `Formats/XML/almanac.xsd`. See `Formats/XML/README.md`.
public struct XMLCodec: FormatCodec, DocumentStreamEncoding {
    public let options: XMLDecodingOptions

    public init(options: XMLDecodingOptions = XMLDecodingOptions()) {
        self.options = options
    }

    public var format: FormatDescriptor {
        FormatDescriptor(
            name: "xml", extensions: ["xml"],
            summary: "almanac XML document (schema: Formats/XML/almanac.xsd)",
            reads: Set(ItemKind.allCases), writes: Set(ItemKind.allCases)
        )
    }

    public func decode(_ bytes: [UInt8], source: String, limits: ReaderLimits) throws -> DecodeResult {
        let options = self.options.applying(limits)
        do {
            return try bytes.withUnsafeBufferPointer { buffer in
                try XMLTextReader.reading(buffer, maximumDepth: options.maximumDepth) { cursor in
                    let reader = XMLModelReader(cursor: cursor, source: source)
                    let document = try reader.document()
                    return DecodeResult(document: document, diagnostics: reader.diagnostics, origins: reader.origins)
                }
            }
        } catch let error as XMLReadError {
            throw XMLDecodingError(error)
        }
    }

    /// Writes the document as its items come (``XMLDocumentWriter``).
    public func documentWriter(options: EncodingOptions) throws -> any DocumentStreamWriter {
        XMLDocumentWriter(pretty: !options.compact)
    }
}
