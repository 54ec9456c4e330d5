import AlmanacCore
import AlmanacJSON
import AlmanacTestSupport
import AlmanacXML
import Foundation
import Testing
@testable import AlmanacMarkdown

/// Markdown in, the same Markdown out: an unchanged recipe comes back byte for byte,
/// straight and through almanac JSON and XML, and an id almanac derived is not warned about.
@Suite("Kept Markdown source")
struct KeptRecipeSourceTests {
    /// The hand-written fixture with every construct the reader keeps.
    static func handWritten() throws -> String {
        try String(contentsOf: TestPaths.inPackage("Tests/AlmanacMarkdownTests/Fixtures/hand-written.md"), encoding: .utf8)
    }

    /// The sample recipes as almanac writes them, with and without front matter.
    static func samples() throws -> [(name: String, text: String, frontMatter: Bool)] {
        let document = try MarkdownTesting.sample("recipes.json")
        return [
            ("recipes.json as md", MarkdownTesting.text(try MarkdownTesting.encode(document)), false),
            ("recipes.json as md with front matter", MarkdownTesting.text(try MarkdownTesting.encode(document, frontMatter: true)), true),
            ("Samples/recipes.md", try String(contentsOf: TestPaths.sample("recipes.md"), encoding: .utf8), false),
        ]
    }

    /// `text` read as Markdown, passed through `codec` (if any) and written as Markdown again.
    static func roundTrip(_ text: String, through codec: (any FormatCodec)?, frontMatter: Bool = false) throws -> EncodeResult {
        var document = try MarkdownTesting.decode(text).document
        if let codec {
            let bytes = try codec.encode(document, options: EncodingOptions()).bytes
            document = try codec.decode(bytes, source: "between").document
        }
        return try MarkdownTesting.encode(document, frontMatter: frontMatter)
    }

    static let between: [(String, (any FormatCodec)?)] = [("md", nil), ("json", JSONCodec()), ("xml", XMLCodec())]

    @Test("a hand-written recipe comes back byte for byte: md → md, → json → md, → xml → md", arguments: [0, 1, 2])
    func handWrittenRoundTrip(via: Int) throws {
        let (name, codec) = Self.between[via]
        let text = try Self.handWritten()
        let result = try Self.roundTrip(text, through: codec)
        #expect(MarkdownTesting.text(result) == text, "through \(name)")
        #expect(result.diagnostics.isEmpty, "through \(name): \(result.diagnostics.map(\.message))")
    }

    @Test("the same with Windows line ends", arguments: [0, 1, 2])
    func carriageReturns(via: Int) throws {
        let (name, codec) = Self.between[via]
        let text = try Self.handWritten().replacingOccurrences(of: "\n", with: "\r\n")
        #expect(MarkdownTesting.text(try Self.roundTrip(text, through: codec)) == text, "through \(name)")
    }

    @Test("the samples as Markdown come back byte for byte: md → md, → json → md, → xml → md", arguments: [0, 1, 2])
    func samplesRoundTrip(via: Int) throws {
        let (name, codec) = Self.between[via]
        for sample in try Self.samples() {
            let back = MarkdownTesting.text(try Self.roundTrip(sample.text, through: codec, frontMatter: sample.frontMatter))
            #expect(back == sample.text, "\(sample.name) through \(name)")
        }
    }

    @Test("several recipes in one file each come back as written, the last one to its last byte")
    func severalRecipes() throws {
        let text = try Self.handWritten() + "\n<!-- almanac:recipe -->\n\n# Toast\n\n---\n\n* *2*  slices of bread\n\n---\n\nToast them."
        #expect(MarkdownTesting.text(try Self.roundTrip(text, through: nil)) == text)
    }

    @Test("a page whose tags are only in its front matter keeps its body when written with front matter, and gains a tags line without")
    func tagsInFrontMatter() throws {
        let body = "# Soup\n\nHot *soup*.\n\n---\n\n- *1* leek\n"
        let page = "---\ntitle: \"Soup\"\ntags: [\"winter\", \"soup\"]\n---\n\n" + body
        let withMatter = MarkdownTesting.text(try Self.roundTrip(page, through: JSONCodec(), frontMatter: true))
        #expect(withMatter.hasSuffix("---\n\n" + body) && withMatter.contains("tags: [\"winter\", \"soup\"]\n"), "\(withMatter)")
        let without = MarkdownTesting.text(try Self.roundTrip(page, through: nil))
        #expect(without == "# Soup\n\nHot *soup*.\n\n*winter, soup*\n\n---\n\n- *1* leek\n")
    }

    @Test("a body the writer gives back from the fields keeps no copy; one it does not is kept with its fields' fingerprint")
    func keptOnlyWhenNeeded() throws {
        let canonical = MarkdownTesting.text(try MarkdownTesting.encode(AlmanacDocument(recipes: [Recipe(id: "R", title: "Soup", directions: ["Boil."])])))
        let plain = try #require(try MarkdownTesting.decode(canonical).document.recipes.first)
        let keptPlain = try #require(KeptRecipeSource(plain.extras))
        #expect(keptPlain.body == nil)
        #expect(keptPlain.derivedID == plain.id)

        let written = try #require(try MarkdownTesting.decode(try Self.handWritten()).document.recipes.first)
        let kept = try #require(KeptRecipeSource(written.extras))
        #expect(kept.body?.text == (try Self.handWritten()))
        #expect(kept.bodyMatches(written))
        var changed = written
        changed.ingredientGroups[0].ingredients[0].amount = 1
        #expect(!kept.bodyMatches(changed))
    }

    @Test("a derived id is not warned about; an id from front matter still is")
    func derivedIDs() throws {
        let noMatter = try Self.roundTrip(try Self.handWritten(), through: JSONCodec())
        #expect(!noMatter.diagnostics.contains { $0.message.contains("no place for id") })
        let withID = "---\nid: \"X1\"\n---\n\n# Soup\n\n---\n\n- *1* leek\n"
        let result = try Self.roundTrip(withID, through: nil)
        #expect(result.diagnostics.contains { $0.message.contains("no place for id;") })
        #expect(MarkdownTesting.text(result) == "# Soup\n\n---\n\n- *1* leek\n")
        // A verb that sets a new id: the derived one is gone, the new one is warned about.
        var document = try MarkdownTesting.decode(try Self.handWritten()).document
        document.recipes[0].id = "NEW"
        #expect(try MarkdownTesting.encode(document).diagnostics.contains { $0.message.contains("no place for id") })
    }

    @Test("the JSON that carries a kept source is valid against almanac.schema.json", .enabled(if: Peers.shouldRun(pythonModule: "jsonschema")))
    func schemaValid() throws {
        let python = try #require(Peers.python)
        let document = try MarkdownTesting.decode(try Self.handWritten()).document
        let json = try JSONCodec().encode(document, options: EncodingOptions()).bytes
        let script = """
        import json, sys, jsonschema
        schema = json.load(open(sys.argv[1]))
        jsonschema.validate(json.load(sys.stdin), schema)
        """
        let result = try ProcessRunner.run(python, ["-c", script, TestPaths.inPackage("Formats/JSON/almanac.schema.json").path], stdin: json)
        #expect(result.status == 0, "\(result.stderrText)")
    }

    @Test("the XML that carries a kept source is valid against almanac.xsd", .enabled(if: MarkdownTesting.xmllint != nil || Peers.required))
    func xsdValid() throws {
        let xmllint = try #require(MarkdownTesting.xmllint, "xmllint is missing: apt-get install libxml2-utils")
        let document = try MarkdownTesting.decode(try Self.handWritten()).document
        let xml = try XMLCodec().encode(document, options: EncodingOptions()).bytes
        let result = try ProcessRunner.run(xmllint, ["--noout", "--nonet", "--schema", TestPaths.inPackage("Formats/XML/almanac.xsd").path, "-"], stdin: xml)
        #expect(result.status == 0, "\(result.stderrText)")
    }
}
