import AlmanacCore
import Foundation

/// Recipes in RecipeMD and events as an agenda, in Markdown (`markdown`, `md`;
/// `.md`, `.markdown`). See `Formats/Markdown/README.md`.
///
/// The writer reads three fields of ``EncodingOptions``: ``EncodingOptions/frontMatter``
/// writes YAML front matter for static-site generators; ``EncodingOptions/today`` is the
/// day the agenda's periods are counted from (default: now); ``EncodingOptions/site``
/// makes `-d` write a site folder (``SiteWriter``).
public struct MarkdownCodec: FormatCodec, SplitEncoding, DocumentStreamEncoding {
    /// The name under which recipes keep front matter keys almanac has no field for.
    static let extrasKey = "markdown"

    /// The zone that counts days for agenda periods and reads floating and all-day times.
    public let timeZone: TimeZone
    /// The JSON-LD a site's recipe page carries; `nil` writes pages without it.
    public let structuredData: RecipeStructuredData?

    /// A codec that groups the agenda on `timeZone`'s calendar (the machine's by default)
    /// and gives each recipe page of a site the JSON-LD `structuredData` writes.
    public init(timeZone: TimeZone = .current, structuredData: RecipeStructuredData? = nil) {
        self.timeZone = timeZone
        self.structuredData = structuredData
    }

    /// Made once: the pipeline asks for it per item.
    private static let descriptor = FormatDescriptor(
        name: "markdown", aliases: ["md"], extensions: ["md", "markdown"],
        summary: "Markdown: RecipeMD recipes, events as an agenda",
        reads: Set(ItemKind.allCases), writes: Set(ItemKind.allCases),
        writeOptions: [
            FormatOption(.frontMatter, help: "Write YAML front matter (Hugo, Jekyll) with the fields RecipeMD has no place for"),
            FormatOption(.today, help: "Group agenda events relative to this day, YYYY-MM-DD (default: today)"),
            FormatOption(.site, help: "With -d SITE: write a site folder that Hugo or Jekyll builds (pages, list pages, JSON-LD, a layout when missing)"),
        ],
        lines: .plain
    )

    public var format: FormatDescriptor { Self.descriptor }

    public func decode(_ bytes: [UInt8], source: String, limits: ReaderLimits) throws -> DecodeResult {
        let markdown = try MarkdownSource(bytes)
        var reader = MarkdownDocumentReader(source: markdown, sourceName: source, maximumDepth: limits.depth(default: BlockParser.defaultMaximumDepth))
        let document = try reader.read()
        return DecodeResult(document: document, diagnostics: reader.diagnostics, origins: reader.origins)
    }

    /// Writes the document as its items come (``MarkdownDocumentWriter``).
    public func documentWriter(options: EncodingOptions) throws -> any DocumentStreamWriter {
        let writer = writer(options)
        if writer.options.site != nil { throw MarkdownEncodingError.siteNeedsFolder }
        return writer
    }

    /// One page per recipe and per event, named by a slug of its title
    /// (`banana-bread.md`, `banana-bread-2.md`), and `index.md` linking them all.
    /// With `site`, a site folder instead (``SiteWriter``).
    public func encodeFiles(_ document: AlmanacDocument, options: EncodingOptions) throws -> [OutputFile] {
        let pageWriter = writer(options)
        if let site = pageWriter.options.site {
            return try SiteWriter(generator: site, pages: pageWriter, structuredData: structuredData).files(document)
        }
        var slugs = SlugMaker(reserved: ["index"])
        var files: [OutputFile] = []
        var links: [ItemKind: [(title: String, path: String)]] = [:]
        let items = document.items
        let paths = items.map { slugs.unique($0.title, fallback: $0.kind.rawValue) + ".md" }
        var linkingWriter = pageWriter
        for (item, path) in zip(items, paths) {
            if case .recipe(let recipe) = item { linkingWriter.agendaWriter.recipeLinks.add(recipe, destination: path) }
        }
        linkingWriter.refer(to: document.referencedRecipes)
        for (item, path) in zip(items, paths) {
            var page = linkingWriter
            var bytes = try page.document([item])
            if case .event(let event) = item, pageWriter.options.frontMatter { bytes = Self.titled(bytes, by: event) }
            files.append(OutputFile(relativePath: path, bytes: bytes, diagnostics: page.takeDiagnostics()))
            links[item.kind, default: []].append((item.title, path))
        }
        files.append(OutputFile(relativePath: "index.md", bytes: Array(pageWriter.index(recipes: links[.recipe] ?? [], events: links[.event] ?? []).utf8)))
        return files
    }

    /// An event's page titled by the event and dated by its start in its front matter (not
    /// "Agenda"), so that a site's list of pages tells them apart.
    private static func titled(_ bytes: [UInt8], by event: Event) -> [UInt8] {
        guard let split = FrontMatter.split(String(decoding: bytes, as: UTF8.self)) else { return bytes }
        var matter = split.matter
        matter.replace("title", .scalar(event.title))
        matter.replace("date", event.start.map { .scalar(CalendarTimeText.siteFormat($0)) })
        return Array((matter.rendered(plain: []) + split.body).utf8)
    }

    private func writer(_ options: EncodingOptions) -> MarkdownDocumentWriter {
        MarkdownDocumentWriter(options: MarkdownWriteOptions(options), timeZone: timeZone)
    }
}
