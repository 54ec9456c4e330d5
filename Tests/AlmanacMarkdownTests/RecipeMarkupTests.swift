import AlmanacCore
import Foundation
import Testing
@testable import AlmanacMarkdown

/// A recipe a verb changed is written from its fields, keeping the author's Markdown in
/// the texts that did not change, and reads back as the changed recipe.
@Suite("Markup of changed recipes")
struct RecipeMarkupTests {
    static func changed() throws -> (Recipe, String) {
        var recipe = try #require(try MarkdownTesting.decode(try KeptRecipeSourceTests.handWritten()).document.recipes.first)
        recipe.ingredientGroups[0].ingredients[1].amount = 2
        recipe.directions.insert("A new *step* [1].", at: 2)
        recipe.directions.removeLast()
        let text = MarkdownTesting.text(try MarkdownTesting.encode(AlmanacDocument(recipes: [recipe])))
        return (recipe, text)
    }

    @Test("unchanged texts keep their Markdown, amounts and shapes; changed and new ones are written from the fields")
    func keepsMarkup() throws {
        let (_, text) = try Self.changed()
        for kept in [
            "Shakshuka", "A *spicy* North-African dish. See [Wikipedia](https://en.wikipedia.org/wiki/Shakshouka) or `man eggs`.\nServe it hot,\\\n",
            "![A pan of shakshuka](images/shakshuka.jpg \"In the pan\")", "> Eggs poached in sauce: the [classic][wiki].",
            "**2 servings, 1,5 pans**", "- *½ cup* olive oil, _extra_ virgin", "- *5,5 g* `ras el hanout`, or <em>cumin</em>",
            "- *2* onions  \n  finely chopped", "\n\nMix and fry.\n\n", "```sh\nstir --until thick\n```", "\n    taste; adjust\n",
            "\n3. Make four wells.\n4. Crack an egg into each, **gently**.\n", "[wiki]: https://en.wikipedia.org/wiki/Shakshouka",
        ] {
            #expect(text.contains(kept), "\(kept)")
        }
        #expect(text.contains("- *2 kg* ripe tomatoes, peeled (see [how](#peeling))"))
        #expect(text.contains("\n\nA new \\*step\\* \\[1\\].\n\n"), "a new step after a paragraph is a paragraph, escaped")
        #expect(!text.contains("Serve straight from the pan"))
    }

    @Test("the changed recipe reads back as changed")
    func readsBack() throws {
        let (recipe, text) = try Self.changed()
        let back = try #require(try MarkdownTesting.decode(text).document.recipes.first)
        #expect(KeptRecipeSource.fingerprint(back) == KeptRecipeSource.fingerprint(recipe))
        #expect(back.directions == recipe.directions)
        #expect(back.ingredientGroups == recipe.ingredientGroups.map { group in
            var group = group
            group.ingredients = group.ingredients.map { var ingredient = $0; ingredient.extras = Extras(); return ingredient }
            return group
        })
    }

    @Test("a verb that changes nothing the body shows (favorite, collect) leaves the body byte for byte")
    func frontMatterOnlyChanges() throws {
        let text = try KeptRecipeSourceTests.handWritten()
        var document = try MarkdownTesting.decode(text).document
        document.recipes[0].isFavorite = true
        document.recipes[0].collections = ["Brunch"]
        #expect(MarkdownTesting.text(try MarkdownTesting.encode(document)) == text)
        let matter = MarkdownTesting.text(try MarkdownTesting.encode(document, frontMatter: true))
        #expect(matter.hasSuffix("---\n\n" + text))
        #expect(matter.contains("favorite: true\n") && matter.contains("categories: [\"Brunch\"]\n"))
    }

    @Test("numbered steps stay numbered, from the number they started at; bullets stay bullets")
    func listShapes() throws {
        let text = "# Tea\n\n---\n\n- *1* bag\n\n---\n\n5) Boil *water*.\n6) Pour.\n\n## Serve\n\n+ Add milk.\n+ Stir.\n"
        var document = try MarkdownTesting.decode(text).document
        document.recipes[0].directions.append("Wait.")
        document.recipes[0].directionGroups[0].directions.insert("Sweeten.", at: 0)
        let written = MarkdownTesting.text(try MarkdownTesting.encode(document))
        #expect(written.contains("5) Boil *water*.\n6) Pour.\n7) Wait.\n"), "\(written)")
        // A new first step of a section takes the recipe's first shape, numbered from 1.
        #expect(written.contains("## Serve\n\n1) Sweeten.\n\n+ Add milk.\n+ Stir.\n"), "\(written)")
        let back = try #require(try MarkdownTesting.decode(written).document.recipes.first)
        #expect(back.directions == document.recipes[0].directions && back.directionGroups == document.recipes[0].directionGroups)
    }

    @Test("a recipe from JSON, whose texts are plain, is written as today: escaped, steps numbered")
    func plainRecipes() throws {
        let recipe = Recipe(id: "P", title: "A *b* [c]", summary: "x *y* [z](w)", ingredients: [Ingredient(amount: 0.5, unit: "cup", name: "*oil*")],
                            directions: ["Mix *well*.", "Fry [now]."])
        let text = MarkdownTesting.text(try MarkdownTesting.encode(AlmanacDocument(recipes: [recipe])))
        #expect(text == "# A \\*b\\* \\[c\\]\n\nx \\*y\\* \\[z\\](w)\n\n---\n\n- *1/2 cup* \\*oil\\*\n\n---\n\n1. Mix \\*well\\*.\n2. Fry \\[now\\].\n")
        let back = try #require(try MarkdownTesting.decode(text).document.recipes.first)
        #expect(back.title == recipe.title && back.summary == recipe.summary && back.directions == recipe.directions)
        #expect(back.ingredients.map(\.name) == ["*oil*"])
    }
}
