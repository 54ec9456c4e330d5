import AlmanacCore
import AlmanacJSON
import Testing

/// The writer's text: escaping, numbers and layout, seen through the codecs.
@Suite struct JSONWriterTests {
    private func compact(_ document: AlmanacDocument) throws -> String {
        String(decoding: try JSONCodec().encode(document, options: EncodingOptions(compact: true)).bytes, as: UTF8.self)
    }

    private func pretty(_ document: AlmanacDocument) throws -> String {
        String(decoding: try JSONCodec().encode(document, options: EncodingOptions()).bytes, as: UTF8.self)
    }

    private func recipeJSON(_ recipe: Recipe) throws -> String {
        try compact(AlmanacDocument(recipes: [recipe]))
    }

    @Test func escapesOnlyQuotesBackslashesAndControlCharacters() throws {
        let title = "a\"b\\c\nd\te\r\u{8}\u{C}\u{1}\u{1F}\u{0}/é日😀\u{7F}\u{2028}"
        let text = try recipeJSON(Recipe(id: "r", title: title))
        #expect(text.contains(#""title":"a\"b\\c\nd\te\r\b\f\u0001\u001f\u0000/é日😀"# + "\u{7F}\u{2028}\""))
        // What was escaped reads back as the same string.
        let decoded = try JSONCodec().decode(Array(text.utf8), source: "t")
        #expect(decoded.document.recipes.first?.title == title)
    }

    @Test func keysAreEscapedToo() throws {
        let recipe = Recipe(id: "r", title: "t", extras: Extras(["json": .object([OpaqueMember("we\"ird\nkey", .null)])]))
        #expect(try recipeJSON(recipe).contains(#""we\"ird\nkey":null"#))
    }

    @Test(arguments: [
        (1.5, "1.5"), (4, "4"), (4.0, "4"), (-3, "-3"), (0, "0"), (0.1, "0.1"), (1e-7, "1e-7"), (2.5e-5, "2.5e-5"),
        (1e20, "1e20"), (123_456_789_012_345, "123456789012345"), (1e15, "1000000000000000"),
        (9_007_199_254_740_992, "9007199254740992"), (9_007_199_254_740_994, "9.007199254740994e15"), (-1e-300, "-1e-300"), (0.30000000000000004, "0.30000000000000004"),
        (-0.25, "-0.25"), (Double.nan, "null"), (Double.infinity, "null"),
    ] as [(Double, String)])
    func numbersAreShortest(_ amount: Double, _ expected: String) throws {
        let text = try recipeJSON(Recipe(id: "r", title: "t", ingredients: [Ingredient(amount: amount, name: "x")]))
        #expect(text.contains(#""ingredients":[{"amount":\#(expected),"name":"x"}]"#), "\(text)")
    }

    @Test(arguments: [1.5, 4, 0.1, 1e-7, 2.5e-5, 1e20, 1e300, .leastNonzeroMagnitude, 0.30000000000000004, -123.456, 1_234_567_890.123])
    func numbersReadBackExactly(_ amount: Double) throws {
        let text = try recipeJSON(Recipe(id: "r", title: "t", yields: [Yield(amount: amount)]))
        let decoded = try JSONCodec().decode(Array(text.utf8), source: "t")
        #expect(decoded.document.recipes.first?.yields.first?.amount == amount)
    }

    @Test func opaqueNumbersKeepTheirText() throws {
        let recipe = Recipe(id: "r", title: "t", extras: Extras(["json": .object([OpaqueMember("n", .number("1.50")), OpaqueMember("e", .number("2E+3"))])]))
        #expect(try recipeJSON(recipe).contains(#""n":1.50,"e":2E+3"#))
    }

    @Test func compactHasNoWhiteSpace() throws {
        let document = AlmanacDocument(recipes: [Recipe(id: "r", title: "Soup", tags: ["a", "b"])])
        #expect(try compact(document) == #"{"almanac":1,"recipes":[{"id":"r","title":"Soup","tags":["a","b"]}],"events":[]}"# + "\n")
        #expect(try compact(AlmanacDocument()) == #"{"almanac":1,"recipes":[],"events":[]}"# + "\n")
    }

    @Test func prettyIndentsTwoSpacesOneMemberALine() throws {
        let document = AlmanacDocument(recipes: [Recipe(id: "r", title: "Soup", tags: ["a", "b"])])
        #expect(try pretty(document) == """
            {
              "almanac": 1,
              "recipes": [
                {
                  "id": "r",
                  "title": "Soup",
                  "tags": [
                    "a",
                    "b"
                  ]
                }
              ],
              "events": []
            }

            """)
    }

    @Test func emptyContainersInExtrasStayOnOneLine() throws {
        let extras = Extras(["json": .object([OpaqueMember("list", .array([])), OpaqueMember("map", .object([]))])])
        let text = try pretty(AlmanacDocument(extras: extras))
        #expect(text.hasSuffix("  \"events\": [],\n  \"list\": [],\n  \"map\": {}\n}\n"))
    }

    @Test func otherCodecsExtrasGoUnderExtrasInNameOrder() throws {
        let extras = Extras([
            "xml": .string("x"), "ics": .object([OpaqueMember("X-A", .number("1"))]), "json": .object([OpaqueMember("mine", .bool(false))]),
        ])
        let text = try recipeJSON(Recipe(id: "r", title: "t", source: "s", extras: extras))
        #expect(text.contains(#""source":"s","mine":false,"extras":{"ics":{"X-A":1},"xml":"x"}}"#))
    }

    @Test func outputIsDeterministic() throws {
        let extras = Extras(["b": .null, "a": .null, "c": .null, "json": .object([OpaqueMember("z", .null), OpaqueMember("y", .null)])])
        let document = AlmanacDocument(events: [Event(id: "e", title: "E", extras: extras)], extras: extras)
        let first = try pretty(document)
        for _ in 0..<20 { #expect(try pretty(document) == first) }
    }
}
