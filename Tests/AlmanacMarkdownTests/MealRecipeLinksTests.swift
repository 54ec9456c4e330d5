import AlmanacCore
import AlmanacTestSupport
import Foundation
@testable import AlmanacMarkdown
import Testing

/// A meal's recipes in the agenda: the `recipes` attribute and the `**Recipe:**` line
/// with links to the recipes' pages (``MealRecipeLinks``).
@Suite("Markdown meal plans")
struct MealRecipeLinksTests {
    static func block(_ text: String, of event: String) -> [String] {
        let lines = text.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: "### " + event) else { return [] }
        return Array(lines[(start + 1)...].prefix { !$0.hasPrefix("### ") }).filter { $0.hasPrefix("**Recipe") || $0.hasPrefix("<!--") }
    }

    @Test("in one file a meal links to its recipes' headings, with the ids in the attribute line")
    func oneFile() throws {
        let text = MarkdownTesting.text(try MarkdownTesting.encode(MealFixtures.document, frontMatter: true))
        let dinner = Self.block(text, of: "Soup and galette")
        #expect(dinner.first?.contains(#" recipes="soup galette" -->"#) == true, "\(dinner)")
        #expect(dinner.last == "**Recipes:** [Tomato Soup](#tomato-soup), [Apple Galette](#apple-galette)")
        #expect(Self.block(text, of: "Camp Chili").last == "**Recipe:** [Camp Chili](#camp-chili)")
        #expect(Self.block(text, of: "Mystery dish").last == "**Recipe:** not-in-the-document", "an unknown recipe is its id")
        #expect(text.contains("\n# Tomato Soup\n"), "the anchor is the recipe's heading")
    }

    @Test("the meals read back with their recipes, with front matter and without")
    func roundTrip() throws {
        let withMatter = try MarkdownTesting.decode(MarkdownTesting.text(try MarkdownTesting.encode(MealFixtures.document, frontMatter: true))).document
        #expect(withMatter.events.map(\.recipes) == MealFixtures.meals.map(\.recipes))
        // Without front matter the recipes lose their ids: the meals point at the recipes read, by their pages.
        let plain = try MarkdownTesting.decode(MarkdownTesting.text(try MarkdownTesting.encode(MealFixtures.document))).document
        let titles = Dictionary(plain.recipes.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
        #expect(plain.events.map { $0.recipes.map { titles[$0] ?? $0 } } == [["Camp Chili"], ["Tomato Soup", "Apple Galette"], ["Camp Chili"], ["not-in-the-document"]])
    }

    @Test("a hand-written agenda's recipe links name the recipes of their pages")
    func handWritten() throws {
        let text = """
            # Tomato Soup

            ---

            - 1 can tomatoes

            <!-- almanac:agenda -->

            # Agenda

            ### Lunch

            **Recipes:** [the soup](../recipes/tomato-soup/), [Bread](bread.md), leftover\\, cold
            """
        let document = try MarkdownTesting.decode(text).document
        let soup = try #require(document.recipes.first)
        #expect(document.events.first?.recipes == [soup.id, "bread", "leftover, cold"])
        #expect(document.events.first?.notes == nil, "the line is no note")
    }

    @Test("recipes a pipeline dropped link to their source when it is a web address, else show their title")
    func referenced() throws {
        var document = AlmanacDocument(events: MealFixtures.meals)
        document.referencedRecipes = MealFixtures.recipes
        let text = MarkdownTesting.text(try MarkdownTesting.encode(document))
        #expect(Self.block(text, of: "Soup and galette").last == "**Recipes:** Tomato Soup, [Apple Galette](https://cooking.example/recipes/apple-galette)")
        #expect(!text.contains("# Camp Chili\n\n---"), "referenced recipes are not written as recipes")
    }

    @Test("a folder's meal pages link to the recipes' pages, a site's to their addresses")
    func folderAndSite() throws {
        let files = try MarkdownTesting.codec.encodeFiles(MealFixtures.document, options: EncodingOptions(today: CivilDate(year: 2026, month: 12, day: 1)))
        let page = try #require(files.first { $0.relativePath == "soup-and-galette.md" })
        #expect(String(decoding: page.bytes, as: UTF8.self).contains("\n**Recipes:** [Tomato Soup](tomato-soup.md), [Apple Galette](apple-galette.md)\n"))
        #expect(files.contains { $0.relativePath == "tomato-soup.md" })
        let site = try MarkdownTesting.codec.encodeFiles(MealFixtures.document, options: EncodingOptions(site: .hugo, today: CivilDate(year: 2026, month: 12, day: 1)))
        let sitePage = try #require(site.first { $0.relativePath.hasSuffix("events/soup-and-galette.md") })
        #expect(String(decoding: sitePage.bytes, as: UTF8.self).contains("\n**Recipes:** [Tomato Soup](../../recipes/tomato-soup/), [Apple Galette](../../recipes/apple-galette/)\n"))
        #expect(site.contains { $0.relativePath.hasSuffix("recipes/tomato-soup.md") })
    }

    @Test("slugs of link destinations", arguments: [
        ("#camp-chili", "camp-chili"), ("camp-chili.md", "camp-chili"), ("../../recipes/camp-chili/", "camp-chili"),
        ("https://example.com/r/camp-chili?x=1", "camp-chili"), ("page.md#camp-chili", "camp-chili"),
    ])
    func slugs(_ pair: (String, String)) {
        #expect(MealRecipeLinks.slug(of: pair.0) == pair.1)
    }
}
