import AlmanacCore
import AlmanacTestSupport
import Foundation
import Testing
@testable import AlmanacMarkdown

/// ``GeneratedBodyCheck`` against the writer it stands in for: whenever it proves a body the
/// writer's, the writer writes exactly that body; and it proves the usual bodies (the
/// bench's, with escapes), so the reader seldom asks the writer.
@Suite("Generated body check")
struct GeneratedBodyCheckTests {
    /// Whether the check proves `body` and, if so, whether the writer agrees.
    static func compare(_ body: [UInt8], _ recipe: Recipe, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        body.withUnsafeBufferPointer { bytes in
            let proven = GeneratedBodyCheck.proves(bytes, isGeneratedFrom: recipe)
            if proven {
                #expect(KeptRecipeSource.writerGenerates(bytes, from: recipe), "proven but not the writer's: \(what)", sourceLocation: sourceLocation)
            }
            return proven
        }
    }

    static func written(_ recipe: Recipe) -> [UInt8] {
        var bytes: [UInt8] = []
        var warnings: [String] = []
        RecipeWriter(frontMatter: false).generatedBody(recipe, markup: nil, into: &bytes, warnings: &warnings)
        return bytes
    }

    /// A recipe as the bench makes them: groups, amounts with fractions and units, notes,
    /// sections of steps, tags, yields, a summary with backslashes and non-ASCII text.
    static let benchLike: Recipe = {
        var recipe = Recipe(id: "r", title: "Banana bread 1")
        recipe.summary = "Agenda: 1) review, 2) decisions; 3) next steps. Path: \\\\server\\team. Pensez à l'équipe."
        recipe.tags = ["fall", "vegetarian"]
        recipe.yields = [Yield(amount: 5, unit: "servings"), Yield(amount: 1.5, unit: "loaves")]
        recipe.ingredients = [Ingredient(amount: 0.25, unit: "cup", name: "sugar")]
        recipe.ingredientGroups = [
            IngredientGroup(title: "For the filling", ingredients: [
                Ingredient(amount: 1.5, unit: "pinch", name: "cumin seeds"),
                Ingredient(amount: 2, name: "cold butter"),
                Ingredient(amount: 0.75, unit: "g", name: "ground cinnamon", note: "finely chopped"),
                Ingredient(name: "black pepper", note: "cubed"),
            ], ingredientGroups: [IngredientGroup(title: "Inner", ingredients: [Ingredient(name: "salt")])]),
        ]
        recipe.directions = ["Preheat the oven."]
        recipe.directionGroups = [DirectionGroup(title: "Prepare the filling", directions: ["Toss the apples & pears.", "Simmer; season to taste. Let it rest 10 minutes."])]
        return recipe
    }()

    @Test("the bench's kind of recipe is proven without the writer")
    func benchLikeIsProven() {
        #expect(Self.compare(Self.written(Self.benchLike), Self.benchLike, "bench-like"))
    }

    /// Texts that the writer escapes, indents, trims or writes otherwise.
    static let tricky = [
        "plain", "*star*", "_under_", "a\\b", "\\", "&amp;", "&#13;", "& x", "x &", "&", "#hash", "a # b", "-dash", "+plus", "=eq",
        "1. one", "1) one", "12.5 g", "3 eggs", "a, b", "a,b", " lead", "trail ", "\ttab", "two\nlines", "cr\rx", "", " ", "é", "ünder",
        "x é", "é x", "\u{3000}x", "x\u{A0}", "資料", "[link](x)", "<b>", "~tilde", "`code`", "a]b", "/slash", "2nd", "½", "x*", "end\\",
    ]

    @Test("fields that need escaping or other care: proven only when the writer agrees")
    func trickyFields() {
        var proven = 0
        for text in Self.tricky {
            var variants: [(String, Recipe)] = []
            func variant(_ name: String, _ change: (inout Recipe) -> Void) {
                var recipe = Self.benchLike
                change(&recipe)
                variants.append(("\(name) = \(text.debugDescription)", recipe))
            }
            variant("title") { $0.title = text }
            variant("summary") { $0.summary = text }
            variant("tag") { $0.tags[1] = text }
            variant("yield unit") { $0.yields[0].unit = text }
            variant("unit") { $0.ingredients[0].unit = text }
            variant("unit without amount") { $0.ingredients[0].amount = nil; $0.ingredients[0].unit = text }
            variant("name") { $0.ingredients[0].name = text }
            variant("note") { $0.ingredients[0].note = text }
            variant("group title") { $0.ingredientGroups[0].title = text }
            variant("step") { $0.directions[0] = text }
            variant("section title") { $0.directionGroups[0].title = text }
            for (what, recipe) in variants {
                let written = Self.written(recipe)
                if Self.compare(written, recipe, what) { proven += 1 }
                // The bench-like body against the changed fields, and the changed body against the bench-like fields.
                #expect(!Self.compare(Self.written(Self.benchLike), recipe, "old body, \(what)") || Self.written(Self.benchLike) == written)
                #expect(!Self.compare(written, Self.benchLike, "new body, \(what)") || Self.written(Self.benchLike) == written)
            }
        }
        #expect(proven > Self.tricky.count * 4, "escaped texts are proven too")
    }

    /// A body that holds a field's text as it is where the writer writes it otherwise (a unit
    /// that starts with a fraction, a slash or a digit; a text to escape; a non-ASCII text
    /// with whitespace to trim): not proven.
    @Test("a field's raw text where the writer writes it otherwise is not proven")
    func rawTexts() {
        let written = String(decoding: Self.written(Self.benchLike), as: UTF8.self)
        let cases: [(old: String, raw: String, change: (inout Recipe) -> Void)] = [
            ("1/4 cup", "1/4 ½cup", { $0.ingredients[0].unit = "½cup" }),
            ("1/4 cup", "1/4 ⁄cup", { $0.ingredients[0].unit = "⁄cup" }),
            ("1/4 cup", "1/4 /cup", { $0.ingredients[0].unit = "/cup" }),
            ("1/4 cup", "1/4 2cup", { $0.ingredients[0].unit = "2cup" }),
            ("sugar", "*sugar*", { $0.ingredients[0].name = "*sugar*" }),
            ("sugar", "資料\u{3000}", { $0.ingredients[0].name = "資料\u{3000}" }),
            ("Banana bread 1", "\u{3000}資料", { $0.title = "\u{3000}資料" }),
            ("Preheat the oven.", "資料\u{A0}", { $0.directions[0] = "資料\u{A0}" }),
        ]
        for (old, raw, change) in cases {
            var recipe = Self.benchLike
            change(&recipe)
            #expect(written.contains(old))
            let body = Array(written.replacingOccurrences(of: old, with: raw).utf8)
            _ = Self.compare(body, recipe, "raw \(raw.debugDescription)")
        }
        var japanese = Self.benchLike
        japanese.summary = "資料は前日までに共有"
        japanese.ingredients[0].name = "砂糖"
        #expect(Self.compare(Self.written(japanese), japanese, "non-ASCII texts without whitespace at their ends are proven"))
    }

    @Test("recipes of other shapes: times, links, empty parts, deep groups, no directions")
    func shapes() {
        var shapes: [Recipe] = []
        func shape(_ change: (inout Recipe) -> Void) {
            var recipe = Self.benchLike
            change(&recipe)
            shapes.append(recipe)
        }
        shape { $0.prepTime = ISODuration(minutes: 15) }
        shape { $0.ingredients[0].link = "https://example.com" }
        shape { $0.summary = nil; $0.tags = []; $0.yields = [] }
        shape { $0.yields = [Yield(amount: nil, unit: "a loaf"), Yield(amount: 2, unit: nil)] }
        shape { $0.directions = []; $0.directionGroups = [] }
        shape { $0.directions = [""] }
        shape { $0.directionGroups[0].directions = [] }
        shape { $0.ingredients = []; $0.ingredientGroups = [] }
        shape { $0.ingredients[0].amount = 0 }
        shape { $0.ingredients[0].amount = 1.0 / 3 }
        shape { $0.ingredients[0].amount = 1234567.125 }
        shape { $0.ingredients[0].name = ""; $0.ingredients[0].note = "only a note" }
        shape { $0.ingredients[0].note = "" }
        shape {
            var group = IngredientGroup(title: "deep", ingredients: [Ingredient(name: "x")])
            for level in 0..<7 { group = IngredientGroup(title: "level \(level)", ingredients: [], ingredientGroups: [group]) }
            $0.ingredientGroups = [group]
        }
        for (index, recipe) in shapes.enumerated() {
            _ = Self.compare(Self.written(recipe), recipe, "shape \(index)")
            _ = Self.compare(Self.written(Self.benchLike), recipe, "bench-like body, shape \(index)")
        }
    }

    /// Every single-byte change to a written body (a byte dropped, doubled, replaced or put
    /// before it): none is proven, since the writer writes the body unchanged.
    @Test("a written body changed anywhere is not proven")
    func mutatedBodies() {
        let body = Self.written(Self.benchLike)
        let replacements = Array(" \\*\n\r\t#-1.,&xé".utf8)
        for index in body.indices {
            var changed: [[UInt8]] = []
            var dropped = body
            dropped.remove(at: index)
            changed.append(dropped)
            for byte in replacements {
                var inserted = body
                inserted.insert(byte, at: index)
                changed.append(inserted)
                if body[index] != byte {
                    var replaced = body
                    replaced[index] = byte
                    changed.append(replaced)
                }
            }
            for candidate in changed where candidate != body {
                #expect(!Self.compare(candidate, Self.benchLike, "changed at \(index)"))
            }
        }
        #expect(!Self.compare(body + [UInt8(ascii: "\n")], Self.benchLike, "a blank line more at the end"))
        #expect(!Self.compare(Array(body.dropLast()), Self.benchLike, "no line end at the end"))
    }

    /// The reader's inputs: the RecipeMD conformance cases (when present), the hand-written
    /// fixture and the samples, each recipe's body against its fields as read.
    @Test("conformance cases, fixtures and samples: the check agrees with the writer")
    func readInputs() throws {
        var texts: [String] = [
            try KeptRecipeSourceTests.handWritten(),
            try String(contentsOf: TestPaths.sample("recipes.md"), encoding: .utf8),
        ]
        for name in ConformanceTests.valid { texts.append(try ConformanceTests.read(name)) }
        let document = try MarkdownTesting.sample("recipes.json")
        for recipe in document.recipes {
            texts.append(String(decoding: Self.written(recipe), as: UTF8.self))
            _ = Self.compare(Self.written(recipe), recipe, "sample \(recipe.title)")
        }
        for text in texts {
            guard let decoded = try? MarkdownTesting.decode(text) else { continue }
            for recipe in decoded.document.recipes {
                _ = Self.compare(Array(text.utf8), recipe, "read \(recipe.title)")
                _ = Self.compare(Self.written(recipe), recipe, "rewritten \(recipe.title)")
                for variant in [text.replacingOccurrences(of: "\n", with: "\r\n"), text + "\n", "\n" + text, text.replacingOccurrences(of: "\n\n", with: "\n\n\n")] {
                    _ = Self.compare(Array(variant.utf8), recipe, "variant of \(recipe.title)")
                }
            }
        }
    }
}
