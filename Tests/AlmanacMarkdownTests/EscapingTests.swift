import AlmanacCore
import AlmanacTestSupport
import Foundation
import Testing
@testable import AlmanacMarkdown

/// Text with Markdown or HTML in it is escaped so that it reads back as the same text,
/// and `<script>` never becomes live HTML.
@Suite("Escaping")
struct EscapingTests {
    static let tricky = [
        "<script>alert('x')</script>",
        "# not a heading",
        "*not emphasis* and __not strong__",
        "[not a link](http://example.org) ![nor an image](x.png)",
        "`not code` ~~not struck~~",
        "1. not a list",
        "- not a bullet",
        "+ nor this",
        "> not a quote",
        "a \\ backslash, & &amp; entity",
        "C# and F#",
        "ends with #",
        "=== not an underline",
        "---",
        "<!-- almanac:recipe -->",
        "[ ] not a task",
        "tags, with, commas",
    ]

    static func recipe(_ text: String) -> Recipe {
        Recipe(
            id: "R1", title: text, summary: text + "\nsecond line: " + text,
            yields: [Yield(amount: 2, unit: text)],
            ingredients: [Ingredient(amount: 1, unit: text, name: text), Ingredient(name: text, link: "./a b(c).md")],
            ingredientGroups: [IngredientGroup(title: text, ingredients: [Ingredient(name: text + "\nmore " + text)])],
            directions: [text, text + "\n\n" + text], directionGroups: [DirectionGroup(title: text, directions: [text])],
            tags: [text, "plain"]
        )
    }

    @Test("recipe texts read back the same", arguments: tricky)
    func recipeText(text: String) throws {
        let original = Self.recipe(text)
        let written = try MarkdownTesting.encode(AlmanacDocument(recipes: [original]), frontMatter: true)
        let read = try #require(try MarkdownTesting.decode(MarkdownTesting.text(written)).document.recipes.first)
        #expect(read.title == original.title.replacingNewlines)
        #expect(read.summary == original.summary)
        #expect(read.yields == original.yields)
        #expect(read.directions == original.directions)
        #expect(read.directionGroups == original.directionGroups)
        #expect(read.ingredientGroups.first?.title == text)
        #expect(read.ingredientGroups.first?.ingredients.first?.name == text + "\nmore " + text)
        let (name, note) = RecipeMapper.splitNote(text)
        #expect(read.ingredients.map(\.name) == [name, name])
        #expect(read.ingredients.map(\.note) == [note, note])
        #expect(read.ingredients.map(\.unit) == [text, nil])
        #expect(read.ingredients.last?.link == "./a b(c).md")
        #expect(read.tags == [text, "plain"])
    }

    @Test("event texts read back the same", arguments: tricky)
    func eventText(text: String) throws {
        let event = Event(id: "E1", title: text, location: text, notes: text + "\n\n" + text,
                          tasks: [EventTask(id: "T1", text: text), EventTask(id: "T2", text: text, isCompleted: true)])
        let written = try MarkdownTesting.encode(AlmanacDocument(events: [event]))
        let read = try MarkdownTesting.decode(MarkdownTesting.text(written)).document.events
        #expect(read == [event])
    }

    @Test("<script> is escaped, never raw HTML")
    func script() throws {
        let recipe = Recipe(id: "R1", title: "<script>alert(1)</script>", summary: "<img src=x onerror=alert(1)>")
        let text = MarkdownTesting.text(try MarkdownTesting.encode(AlmanacDocument(recipes: [recipe])))
        #expect(text.contains("# \\<script\\>alert(1)\\</script\\>"))
        let scalars = Array(text.unicodeScalars)
        for index in scalars.indices where scalars[index] == "<" && !text.hasPrefix("<!-- almanac:") {
            #expect(index > 0 && scalars[index - 1] == "\\", "unescaped < in \(text)")
        }
    }

    @Test("pandoc renders no live <script>", .enabled(if: MarkdownTesting.pandoc != nil || Peers.required))
    func pandocHTML() throws {
        let pandoc = try #require(MarkdownTesting.pandoc, "pandoc is not on the PATH")
        let recipe = Recipe(id: "R1", title: "<script>alert(1)</script>", summary: "<script>x</script> & <b>bold</b>")
        let markdown = try MarkdownTesting.encode(AlmanacDocument(recipes: [recipe])).bytes
        for reader in ["markdown", "commonmark", "gfm"] {
            let result = try ProcessRunner.run(pandoc, ["-f", reader, "-t", "html"], stdin: markdown)
            #expect(result.status == 0, "\(reader): \(result.stderrText)")
            #expect(!result.stdoutText.contains("<script"), "\(reader): \(result.stdoutText)")
            #expect(!result.stdoutText.contains("<b>"), "\(reader): \(result.stdoutText)")
            #expect(result.stdoutText.contains("&lt;script&gt;"), "\(reader): \(result.stdoutText)")
        }
    }
}

/// Text from JSON or iCalendar is plain: its `*` and `[` are written escaped, never as markup.
@Suite("Plain texts stay escaped")
struct PlainTextEscapingTests {
    @Test("a recipe and an event from JSON with * and [ come out escaped and read back the same")
    func escaped() throws {
        let json = #"""
        {"almanac": 1,
         "recipes": [{"id": "R", "title": "Pie", "summary": "A *spicy* [pie](x)", "directions": ["Bake *hot*."]}],
         "events": [{"id": "E", "title": "Party", "notes": "Bring *cake* and [cups]", "tasks": []}]}
        """#
        let document = try JSONCodecBridge.codec.decode(Array(json.utf8), source: "a.json").document
        let text = MarkdownTesting.text(try MarkdownTesting.encode(document))
        #expect(text.contains("A \\*spicy\\* \\[pie\\](x)\n"))
        #expect(text.contains("1. Bake \\*hot\\*.\n"))
        #expect(text.contains("Bring \\*cake\\* and \\[cups\\]\n"))
        let back = try MarkdownTesting.decode(text).document
        #expect(back.recipes.first?.summary == "A *spicy* [pie](x)")
        #expect(back.recipes.first?.directions == ["Bake *hot*."])
        #expect(back.events.first?.notes == "Bring *cake* and [cups]")
    }
}
