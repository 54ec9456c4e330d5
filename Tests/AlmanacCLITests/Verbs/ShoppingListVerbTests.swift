import AlmanacCore
import AlmanacTestSupport
import Foundation
import Testing
@testable import AlmanacCLI

@Suite struct ShoppingListVerbTests {
    /// The `- [ ]` lines of a Markdown agenda, without the box.
    static func checklist(_ markdown: String) -> [String] {
        markdown.split(separator: "\n").compactMap { $0.hasPrefix("- [ ] ") ? String($0.dropFirst(6)) : nil }
    }

    @Test func theSampleRecipesBecomeOneChecklist() throws {
        let result = try CLI.run(["convert", "Samples/recipes.json", "-t", "md", "then", "shopping-list", "--date", "2026-12-05", "--title", "Groceries"])
        #expect(result.status == 0, "\(result.stderrText)")
        let text = result.stdoutText
        let lines = Self.checklist(text)
        for line in ShoppingListFixtures.sampleLines { #expect(lines.contains(line), "\(line)") }
        let recipes = try ShoppingListFixtures.sampleRecipes()
        #expect(lines == ShoppingList(recipes: recipes).lines.map(\.text))
        #expect(lines.firstIndex(of: "1/4 tsp salt (Apple Galette)")! + 1 == lines.firstIndex(of: "salt (Camp Chili)")!, "one ingredient's lines stay together")
        #expect(text.contains("### Groceries"))
        #expect(text.contains("**When:** Sat 2026-12-05 (all day)"))
        #expect(!text.contains("almanac:recipe") && !text.contains("## Ingredients"), "the recipes left the stream")
        #expect(result.stderrText.isEmpty)
    }

    @Test func theChecklistReadsBackAsTheListsTasks() throws {
        let scratch = try ScratchFolder()
        let markdown = scratch.path("list.md")
        let written = try CLI.run(["convert", "Samples/recipes.json", "-o", markdown, "then", "shopping-list", "--date", "2026-12-05"])
        #expect(written.status == 0, "\(written.stderrText)")
        let read = try CLI.run(["convert", markdown, "-t", "json"])
        #expect(read.status == 0, "\(read.stderrText)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(read.stdout)) as? [String: Any])
        let events = try #require(root["events"] as? [[String: Any]])
        #expect(events.count == 1)
        #expect(events.first?["title"] as? String == "Shopping list")
        #expect(events.first?["start"] as? String == "2026-12-05")
        let tasks = try #require(events.first?["tasks"] as? [[String: Any]])
        #expect(tasks.map { $0["text"] as? String } == ShoppingList(recipes: try ShoppingListFixtures.sampleRecipes()).lines.map(\.text))
        #expect(tasks.allSatisfy { $0["isCompleted"] as? Bool != true })
    }

    @Test func theWeeksMealsAfterAFilterShopForTheirRecipes() throws {
        let scratch = try ScratchFolder()
        let week = try ShoppingListFixtures.week(in: scratch)
        let result = try CLI.run(["convert", week, "-t", "json", "then", "filter", "--period", "next-7-days", "--today", "2026-12-01", "then", "shopping-list"])
        #expect(result.status == 0, "\(result.stderrText)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
        #expect((root["recipes"] as? [Any] ?? []).isEmpty, "the recipes left the stream")
        let events = try #require(root["events"] as? [[String: Any]])
        #expect(events.map { $0["id"] as? String }.prefix(3) == ["meal-1", "party", "meal-2"], "the events stay")
        #expect(events.count == 4)
        let list = try #require(events.last)
        #expect(list["title"] as? String == "Shopping list")
        #expect(list["start"] as? String == "2026-12-03", "the day of the first meal")
        #expect(list["recipes"] == nil, "the list is no meal")
        let tasks = try #require(list["tasks"] as? [[String: Any]])
        #expect(tasks.map { $0["text"] as? String } == ShoppingListFixtures.weekLines)
        #expect(list["notes"] as? String == "Shopping for Camp Chili ×2, Weeknight Tomato Soup.")
        // The meal naming a recipe no input holds is a warning at that meal.
        let warning = try #require(result.stderrText.split(separator: "\n").first { $0.contains("no-such-recipe") })
        #expect(warning.hasPrefix("\(week):"))
        #expect(warning.contains(": warning: shopping-list: the meal 'Soup and chili' (meal-2) names the recipe 'no-such-recipe', which no input holds; it is left out of the list"))
        let line = try #require(Int(warning.split(separator: ":")[1]))
        let source = try String(contentsOfFile: week, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(source[(line - 1)...].prefix(12).contains { $0.contains("meal-2") }, "the warning points at the meal")
    }

    @Test func aMealPlanWithoutAFilterShopsForEveryMeal() throws {
        let scratch = try ScratchFolder()
        let week = try ShoppingListFixtures.week(in: scratch)
        let result = try CLI.run(["convert", week, "-t", "md", "then", "shopping-list", "--date", "2026-12-02T09:00:00Z"])
        #expect(result.status == 0, "\(result.stderrText)")
        let lines = Self.checklist(result.stdoutText)
        #expect(lines.first == "2 lb ground beef (Camp Chili ×2)", "in the order of the meals")
        #expect(lines.last == "1/8 tsp nutmeg (Apple Galette)", "the galette's meal is the last")
        #expect(!lines.contains { $0.contains("Guava") || $0.contains("Cheese Plate") }, "recipes no meal serves are not shopped for")
        #expect(result.stdoutText.contains("**When:** Wed 2026-12-02 09:00 UTC"))
    }

    @Test func nothingToShopForIsAnErrorAndWritesNothing() throws {
        let scratch = try ScratchFolder()
        let output = scratch.path("list.md")
        let events = try CLI.run(["convert", "Samples/events.json", "-o", output, "then", "shopping-list"])
        #expect(events.status == 65)
        #expect(events.stderrText.contains("shopping-list: nothing to shop for: it holds no recipes and no meals"), "\(events.stderrText)")
        #expect(!FileManager.default.fileExists(atPath: output))
        let week = try ShoppingListFixtures.week(in: scratch)
        let past = try CLI.run(["convert", week, "-o", output, "then", "filter", "--period", "next-7-days", "--today", "2030-01-01", "then", "shopping-list"])
        #expect(past.status == 65)
        #expect(past.stderrText.contains("nothing to shop for"))
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test(arguments: [
        (["--date", "tomorrow"], "shopping-list: --date must be a date such as 2026-12-24 or a time such as 2026-12-24T10:00:00Z, not 'tomorrow'"),
        (["--title", " "], "shopping-list: --title must not be blank"),
        (["extra"], "shopping-list: unexpected argument 'extra'"),
    ])
    func badArgumentsAreUsageErrors(arguments: [String], message: String) throws {
        let result = try CLI.run(["convert", "Samples/recipes.json", "-t", "md", "then", "shopping-list"] + arguments)
        #expect(result.status == 64)
        #expect(result.stderrText.contains(message), "\(result.stderrText)")
        #expect(result.stdout.isEmpty)
    }

    @Test func theVerbIsListedWithItsHelp() throws {
        let verbs = try CLI.run(["verbs"])
        #expect(verbs.stdoutText.contains("shopping-list"))
        let help = try CLI.run(["convert", "then", "shopping-list", "--help"])
        #expect(help.status == 0)
        #expect(help.stdoutText.contains("USAGE: almanac convert … then shopping-list [--title <title>] [--date <date>]"))
    }

    @Test func theStepDropsRecipesKeepsEventsAndAddsTheList() throws {
        let items: [Item] = [
            VerbRun.recipe("a", "A"), VerbRun.event("e", "Party", start: "2026-12-04"),
            .recipe(Recipe(id: "b", title: "B", ingredients: [Ingredient(amount: 2, name: "egg")])),
        ]
        let after = try VerbRun.apply(ShoppingListVerb(), ["--date", "2026-12-04", "--title", "Eggs"], to: items)
        #expect(after.map(\.id).prefix(1) == ["e"])
        #expect(after.count == 2)
        guard case .event(let list) = after[1] else { Issue.record("no list"); return }
        #expect(list.title == "Eggs")
        #expect(list.tasks.map(\.text) == ["2 eggs (B)"])
    }
}
