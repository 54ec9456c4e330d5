import AlmanacCore
import AlmanacJSONValue

/// Saved web pages (`html`, `.html`, `.htm`), read only: the schema.org Recipes in the
/// page's `<script type="application/ld+json">` blocks, read as ``JSONLDCodec`` reads
/// them. A page without such a block, or whose blocks hold no Recipe, is an error.
public struct HTMLRecipeCodec: FormatCodec {
    public init() {}

    public var format: FormatDescriptor {
        FormatDescriptor(
            name: "html", extensions: ["html", "htm"],
            summary: "saved web page: the schema.org Recipe JSON-LD in it (reads only)",
            reads: [.recipe], writes: []
        )
    }

    public func decode(_ bytes: [UInt8], source: String, limits: ReaderLimits) throws -> DecodeResult {
        let blocks = try HTMLScriptExtractor.blocks(in: bytes)
        guard !blocks.isEmpty else { throw JSONLDDecodingError.noStructuredData(at: SourcePosition(offset: 0, in: bytes)) }
        var collector = RecipeCollector(fileBytes: bytes, sourceName: source, maximumDepth: limits.depth(default: JSONReader.defaultMaximumDepth))
        var firstError: JSONLDDecodingError?
        let locator = SourceLocator(bytes)
        for block in blocks {
            let source = JSONLDSource(fileBytes: bytes, base: block.offset, locator: locator)
            do throws(JSONLDDecodingError) {
                try collector.read(source, text: block.text[...])
            } catch {
                switch error {
                case .invalidJSON, .tooDeep:
                    // Pages often carry broken blocks beside the one that matters.
                    if firstError == nil { firstError = error }
                    collector.warn("a JSON-LD block was skipped: \(error.message)", at: error.position)
                default:
                    throw error
                }
            }
        }
        guard !collector.recipes.isEmpty else {
            throw firstError ?? JSONLDDecodingError.noRecipe(at: collector.rootPosition ?? SourcePosition(offset: blocks[0].offset, in: bytes))
        }
        return collector.result
    }

    public func encode(_ document: AlmanacDocument, options: EncodingOptions) throws -> EncodeResult {
        throw JSONLDEncodingError.htmlNotWritten
    }
}
