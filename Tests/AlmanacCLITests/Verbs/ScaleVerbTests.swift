import AlmanacCore
import AlmanacTestSupport
import Foundation
import Testing
@testable import AlmanacCLI

@Suite struct ScaleVerbTests {
    static let soup = Recipe(
        id: "soup", title: "Tomato Soup", yields: [Yield(amount: 4, unit: "servings")],
        ingredients: [Ingredient(amount: 0.5, unit: "cup", name: "cream"), Ingredient(amount: 1, name: "bay leaf", fixed: true)],
        ingredientGroups: [IngredientGroup(title: "Base", ingredients: [Ingredient(amount: 800, unit: "g", name: "tomatoes")])]
    )

    func scaled(_ arguments: [String], _ items: [Item]) throws -> [Item] {
        try VerbRun.apply(ScaleVerb(), arguments, to: items)
    }

    @Test func aFactorScalesRecipesAndPassesEvents() throws {
        let event = VerbRun.event("dinner", "Dinner", start: "2026-12-24T18:00:00Z")
        let result = try scaled(["--factor", "1 1/2"], [.recipe(Self.soup), event])
        guard case .recipe(let recipe) = result[0] else { Issue.record("not a recipe"); return }
        #expect(recipe.yields == [Yield(amount: 6, unit: "servings")])
        #expect(recipe.allIngredients.map(\.amount) == [0.75, 1, 1200])
        #expect(result[1] == event)
    }

    @Test func aYieldScalesByTheRatio() throws {
        let result = try scaled(["--yield", "6 Servings"], [.recipe(Self.soup)])
        #expect(result == [.recipe(try RecipeScaler.scale(Self.soup, by: 1.5))])
    }

    @Test func scaledRecipesReplaceTheirsInTheRecipeBook() throws {
        let meal = Item.event(Event(id: "meal", title: "Soup night", recipes: ["soup"]))
        var state = PipelineState(items: [LocatedItem(.recipe(Self.soup)), LocatedItem(meal)], documentExtras: Extras())
        state.recipeBook = [Self.soup, Recipe(id: "other", title: "Other", yields: [Yield(amount: 1, unit: "servings")])]
        try VerbRun.step(ScaleVerb(), ["--factor", "2"]).apply(to: &state)
        #expect(state.recipeBook.map(\.yields) == [[Yield(amount: 8, unit: "servings")], [Yield(amount: 1, unit: "servings")]])
        state.items.removeFirst()
        #expect(state.document.referencedRecipes.first?.ingredients.first?.amount == 1)
    }

    @Test("bad arguments are usage errors", arguments: [
        [], ["--factor", "2", "--yield", "8 servings"], ["--factor", "two"], ["--factor", "0"], ["--factor", "-2"],
        ["--factor", "2 servings"], ["--yield", "servings"], ["--yield", "0 servings"], ["--factor", "2", "extra"],
    ])
    func badArguments(arguments: [String]) {
        #expect(throws: UsageError.self) { try VerbRun.step(ScaleVerb(), arguments) }
    }

    @Test func aRecipeWithoutTheYieldIsAUsageErrorNamingIt() throws {
        let bread = Recipe(id: "bread", title: "Bread", yields: [Yield(amount: 1, unit: "loaf")])
        do {
            _ = try scaled(["--yield", "8 servings"], [.recipe(Self.soup), .recipe(bread)])
            Issue.record("no error")
        } catch let error as AlmanacError {
            #expect(error.message == "scale: recipe 'Bread' (bread) has no yield in 'servings'; its yields are '1 loaf'")
            #expect(error.status == .usage)
            #expect(error.hint != nil)
        }
    }

    // MARK: The command line

    static func lines(_ result: ProcessRunner.Result) -> [String] {
        result.stdoutText.components(separatedBy: "\n")
    }

    @Test func samplesDoubledInMarkdown() throws {
        let result = try CLI.run(["convert", "Samples/recipes.json", "-t", "md", "then", "scale", "--factor", "2"])
        #expect(result.status == 0, "\(result.stderrText)")
        let lines = Self.lines(result)
        for line in ["**16 slices**", "- *3 cups* all-purpose flour", "- *1 cup* cold butter, cubed", "- *1/2 tsp* salt",
                     "- *8* tart apples, peeled and thinly sliced", "- *1/4 tsp* nutmeg, freshly grated", "**12 servings, 2 pot**"] {
            #expect(lines.contains(line), "\(line)")
        }
        let unscaled = try CLI.run(["convert", "Samples/recipes.json", "-t", "md"])
        #expect(lines.count == Self.lines(unscaled).count)
        #expect(lines.contains("- *1 1/2 cups* all-purpose flour") == false)
    }

    @Test func chiliForEightInMarkdown() throws {
        let result = try CLI.run(["convert", "Samples/recipes.json", "-t", "md", "then", "filter", "--title", "Chili", "then", "scale", "--yield", "8 servings"])
        #expect(result.status == 0, "\(result.stderrText)")
        let lines = Self.lines(result)
        for line in ["# Camp Chili", "**8 servings, 1 1/3 pot**", "- *1 1/3 lb* ground beef", "- *2 2/3 cans* kidney beans, drained",
                     "- *37 1/3 oz* crushed tomatoes", "- *2 tsp* ground cumin", "- salt, to taste"] {
            #expect(lines.contains(line), "\(line)\n\(result.stdoutText)")
        }
    }

    @Test func aRecipeWithoutTheYieldStopsTheRunAndWritesNothing() throws {
        let scratch = try ScratchFolder()
        let output = scratch.path("out.md")
        let result = try CLI.run(["convert", "Samples/recipes.json", "-o", output, "then", "scale", "--yield", "8 servings"])
        #expect(result.status == 64)
        #expect(result.stderrText.contains("almanac: error: scale: recipe 'Apple Galette' (25B67F79-9D9F-429A-9861-57FBB15E6C9B) has no yield in 'servings'; its yields are '8 slices'\nhint: "), "\(result.stderrText)")
        #expect(result.stderrText.contains("Usage: almanac convert"))
        #expect(try scratch.contents().isEmpty)
    }

    @Test func fixedIngredientsStayInJSON() throws {
        let input = """
            {"recipes": [{"id": "soup", "title": "Soup", "yields": [{"amount": 4, "unit": "servings"}],
              "ingredients": [{"amount": 0.1, "unit": "l", "name": "cream"}, {"amount": 1, "name": "bay leaf", "fixed": true}],
              "ingredientGroups": [{"title": "Base", "ingredients": [{"amount": 1.5, "unit": "kg", "name": "tomatoes"}, {"name": "salt", "fixed": true}]}]}]}
            """
        let result = try CLI.run(["convert", "-f", "json", "-t", "json", "then", "scale", "--factor", "3"], stdin: input)
        #expect(result.status == 0, "\(result.stderrText)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
        let recipe = try #require((root["recipes"] as? [[String: Any]])?.first)
        #expect((recipe["yields"] as? [[String: Any]])?.first?["amount"] as? Double == 12)
        let ingredients = try #require(recipe["ingredients"] as? [[String: Any]])
        #expect(ingredients.map { $0["amount"] as? Double } == [0.3, 1])
        #expect(ingredients.map { $0["fixed"] as? Bool } == [nil, true])
        let group = try #require((recipe["ingredientGroups"] as? [[String: Any]])?.first?["ingredients"] as? [[String: Any]])
        #expect(group.map { $0["amount"] as? Double } == [4.5, nil])
        #expect(group.map { $0["fixed"] as? Bool } == [nil, true])
        #expect(result.stdoutText.contains("\"amount\": 0.3,"), "no float noise: \(result.stdoutText)")
    }

    @Test func handWrittenMarkdownKeepsItsTextAndGetsNewAmounts() throws {
        let markdown = """
            # Brownies

            **16 squares**

            ---

            - *½ cup* **dark** chocolate
            - *1 1/3 cups* sugar
            - a pinch of salt

            ---

            Melt, stir, *bake*.

            """
        let unchanged = try CLI.run(["convert", "-f", "md", "-t", "md", "then", "scale", "--factor", "1"], stdin: markdown)
        #expect(unchanged.stdoutText == markdown, "\(unchanged.stderrText)")
        let halved = try CLI.run(["convert", "-f", "md", "-t", "md", "then", "scale", "--yield", "8 squares"], stdin: markdown)
        #expect(halved.status == 0, "\(halved.stderrText)")
        #expect(halved.stdoutText == markdown.replacingOccurrences(of: "**16 squares**", with: "**8 squares**")
            .replacingOccurrences(of: "*½ cup*", with: "*1/4 cup*").replacingOccurrences(of: "*1 1/3 cups*", with: "*2/3 cups*"))
    }

    @Test func convertsOptionsAfterTheVerbAreAUsageErrorWithAHint() throws {
        let result = try CLI.run(["convert", "Samples/recipes.json", "then", "scale", "--factor", "2", "-t", "md"])
        #expect(result.status == 64)
        #expect(result.stderrText.contains("unknown option '-t' for verb 'scale'"), "\(result.stderrText)")
        #expect(result.stderrText.contains("hint: convert's own options go before the first 'then'"))
        #expect(result.stdout.isEmpty)
    }

    @Test func badArgumentsOnTheCommandLine() throws {
        let missing = try CLI.run(["convert", "Samples/recipes.json", "-t", "md", "then", "scale"])
        #expect(missing.status == 64)
        #expect(missing.stderrText.hasPrefix("almanac: error: scale: missing --factor <number> or --yield <amount unit>"), "\(missing.stderrText)")
        let zero = try CLI.run(["convert", "Samples/recipes.json", "-t", "md", "then", "scale", "--factor", "0"])
        #expect(zero.status == 64)
        #expect(zero.stderrText.hasPrefix("almanac: error: scale: --factor must be a positive number such as 2, 0.5, 1/3 or 1 1/2, not '0'"), "\(zero.stderrText)")
        let help = try CLI.run(["convert", "then", "scale", "--help"])
        #expect(help.status == 0)
        #expect(help.stdoutText.contains("USAGE: almanac convert … then scale --factor <number> | --yield <amount unit>"), "\(help.stdoutText)")
        let verbs = try CLI.run(["verbs"])
        #expect(verbs.stdoutText.contains("scale"))
    }
}
