import Testing
import Almanac

/// ``CollectStep``: recipes into a collection, events into a category, once.
@Suite struct CollectStepTests {
    @Test func addsTheCollectionOnce() throws {
        var state = PipelineState(items: [Fixture.recipe("r", collections: ["Baking"]), Fixture.recipe("s"), Fixture.event("e")].map { LocatedItem($0) })
        try CollectStep("Baking").apply(to: &state)
        guard case .recipe(let r) = state.items[0].item, case .recipe(let s) = state.items[1].item, case .event(let e) = state.items[2].item else {
            Issue.record("the kinds changed")
            return
        }
        #expect(r.collections == ["Baking"])
        #expect(s.collections == ["Baking"])
        #expect(e.categories == ["Baking"])
    }
}
