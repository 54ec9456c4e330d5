import AlmanacCore
import Testing
@testable import AlmanacMarkdown

/// YAML front matter as Hugo and Jekyll pages have it, merged into the recipe.
@Suite("Front matter")
struct FrontMatterTests {
    @Test("front matter is merged into the recipe; the body wins for title, tags and yields")
    func merge() throws {
        let text = """
            ---
            title: 'Hugo''s title'
            date: 2026-01-02
            tags:
              - ignored
            categories: [Dinner, "Quick meals"]
            rating: 4 # stars
            favorite: yes
            prepTime: PT15M
            source: "https://example.org/\\u00e9"
            yields: ["2 bowls"]
            params:
              nested: true
            draft: false
            aliases:
            - /old/soup
            ---

            # Soup

            *warm*

            ---

            - *1 l* water

            """
        let result = try MarkdownTesting.decode(text)
        let recipe = try #require(result.document.recipes.first)
        #expect(recipe.title == "Soup")
        #expect(recipe.tags == ["warm"])
        #expect(recipe.dateAdded == .date(CivilDate(year: 2026, month: 1, day: 2)!))
        #expect(recipe.collections == ["Dinner", "Quick meals"])
        #expect(recipe.rating == 4)
        #expect(recipe.isFavorite)
        #expect(recipe.prepTime == ISODuration(minutes: 15))
        #expect(recipe.source == "https://example.org/é")
        #expect(recipe.yields == [Yield(amount: 2, unit: "bowls")])
        #expect(recipe.extras["markdown"] == .object([OpaqueMember("draft", .string("false")), OpaqueMember("aliases", .array([.string("/old/soup")]))]))
        #expect(result.diagnostics.map(\.message) == ["front matter key 'params' holds a mapping or block text almanac does not read; it is skipped"])

        // Unknown keys are written back.
        let written = MarkdownTesting.text(try MarkdownTesting.encode(result.document, frontMatter: true))
        #expect(written.contains("draft: \"false\"\naliases: [\"/old/soup\"]\n---\n\n# Soup"))
    }

    @Test("bad front matter is an error at its line")
    func bad() {
        do {
            _ = try MarkdownTesting.decode("---\ntitle: \"open\n---\n\n# Soup\n\n---\n")
            Issue.record("read unterminated string")
        } catch let error as MarkdownDecodingError {
            #expect(error.position?.line == 2)
        } catch {
            Issue.record("\(error)")
        }
        #expect(throws: MarkdownDecodingError.self) { try MarkdownTesting.decode("---\nrating: many\n---\n\n# Soup\n\n---\n") }
    }

    @Test("split gives the front matter and the text after it; replace keeps a key's place or appends it")
    func splitAndReplace() throws {
        let text = "---\ntitle: \"A \\\"B\\\"\\n---\"\ntags: [\"x\"]\n---\n\n# A\n\n---\n"
        let split = try #require(FrontMatter.split(text))
        var matter = split.matter
        #expect(matter["title"]?.value == .scalar("A \"B\"\n---"))
        #expect(split.body == "\n# A\n\n---\n")
        matter.replace("title", .scalar("C"))
        matter.replace("layout", .scalar("almanac"))
        matter.replace("tags", nil)
        #expect(matter.entries.map(\.key) == ["title", "layout"])
        #expect(matter.rendered(plain: []) == "---\ntitle: \"C\"\nlayout: \"almanac\"\n---\n")
        #expect(FrontMatter.split("# A\n") == nil)
        #expect(FrontMatter.split("---\ntitle: A\n") == nil, "not closed")
    }
}
