import AlmanacTestSupport
import Foundation
import Testing

/// Markdown to the formats whose texts are plain (JSON-LD, iCalendar): the markup goes,
/// the text stays; to almanac JSON and back to Markdown nothing changes.
@Suite("Markdown markup across formats")
struct MarkdownMarkupConversionTests {
    static let fixture = TestPaths.inPackage("Tests/AlmanacMarkdownTests/Fixtures/hand-written.md").path

    @Test("md → jsonld: plain text without markup, and no warning about the kept Markdown")
    func jsonld() throws {
        let result = try CLI.run(["convert", Self.fixture, "-t", "jsonld"])
        #expect(result.status == 0, "\(result.stderrText)")
        let recipe = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
        let description = try #require(recipe["description"] as? String)
        #expect(description.hasPrefix("A spicy North-African dish. See Wikipedia or man eggs.\nServe it hot,\nwith plenty of bread"))
        let ingredients = try #require(recipe["recipeIngredient"] as? [String])
        #expect(ingredients.contains("1/2 cup olive oil, extra virgin"))
        let steps = (recipe["recipeInstructions"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        #expect(steps.contains("Crack an egg into each, gently."))
        for text in [description] + ingredients + steps {
            #expect(!text.contains("*") && !text.contains("](") && !text.contains("`") && !text.contains("<"), "\(text)")
        }
        #expect(!result.stderrText.contains("markdown-source"), "\(result.stderrText)")
    }

    @Test("an agenda's notes → ics: plain text without markup")
    func ics() throws {
        let agenda = "# Agenda\n\n### Party\n\nBring *cake*, see [the list](https://example.org/list) and `cups`.\n"
        let result = try CLI.run(["convert", "-f", "md", "-t", "ics", "--dtstamp", "20260101T000000Z"], stdin: agenda)
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(result.stdoutText.contains("DESCRIPTION:Bring cake\\, see the list and cups.\r\n"), "\(result.stdoutText)")
    }

    @Test("md → json → md gives the author's file back, byte for byte, without warnings")
    func throughJSON() throws {
        let json = try CLI.run(["convert", Self.fixture, "-t", "json"])
        #expect(json.status == 0 && json.stderrText.isEmpty, "\(json.stderrText)")
        let back = try ProcessRunner.almanac(["convert", "-f", "json", "-t", "md"], stdin: json.stdout)
        #expect(back.status == 0 && back.stderrText.isEmpty, "\(back.stderrText)")
        #expect(back.stdout == Array(try Data(contentsOf: URL(fileURLWithPath: Self.fixture))))
    }
}
