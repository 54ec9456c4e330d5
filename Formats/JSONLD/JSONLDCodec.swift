import AlmanacCore
import AlmanacJSONKit

/// schema.org Recipe as JSON-LD (`jsonld`, `.jsonld`), as recipe sites publish it and
/// Google's recipe rich results read it. Reads a Recipe at the top level, in a list or
/// in `@graph` (with `@type` a text or a list); writes one object per recipe. See
/// `Formats/JSONLD/README.md` for the mapping.
///
/// Input that is not JSON, holds no Recipe, or gives a Recipe property a value of the
/// wrong type throws ``JSONLDDecodingError`` with its line and column.
public struct JSONLDCodec: FormatCodec {
    /// The name under which recipes keep what JSON-LD said that the model has no field for.
    public static let extrasKey = "jsonld"

    public init() {}

    public var format: FormatDescriptor {
        FormatDescriptor(
            name: "jsonld", extensions: ["jsonld"],
            summary: "schema.org Recipe JSON-LD, as recipe sites publish it",
            reads: [.recipe], writes: [.recipe]
        )
    }

    public func decode(_ bytes: [UInt8], source: String, limits: ReaderLimits) throws -> DecodeResult {
        var collector = RecipeCollector(fileBytes: bytes, sourceName: source, maximumDepth: limits.depth(default: JSONReader.defaultMaximumDepth))
        try collector.read(JSONLDSource(fileBytes: bytes, base: 0), text: bytes[...])
        guard !collector.recipes.isEmpty else {
            throw JSONLDDecodingError.noRecipe(at: collector.rootPosition ?? SourcePosition(offset: 0, in: bytes))
        }
        return collector.result
    }

    public func encode(_ document: AlmanacDocument, options: EncodingOptions) throws -> EncodeResult {
        guard document.events.isEmpty else { throw JSONLDEncodingError.eventsNotSupported(count: document.events.count) }
        var writer = RecipeWriter()
        let objects = document.recipes.map { writer.json($0) }
        var output = JSONWriter(pretty: !options.compact)
        output.opaque(objects.count == 1 ? objects[0] : .array(objects))
        output.byte(0x0A)
        return EncodeResult(bytes: output.bytes, diagnostics: writer.diagnostics)
    }

    /// One recipe's JSON-LD object on one line, with `@context`, as a page embeds it, and
    /// the warnings about what it left out. A site writer gets it from here (see
    /// `AlmanacFormats`), so that the Markdown module needs no JSON-LD of its own.
    public static func structuredData(_ recipe: Recipe) -> (text: String, diagnostics: [Diagnostic]) {
        var writer = RecipeWriter()
        var output = JSONWriter(pretty: false)
        output.opaque(writer.json(recipe))
        return (String(decoding: output.bytes, as: UTF8.self), writer.diagnostics)
    }
}
