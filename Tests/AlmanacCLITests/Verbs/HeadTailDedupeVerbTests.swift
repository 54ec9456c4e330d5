import Testing
import AlmanacCore
@testable import AlmanacCLI

@Suite struct HeadTailDedupeVerbTests {
    let items = (1...12).map { VerbRun.event("e\($0)") }

    @Test func headKeepsTheFirstN() throws {
        #expect(try VerbRun.apply(EndVerb.head, ["-n", "2"], to: items).map(\.id) == ["e1", "e2"])
        #expect(try VerbRun.apply(EndVerb.head, [], to: items).count == 10)
        #expect(try VerbRun.apply(EndVerb.head, ["-n", "0"], to: items).isEmpty)
        #expect(throws: UsageError.self) { try VerbRun.step(EndVerb.head, ["-n", "-1"]) }
    }

    @Test func tailKeepsTheLastN() throws {
        #expect(try VerbRun.apply(EndVerb.tail, ["-n", "2"], to: items).map(\.id) == ["e11", "e12"])
        #expect(try VerbRun.apply(EndVerb.tail, ["-n", "99"], to: items).count == 12)
        #expect(try VerbRun.apply(EndVerb.tail, [], to: items).map(\.id) == (3...12).map { "e\($0)" })
        #expect(try VerbRun.apply(EndVerb.tail, ["-n", "0"], to: items).isEmpty)
        #expect(throws: UsageError.self) { try VerbRun.step(EndVerb.tail, ["-n", "x"]) }
    }

    @Test func dedupeKeepsTheLastInThePlaceOfTheFirst() throws {
        let items = [VerbRun.event("a", "old a"), VerbRun.event("b"), VerbRun.event("a", "new a"), VerbRun.recipe("a")]
        let result = try VerbRun.apply(DedupeVerb(), [], to: items)
        #expect(result.map(\.id) == ["a", "b", "a"])
        #expect(result[0].title == "new a")
        #expect(result[2].kind == .recipe, "a recipe and an event may share an id")
    }
}
