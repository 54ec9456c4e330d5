import AlmanacCore
import Testing
@testable import AlmanacCooklang

/// The recipe built as the file is read is the one mapped from the file read whole.
@Suite struct CooklangRecipeBuilderTests {
    static let texts = [
        CooklangRecipeMapperTests.text,
        "---\ntitle: T\ntags: [a, b]\n---\n\n> first a note\n\nBoil @water{1%l}.\n\n-- almanac: ingredients\n@salt{=1%pinch} @pepper\n\n= =\n\n= Sauce =\n>> servings: 2\nStir #pan{} ~rest{2%min} -- a comment\n[- a block -]\nthen @cream{few}(cold).\n",
        "[- open\nstill open -] @egg{2} fried\n\n= Only =\n",
        "",
    ]

    @Test(arguments: CooklangRecipeBuilderTests.texts) func buildingAsItReadsIsMappingTheWhole(_ text: String) throws {
        let bytes = Array(text.utf8)
        let streamed = try CooklangReader.recipe(bytes, title: "Fallback", id: "id")
        let whole = CooklangRecipeMapper(fallbackTitle: "Fallback", fallbackID: "id").recipe(try CooklangReader.parse(bytes), source: text)
        #expect(streamed == whole)
    }

    @Test func aDirectionIsTheStepsPlainText() throws {
        let text = "  Mix @flour{250%g} in the #big bowl{} for ~{10%minutes}\nthen rest.  \n"
        let recipe = try CooklangTesting.read(text, title: "T")
        let step = try #require(try CooklangReader.parse(Array(text.utf8)).steps.first)
        #expect(recipe.directions == [step.plainText])
        #expect(recipe.directions == ["Mix flour in the big bowl for 10 minutes then rest."])
    }

    @Test func repeatedTextsAreKeptAsWritten() throws {
        let recipe = try CooklangTesting.read("Use #pan{}.\n\nUse #pan{} again, ~{5%min}, ~{5%min}.\n", title: "T")
        let kept = try #require(recipe.extras["cooklang"]?.members)
        #expect(kept[0].value == .array([.object([OpaqueMember("step", .number("0")), OpaqueMember("name", .string("pan"))]),
                                         .object([OpaqueMember("step", .number("1")), OpaqueMember("name", .string("pan"))])]))
        let timer = OpaqueValue.object([OpaqueMember("step", .number("1")), OpaqueMember("name", .string("")), OpaqueMember("quantity", .string("5")), OpaqueMember("unit", .string("min"))])
        #expect(kept[1].value == .array([timer, timer]))
    }
}
