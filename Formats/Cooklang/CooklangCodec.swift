import AlmanacCore

/// Recipes in Cooklang (`cooklang`; `.cook`), one recipe per file. See
/// `Formats/Cooklang/README.md`.
///
/// The reader follows the Cooklang specification and cooklang-rs: ingredients, cookware,
/// timers, metadata (front matter and `>>` lines), sections, notes, comments and recipe
/// references. A file's title is its `title` metadata, else its file name. The writer writes
/// one recipe; several go to a folder (`-d`), one `.cook` file each.
public struct CooklangCodec: FormatCodec, SplitEncoding {
    public init() {}

    public var format: FormatDescriptor {
        FormatDescriptor(
            name: "cooklang", aliases: ["cook"], extensions: ["cook"],
            summary: "Cooklang recipes (cooklang.org), one recipe per file",
            reads: [.recipe], writes: [.recipe], lines: .plain
        )
    }

    public func decode(_ bytes: [UInt8], source: String, limits: ReaderLimits) throws -> DecodeResult {
        let id = StableID.make(from: bytes, salt: CooklangRecipeMapper.extrasKey)
        let recipe = try CooklangReader.recipe(bytes, title: CooklangRecipeMapper.title(fromSource: source), id: id)
        var diagnostics: [Diagnostic] = []
        if recipe.title.isEmpty {
            diagnostics.append(Diagnostic(.warning, "the recipe has no title: give it 'title:' metadata, or read it from a file named after it", source: source, position: SourcePosition(offset: 0, line: 1, column: 1)))
        }
        return DecodeResult(document: AlmanacDocument(recipes: [recipe]), diagnostics: diagnostics,
                            origins: ItemOrigins(recipes: [SourcePosition(offset: 0, line: 1, column: 1)]))
    }

    /// The one recipe of `document` (none: an empty file). Several are an error naming `-d`.
    public func encode(_ document: AlmanacDocument, options: EncodingOptions) throws -> EncodeResult {
        guard document.recipes.count <= 1 else { throw CooklangEncodingError.severalRecipes(document.recipes.count) }
        var writer = CooklangWriter()
        let text = document.recipes.first.map { writer.write($0) } ?? ""
        return EncodeResult(bytes: Array(text.utf8), diagnostics: writer.diagnostics)
    }

    /// One `.cook` file per recipe, named by a slug of its title (`banana-bread.cook`,
    /// `banana-bread-2.cook`). Cooklang has no index file.
    public func encodeFiles(_ document: AlmanacDocument, options: EncodingOptions) throws -> [OutputFile] {
        var names = UniqueNames()
        var files: [OutputFile] = []
        for recipe in document.recipes {
            var writer = CooklangWriter()
            let text = writer.write(recipe)
            let name = names.claim(CooklangFileName.slug(recipe.title))
            files.append(OutputFile(relativePath: name + ".cook", bytes: Array(text.utf8), diagnostics: writer.diagnostics))
        }
        return files
    }
}
