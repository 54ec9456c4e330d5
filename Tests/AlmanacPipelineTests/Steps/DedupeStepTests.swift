import Testing
import Almanac

/// ``DedupeStep``, ``HeadStep`` and ``TailStep``: which items are kept, in which order.
@Suite struct DedupeStepTests {
    @Test func theLastOfAnIdWinsInThePlaceOfTheFirst() throws {
        var state = PipelineState(items: [
            LocatedItem(Fixture.event("a", "old"), source: "old.json"), LocatedItem(Fixture.event("b"), source: "old.json"),
            LocatedItem(Fixture.recipe("a"), source: "old.json"), LocatedItem(Fixture.event("a", "new"), source: "new.json"),
        ])
        try DedupeStep().apply(to: &state)
        #expect(state.items.map(\.item.title) == ["new", "b", "a"])
        #expect(state.items.map(\.source) == ["new.json", "old.json", "old.json"])
    }

    @Test func headAndTailKeepCounts() throws {
        let items = (1...12).map { Fixture.event("e\($0)") }
        #expect(try Fixture.ids(items, HeadStep(count: 2)) == ["e1", "e2"])
        #expect(try Fixture.ids(items, TailStep(count: 2)) == ["e11", "e12"])
        #expect(try Fixture.ids(items, HeadStep()).count == 10)
        #expect(try Fixture.ids(items, TailStep(count: -3)).isEmpty)
    }
}
