import AlmanacCore
import Testing
@testable import AlmanacCooklang

/// The codec: names, titles from file names, ids, one recipe per file, folders.
@Suite struct CooklangCodecTests {
    let codec = CooklangCodec()

    @Test func descriptor() {
        #expect(codec.format.name == "cooklang")
        #expect(codec.format.extensions == ["cook"])
        #expect(codec.format.reads == [.recipe] && codec.format.writes == [.recipe])
    }

    @Test func theTitleComesFromTheMetadataElseTheFileName() throws {
        let named = try codec.decode(Array("Mix @flour{}.\n".utf8), source: "book/sauces/Hollandaise.cook")
        #expect(named.document.recipes.map(\.title) == ["Hollandaise"])
        #expect(named.diagnostics.isEmpty)
        #expect(named.origins.recipes == [SourcePosition(offset: 0, line: 1, column: 1)])
        let titled = try codec.decode(Array(">> title: Sauce\nMix.\n".utf8), source: "x.cook")
        #expect(titled.document.recipes.map(\.title) == ["Sauce"])
    }

    @Test func standardInputWithoutTitleWarns() throws {
        let result = try codec.decode(Array("Mix.\n".utf8), source: "<stdin>")
        #expect(result.document.recipes.map(\.title) == [""])
        #expect(result.diagnostics.map(\.severity) == [.warning])
    }

    @Test func theIdIsTheMetadataElseAHashOfTheBytes() throws {
        let bytes = Array("Mix @flour{}.\n".utf8)
        let first = try codec.decode(bytes, source: "a.cook").document.recipes[0].id
        #expect(first == (try codec.decode(bytes, source: "b.cook").document.recipes[0].id))
        #expect(first != (try codec.decode(Array("Mix @sugar{}.\n".utf8), source: "a.cook").document.recipes[0].id))
        #expect(try codec.decode(Array("---\nid: chili\n---\nx\n".utf8), source: "a.cook").document.recipes[0].id == "chili")
    }

    @Test func severalRecipesInOneFileAreAnError() throws {
        let document = AlmanacDocument(recipes: [Recipe(id: "a", title: "A"), Recipe(id: "b", title: "B")])
        #expect(throws: CooklangEncodingError.severalRecipes(2)) { try codec.encode(document, options: EncodingOptions()) }
    }

    @Test func aFolderHasOneFilePerRecipeNamedByItsTitle() throws {
        let document = AlmanacDocument(recipes: [Recipe(id: "a", title: "Crème Brûlée!"), Recipe(id: "b", title: "Crème brûlée"), Recipe(id: "c", title: "")])
        let files = try codec.encodeFiles(document, options: EncodingOptions())
        #expect(files.map(\.relativePath) == ["crème-brûlée.cook", "crème-brûlée-2.cook", "recipe.cook"])
        let back = try files.map { try codec.decode($0.bytes, source: $0.relativePath).document.recipes[0] }
        #expect(back.map(\.id) == ["a", "b", "c"])
        #expect(back.map(\.title) == ["Crème Brûlée!", "Crème brûlée", "recipe"])
    }
}
