import AlmanacCore
import Foundation

/// Recipes in RecipeMD and events as an agenda, in Markdown (`markdown`, `md`;
/// `.md`, `.markdown`). See `Formats/Markdown/README.md`.
///
/// Writer settings (``EncodingOptions/settings``): `front-matter` = `"true"` writes YAML
/// front matter for static-site generators; `today` = `YYYY-MM-DD` is the day the
/// agenda's periods are counted from (default: now).
public struct MarkdownCodec: FormatCodec, SplitEncoding, DocumentStreamEncoding {
    /// The name under which recipes keep front matter keys almanac has no field for.
    static let extrasKey = "markdown"

    /// The zone that counts days for agenda periods and reads floating and all-day times.
    public let timeZone: TimeZone

    /// A codec that groups the agenda on `timeZone`'s calendar (the machine's by default).
    public init(timeZone: TimeZone = .current) {
        self.timeZone = timeZone
    }

    public var format: FormatDescriptor {
        FormatDescriptor(
            name: "markdown", aliases: ["md"], extensions: ["md", "markdown"],
            summary: "Markdown: RecipeMD recipes, events as an agenda",
            reads: Set(ItemKind.allCases), writes: Set(ItemKind.allCases),
            writeOptions: [
                FormatOption(name: "front-matter", help: "Write YAML front matter (Hugo, Jekyll) with the fields RecipeMD has no place for"),
                FormatOption(name: "today", valueName: "<date>", help: "Group agenda events relative to this day, YYYY-MM-DD (default: today)"),
            ],
            lines: .plain
        )
    }

    public func decode(_ bytes: [UInt8], source: String, limits: ReaderLimits) throws -> DecodeResult {
        let markdown = try MarkdownSource(bytes)
        var reader = MarkdownDocumentReader(source: markdown, sourceName: source, maximumDepth: limits.depth(default: BlockParser.defaultMaximumDepth))
        let document = try reader.read()
        return DecodeResult(document: document, diagnostics: reader.diagnostics, origins: reader.origins)
    }

    /// Writes the document as its items come (``MarkdownDocumentWriter``).
    public func documentWriter(options: EncodingOptions) throws -> any DocumentStreamWriter {
        try writer(options)
    }

    /// One page per recipe and per event, named by a slug of its title
    /// (`banana-bread.md`, `banana-bread-2.md`), and `index.md` linking them all.
    public func encodeFiles(_ document: AlmanacDocument, options: EncodingOptions) throws -> [OutputFile] {
        let pageWriter = try writer(options)
        var slugs = SlugMaker(reserved: ["index"])
        var files: [OutputFile] = []
        var links: [ItemKind: [(title: String, path: String)]] = [:]
        for item in document.items {
            let path = slugs.unique(item.title, fallback: item.kind.rawValue) + ".md"
            var page = pageWriter
            let bytes = try page.document([item])
            files.append(OutputFile(relativePath: path, bytes: bytes, diagnostics: page.takeDiagnostics()))
            links[item.kind, default: []].append((item.title, path))
        }
        files.append(OutputFile(relativePath: "index.md", bytes: Array(pageWriter.index(recipes: links[.recipe] ?? [], events: links[.event] ?? []).utf8)))
        return files
    }

    private func writer(_ options: EncodingOptions) throws -> MarkdownDocumentWriter {
        MarkdownDocumentWriter(options: try MarkdownWriteOptions(settings: options.settings), timeZone: timeZone)
    }
}
