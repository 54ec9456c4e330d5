import Testing
import Almanac

/// ``DedupeStep``: one item per id and kind.
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
}
