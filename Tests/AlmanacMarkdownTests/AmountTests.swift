import AlmanacCore
import Testing
@testable import AlmanacMarkdown

/// Amount forms RecipeMD allows, read through a whole recipe, and the writer's forms.
@Suite("Amounts")
struct AmountTests {
    @Test("amount forms read to numbers and units", arguments: [
        ("4 cups", 4.0, "cups"),
        ("1.5 l", 1.5, "l"),
        ("1,5 Tassen", 1.5, "Tassen"),
        (".5 tsp", 0.5, "tsp"),
        ("3/7", 3.0 / 7, nil),
        ("3 / 4 cup", 0.75, "cup"),
        ("1 1/5 kg", 1.2, "kg"),
        ("½ cup", 0.5, "cup"),
        ("1 ½ cups", 1.5, "cups"),
        ("1½ cups", 1.5, "cups"),
        ("2⁄3 cup", 2.0 / 3, "cup"),
        ("1 1⁄4 cups", 1.25, "cups"),
        ("5ml", 5.0, "ml"),
        ("-2 °C", -2.0, "°C"),
    ] as [(String, Double, String?)])
    func reads(text: String, amount: Double, unit: String?) throws {
        let markdown = "# Soup\n\n---\n\n- *\(text)* water\n"
        let ingredient = try #require(try MarkdownTesting.decode(markdown).document.recipes.first?.ingredients.first)
        #expect(abs((ingredient.amount ?? .nan) - amount) < 1e-12)
        #expect(ingredient.unit == unit)
        #expect(ingredient.name == "water")
    }

    @Test("yields take the same forms", arguments: ["**1 ½ loaves, 2,5 l, 3/4 cup**"])
    func yields(line: String) throws {
        let recipe = try #require(try MarkdownTesting.decode("# Bread\n\n\(line)\n\n---\n").document.recipes.first)
        #expect(recipe.yields == [Yield(amount: 1.5, unit: "loaves"), Yield(amount: 2.5, unit: "l"), Yield(amount: 0.75, unit: "cup")])
    }

    static let written: [(Double, String)] = [
        (2.0, "2"), (1.5, "1 1/2"), (0.75, "3/4"), (0.125, "1/8"), (1.0 / 3, "1/3"), (1 + 2.0 / 3, "1 2/3"),
        (0.3, "0.3"), (2.2, "2.2"), (-0.5, "-1/2"), (0.00001, "0.00001"),
    ]

    @Test("the writer uses fractions a cook writes, and they read back exactly", arguments: written)
    func formats(value: Double, text: String) {
        #expect(AmountText.format(value) == text)
        guard case .success(let parsed?) = AmountText.parse(Array(text.unicodeScalars)) else {
            Issue.record("\(text) does not read back")
            return
        }
        #expect(parsed.amount == value)
    }

    @Test("an amount without a number is an error at its line")
    func noNumber() {
        #expect(throws: MarkdownDecodingError.self) {
            try MarkdownTesting.decode("# Soup\n\n---\n\n- *a pinch* salt\n")
        }
        do {
            _ = try MarkdownTesting.decode("# Soup\n\n---\n\n- *1/0 cup* salt\n")
            Issue.record("1/0 was read")
        } catch let error as MarkdownDecodingError {
            #expect(error.position?.line == 5)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}

@Suite struct AmountTextExtremesTests {
    @Test(arguments: [1e15, 2.5e20, 1e100, Double.greatestFiniteMagnitude, 1e-7, 3e-5])
    func extremeAmountsAreWrittenWithoutExponentAndReadBack(value: Double) throws {
        let text = AmountText.format(value)
        #expect(!text.contains("e"), "\(text)")
        if value >= 1 {
            guard case .success(let parsed?) = AmountText.parse(Array(text.unicodeScalars)) else {
                Issue.record("\(text) does not read back")
                return
            }
            #expect(parsed.amount == value)
        }
    }
}

@Suite struct UnitStartingWithSlashTests {
    @Test func aUnitThatStartsWithASlashReadsBackAsTheUnit() throws {
        let recipe = Recipe(id: "R", title: "Odd", ingredients: [Ingredient(amount: 2, unit: "/3 cup", name: "flour")])
        let text = MarkdownTesting.text(try MarkdownTesting.encode(AlmanacDocument(recipes: [recipe])))
        #expect(text.contains("*2 \\/3 cup*"))
        let back = try #require(try MarkdownTesting.decode(text).document.recipes.first)
        #expect(back.ingredients.first?.amount == 2)
        #expect(back.ingredients.first?.unit == "/3 cup")
    }
}

@Suite struct UnitStartingWithDigitsTests {
    @Test(arguments: ["05 g", "½ cup", "⁄2 tsp"])
    func aUnitThatStartsLikeANumberReadsBackAsTheUnit(unit: String) throws {
        let recipe = Recipe(id: "R", title: "Odd", ingredients: [Ingredient(amount: 2, unit: unit, name: "flour")])
        let text = MarkdownTesting.text(try MarkdownTesting.encode(AlmanacDocument(recipes: [recipe])))
        let back = try #require(try MarkdownTesting.decode(text).document.recipes.first)
        #expect(back.ingredients.first?.amount == 2)
        #expect(back.ingredients.first?.unit == unit)
    }
}
