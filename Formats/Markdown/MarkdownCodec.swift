import AlmanacCore
import Foundation

/// Recipes in RecipeMD and events as an agenda, in Markdown (`markdown`, `md`;
/// `.md`, `.markdown`). See `Formats/Markdown/README.md`.
///
/// Writer settings (``EncodingOptions/settings``): `front-matter` = `"true"` writes YAML
/// front matter for static-site generators; `today` = `YYYY-MM-DD` is the day the
/// agenda's periods are counted from (default: now).
public struct MarkdownCodec: FormatCodec, SplitEncoding {
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
        return DecodeResult(document: document, diagnostics: reader.diagnostics)
    }

    public func encode(_ document: AlmanacDocument, options: EncodingOptions) throws -> EncodeResult {
        let writer = MarkdownDocumentWriter(options: try MarkdownWriteOptions(settings: options.settings), timeZone: timeZone)
        let (text, diagnostics) = writer.write(document)
        return EncodeResult(bytes: Array(text.utf8), diagnostics: diagnostics)
    }

    /// One page per recipe and per event, named by a slug of its title
    /// (`banana-bread.md`, `banana-bread-2.md`), and `index.md` linking them all.
    public func encodeFiles(_ document: AlmanacDocument, options: EncodingOptions) throws -> [OutputFile] {
        let writer = MarkdownDocumentWriter(options: try MarkdownWriteOptions(settings: options.settings), timeZone: timeZone)
        var slugs = SlugMaker(reserved: ["index"])
        var files: [OutputFile] = []
        var recipeLinks: [(title: String, path: String)] = []
        var eventLinks: [(title: String, path: String)] = []
        for recipe in document.recipes {
            let path = slugs.unique(recipe.title, fallback: "recipe") + ".md"
            let (text, diagnostics) = writer.recipe(recipe)
            files.append(OutputFile(relativePath: path, bytes: Array(text.utf8), diagnostics: diagnostics))
            recipeLinks.append((recipe.title, path))
        }
        for event in document.events {
            let path = slugs.unique(event.title, fallback: "event") + ".md"
            let (text, diagnostics) = writer.agenda([event], first: true)
            files.append(OutputFile(relativePath: path, bytes: Array(text.utf8), diagnostics: diagnostics))
            eventLinks.append((event.title, path))
        }
        files.append(OutputFile(relativePath: "index.md", bytes: Array(writer.index(recipes: recipeLinks, events: eventLinks).utf8)))
        return files
    }
}
