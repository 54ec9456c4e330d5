import AlmanacCore
import AlmanacJSONKit

/// Saved web pages (`html`, `.html`, `.htm`), read only: the schema.org Recipes of the
/// page's `<script type="application/ld+json">` blocks, and when those hold none, of its
/// schema.org Microdata (`itemscope itemtype="https://schema.org/Recipe"`), read as
/// ``JSONLDCodec`` reads JSON-LD.
///
/// JSON-LD is read as sites write it: ``JSONRepairer`` repairs what strict JSON refuses
/// (comment wrappers, raw line breaks in strings, `\'`, trailing commas, HTML entities)
/// and ``LenientRecipe`` what schema.org's types refuse (`"recipe"`, a number for text),
/// each repair a warning at its place in the page. A page with neither, or whose data
/// hold no Recipe, is an error.
public struct HTMLRecipeCodec: FormatCodec {
    public init() {}

    public var format: FormatDescriptor {
        FormatDescriptor(
            name: "html", extensions: ["html", "htm"],
            summary: "saved web page: the schema.org Recipe JSON-LD or Microdata in it (reads only)",
            reads: [.recipe], writes: []
        )
    }

    public func decode(_ bytes: [UInt8], source: String, limits: ReaderLimits) throws -> DecodeResult {
        let depth = limits.depth(default: JSONReader.defaultMaximumDepth)
        let scan = try HTMLPageScanner.scan(bytes, maximumDepth: depth)
        guard !scan.blocks.isEmpty || !scan.microdata.topLevel.isEmpty else {
            throw JSONLDDecodingError.noStructuredData(at: SourcePosition(offset: 0, in: bytes))
        }
        var collector = RecipeCollector(fileBytes: bytes, sourceName: source, maximumDepth: depth)
        var firstError: JSONLDDecodingError?
        let locator = SourceLocator(bytes)
        for block in scan.blocks {
            let repaired = JSONRepairer.repair(block.text[...])
            let source = JSONLDSource(fileBytes: bytes, base: block.offset, repaired: repaired, exact: block.exact, locator: locator)
            warnRepairs(repaired.repairs, source: source, into: &collector)
            do throws(JSONLDDecodingError) {
                try collector.read(source, text: repaired.bytes[...], lenient: true)
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
        let items = scan.microdata.topLevel
        if !items.isEmpty {
            let microdata = JSONValue(tape: MicrodataItem.Value.tape(of: items), index: 0)
            if collector.recipes.isEmpty {
                try collector.read(microdata, source: JSONLDSource(fileBytes: bytes, base: 0, locator: locator), lenient: true)
            } else if let object = RecipeFinder.recipes(in: microdata, anyCase: true).first {
                collector.note("the page's Microdata Recipe is not read: its JSON-LD holds the recipe", at: SourcePosition(offset: object.start, in: bytes))
            }
        }
        guard !collector.recipes.isEmpty else {
            throw firstError ?? JSONLDDecodingError.noRecipe(at: collector.rootPosition ?? SourcePosition(offset: scan.blocks.first?.offset ?? 0, in: bytes))
        }
        return collector.result
    }

    /// How many repairs of one kind in one block are each a warning; the rest are counted in one more.
    static let repairWarningsPerKind = 3

    /// A warning for each repair, at its place; past ``repairWarningsPerKind`` of a kind in
    /// a block, one warning counts the rest.
    private func warnRepairs(_ repairs: [JSONRepair], source: JSONLDSource, into collector: inout RecipeCollector) {
        var counts: [JSONRepair.Kind: Int] = [:]
        var firstUnlisted: [JSONRepair.Kind: JSONRepair] = [:]
        for repair in repairs {
            counts[repair.kind, default: 0] += 1
            if counts[repair.kind]! <= Self.repairWarningsPerKind {
                collector.warn("JSON-LD repaired: \(repair.message)", at: source.position(repair.offset, original: true))
            } else if firstUnlisted[repair.kind] == nil {
                firstUnlisted[repair.kind] = repair
            }
        }
        for kind in JSONRepair.Kind.allCases {
            guard let repair = firstUnlisted[kind], let count = counts[kind] else { continue }
            let more = count - Self.repairWarningsPerKind
            collector.warn("JSON-LD repaired: \(more) more of this kind in this block, the first here: \(repair.message)", at: source.position(repair.offset, original: true))
        }
    }

    public func encode(_ document: AlmanacDocument, options: EncodingOptions) throws -> EncodeResult {
        throw JSONLDEncodingError.htmlNotWritten
    }
}
