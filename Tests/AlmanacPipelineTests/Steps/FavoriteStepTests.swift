import Testing
import Almanac

/// ``FavoriteStep``: every recipe a favorite; events unchanged.
@Suite struct FavoriteStepTests {
    @Test func marksRecipesOnly() throws {
        let event = Fixture.event("e", categories: ["x"])
        var state = PipelineState(items: [Fixture.recipe("r"), event].map { LocatedItem($0) })
        try FavoriteStep().apply(to: &state)
        guard case .recipe(let recipe) = state.items[0].item else { Issue.record("not a recipe"); return }
        #expect(recipe.isFavorite)
        #expect(state.items[1].item == event)
    }
}
