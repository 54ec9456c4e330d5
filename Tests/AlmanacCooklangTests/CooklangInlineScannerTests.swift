import AlmanacCore
import Testing
@testable import AlmanacCooklang

/// Components inside a step.
@Suite struct CooklangInlineScannerTests {
    static func items(_ text: String) throws -> [CooklangItem] {
        try CooklangReader.parse(Array(text.utf8)).steps.first?.items ?? []
    }

    @Test func ingredientWithEverything() throws {
        #expect(try Self.items("@onion{=1 1/2%cups}(finely diced)") == [
            .ingredient(CooklangComponent(name: "onion", quantity: .number(1.5), unit: "cups", note: "finely diced", fixed: true)),
        ])
    }

    @Test func recipeReference() throws {
        #expect(try Self.items("@./sauces/Hollandaise{150%g}") == [
            .ingredient(CooklangComponent(name: "Hollandaise", quantity: .number(150), unit: "g", reference: "./sauces/Hollandaise")),
        ])
    }

    @Test func aNameStopsAtTheNextMarker() throws {
        #expect(try Self.items("@salt and @pepper{1%tsp}") == [
            .ingredient(CooklangComponent(name: "salt")), .text(" and "),
            .ingredient(CooklangComponent(name: "pepper", quantity: .number(1), unit: "tsp")),
        ])
    }

    @Test func anUnclosedBraceLeavesOneWord() throws {
        #expect(try Self.items("a @b{1") == [.text("a "), .ingredient(CooklangComponent(name: "b")), .text("{1")])
    }

    @Test func cookwareAndTimers() throws {
        #expect(try Self.items("#pot ~{1/2%hour} ~eggs{3%minutes}") == [
            .cookware(CooklangComponent(name: "pot")), .text(" "),
            .timer(CooklangComponent(name: "", quantity: .number(0.5), unit: "hour")), .text(" "),
            .timer(CooklangComponent(name: "eggs", quantity: .number(3), unit: "minutes")),
        ])
    }

    @Test func escapesMakeText() throws {
        #expect(try Self.items("\\@home \\#1 \\~x a\\\\b") == [.text("@home #1 ~x a\\b")])
    }

    @Test("errors name the marker's line and column", arguments: [
        ("first\nsecond #{} here", CooklangDecodingError.cookwareWithoutName(at: SourcePosition(offset: 13, line: 2, column: 8))),
        ("a ~{} b", CooklangDecodingError.emptyTimer(at: SourcePosition(offset: 2, line: 1, column: 3))),
        ("x\n\ny @flour{%g}", CooklangDecodingError.unitWithoutQuantity("g", at: SourcePosition(offset: 5, line: 3, column: 3))),
    ])
    func errors(_ text: String, _ error: CooklangDecodingError) throws {
        #expect(throws: error) { try CooklangReader.parse(Array(text.utf8)) }
    }

    @Test("hostile shapes read in one pass", arguments: ["@a{ ", "@a b ", "@ ", "#x{y ", "@a(b ", "~{ ", "[- ", "@a{1}( "])
    func hostileShapes(_ piece: String) throws {
        // 200,000 repeats on one line: quadratic work would not finish.
        let text = String(repeating: piece, count: 200_000)
        let parsed = try CooklangReader.parse(Array(text.utf8))
        #expect(parsed.steps.count <= 1)
    }
}
