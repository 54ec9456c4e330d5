import AlmanacCore
@testable import AlmanacCLI
import AlmanacTestSupport
import Foundation
import Testing

@Suite("plan")
struct PlanVerbTests {
    static let chiliID = "A1796D50-A8F6-4CEA-81FC-98CCEA8B9AE0"

    @Test("plan adds a meal for the recipe: its title, the start asked for, the recipe's length")
    func plan() throws {
        let recipe = Item.recipe(MealFixtures.chili)
        let items = try VerbRun.apply(PlanVerb(), ["--recipe", "chili", "--at", "2026-12-07T18:30", "--servings", "4"], to: [recipe])
        try #require(items.count == 2)
        #expect(items[0] == recipe, "the recipe stays")
        guard case .event(let meal) = items[1] else { Issue.record("no meal: \(items)"); return }
        #expect(meal.title == "Camp Chili")
        #expect(meal.recipes == ["chili"])
        #expect(meal.start == MealFixtures.time("2026-12-07T18:30:00"))
        #expect(meal.end == MealFixtures.time("2026-12-07T19:45:00"), "prep 15 min plus cook 1 h")
        #expect(meal.notes == "Servings: 4")
    }

    @Test("--title, --time-zone, and a recipe named by its title")
    func options() throws {
        let items = try VerbRun.apply(PlanVerb(), ["--recipe", "tomato soup", "--at", "2026-12-08T12:30", "--time-zone", "America/Los_Angeles", "--title", "Lunch"], to: [.recipe(MealFixtures.soup)])
        guard case .event(let meal)? = items.last else { Issue.record("no meal"); return }
        #expect(meal.title == "Lunch")
        #expect(meal.recipes == ["soup"])
        #expect(meal.start == .zoned(MealFixtures.time("2026-12-08T12:30:00").civil, timeZone: "America/Los_Angeles"))
        #expect(meal.end == .zoned(MealFixtures.time("2026-12-08T13:05:00").civil, timeZone: "America/Los_Angeles"))
        #expect(meal.notes == nil)
    }

    @Test("a recipe an earlier step dropped is still found in the recipe book")
    func recipeBook() throws {
        var state = PipelineState(items: [], documentExtras: Extras())
        state.recipeBook = MealFixtures.recipes
        try VerbRun.step(PlanVerb(), ["--recipe", "galette", "--at", "2026-12-10"]).apply(to: &state)
        guard case .event(let meal)? = state.items.first?.item else { Issue.record("no meal"); return }
        #expect(meal.recipes == ["galette"])
        #expect(meal.isAllDay)
        #expect(state.document.referencedRecipes.map(\.id) == ["galette"], "the writer gets the meal's recipe")
    }

    @Test("an unknown recipe is a usage error that names it")
    func unknownRecipe() throws {
        let step = try VerbRun.step(PlanVerb(), ["--recipe", "cake", "--at", "2026-12-07T18:30"])
        var state = PipelineState(items: [LocatedItem(.recipe(MealFixtures.chili))], documentExtras: Extras())
        #expect { try step.apply(to: &state) } throws: { error in
            (error as? AlmanacError).map { $0.status == .usage && $0.message == "plan: no recipe has the id or title 'cake'" } == true
        }
        var ambiguous = PipelineState(items: [LocatedItem(.recipe(Recipe(id: "a", title: "Soup"))), LocatedItem(.recipe(Recipe(id: "b", title: "Soup")))], documentExtras: Extras())
        #expect { try VerbRun.step(PlanVerb(), ["--recipe", "soup", "--at", "2026-12-07"]).apply(to: &ambiguous) } throws: { error in
            (error as? AlmanacError).map { $0.status == .usage && $0.message?.hasSuffix("give one of their ids: a, b") == true } == true
        }
    }

    @Test("arguments are checked before anything is read", arguments: [
        [] as [String], ["--recipe", "chili"], ["--at", "2026-12-07T18:30"], ["--recipe", "chili", "--at", "tonight"],
        ["--recipe", "chili", "--at", "2026-12-07T18:30", "--servings", "0"], ["--recipe", "chili", "--at", "2026-12-07T18:30", "--servings", "many"],
        ["--recipe", "chili", "--at", "2026-12-07T18:30", "--time-zone", "Mars/Olympus"], ["--recipe", "chili", "--at", "2026-12-07T18:30:00Z", "--time-zone", "Europe/Berlin"],
        ["--recipe", "chili", "--at", "2026-12-07T18:30", "extra"],
    ])
    func badArguments(_ arguments: [String]) {
        #expect(throws: UsageError.self) { try VerbRun.step(PlanVerb(), arguments) }
    }

    @Test("from the command line: an unknown recipe is exit 64 with its name, nothing written")
    func unknownOnCommandLine() throws {
        let scratch = try ScratchFolder()
        let output = scratch.path("week.ics")
        let run = try CLI.run(["convert", "Samples/recipes.json", "-o", output, "then", "plan", "--recipe", "cake", "--at", "2026-12-07T18:30"])
        #expect(run.status == 64)
        #expect(run.stderrText.contains("almanac: error: plan: no recipe has the id or title 'cake'"), "\(run.stderrText)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test("to ics, recipes no meal names are refused (exit 65, nothing written), with a hint")
    func unnamedRecipesRefused() throws {
        let scratch = try ScratchFolder()
        let output = scratch.path("week.ics")
        let run = try CLI.run(["convert", "Samples/recipes.json", "-o", output, "then", "plan", "--recipe", "Camp Chili", "--at", "2026-12-07T18:30"])
        #expect(run.status == 65)
        #expect(run.stderrText.hasPrefix("almanac: error: the ics format cannot hold recipes, and no event names 5 recipes ('Apple Galette', 'Guava Syrup', 'Guava Kombucha', …); nothing was written\nhint: "), "\(run.stderrText)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test("a streamed conversion refuses a recipe no meal names too, wherever it comes")
    func streamedRefusal() throws {
        let scratch = try ScratchFolder()
        let input = try scratch.write("week.ndjson", """
            {"kind":"recipe","id":"chili","title":"Chili","totalTime":"PT1H"}
            {"kind":"event","id":"m","title":"Chili","start":"2026-12-07T18:30:00Z","recipes":["chili"]}
            {"kind":"recipe","id":"cake","title":"Cake"}

            """)
        let output = scratch.path("week.ics")
        let refused = try CLI.run(["convert", input, "-o", output])
        #expect(refused.status == 65)
        #expect(refused.stderrText.contains("no event names 1 recipe ('Cake')"), "\(refused.stderrText)")
        #expect(!FileManager.default.fileExists(atPath: output))
        // Without the cake, the meal's recipe is its details: the calendar is written, with its alarm.
        let named = try scratch.write("meal.ndjson", """
            {"kind":"recipe","id":"chili","title":"Chili","totalTime":"PT1H"}
            {"kind":"event","id":"m","title":"Chili","start":"2026-12-07T18:30:00Z","recipes":["chili"]}

            """)
        let written = try CLI.run(["convert", named, "-t", "ics"])
        #expect(written.status == 0, "\(written.stderrText)")
        #expect(written.stdoutText.contains("TRIGGER;RELATED=START:-PT1H\r\nDESCRIPTION:Start cooking: Chili (1 h)\r\n"))
        #expect(written.stderrText.isEmpty, "\(written.stderrText)")
    }

    @Test("planned into Markdown, the meal links to the recipe's heading and reads back")
    func markdown() throws {
        let run = try CLI.run(["convert", "Samples/recipes.json", "-t", "md", "--front-matter", "--today", "2026-12-01", "then", "plan", "--recipe", Self.chiliID, "--at", "2026-12-07T18:30"])
        try #require(run.status == 0, "\(run.stderrText)")
        #expect(run.stdoutText.contains("recipes=\"\(Self.chiliID)\""))
        #expect(run.stdoutText.contains("\n**Recipe:** [Camp Chili](#camp-chili)\n"))
        let back = try CLI.run(["convert", "-f", "md", "-t", "ndjson", "then", "filter", "--kind", "event"], stdin: run.stdoutText)
        try #require(back.status == 0, "\(back.stderrText)")
        #expect(back.stdoutText.contains("\"recipes\":[\"\(Self.chiliID)\"]"), "\(back.stdoutText)")
    }
}
