import Testing
import Almanac

/// ``PipelineState``: a document in, a document out with the recipes its events still name.
@Suite struct PipelineStateTests {
    @Test func recipesDroppedByAStepStillReachTheEventsThatNameThem() throws {
        var meal = Event(id: "dinner", title: "Dinner")
        meal.recipes = ["soup"]
        var document = AlmanacDocument(items: [Fixture.recipe("soup", "Soup"), Fixture.recipe("cake", "Cake"), .event(meal)])
        document.extras = Extras()
        var state = PipelineState(document, source: "plan.json")
        #expect(state.items.allSatisfy { $0.source == "plan.json" })
        try Pipeline([FilterStep(.kind(.event))]).run(&state)
        let written = state.document
        #expect(written.items.map(\.id) == ["dinner"])
        #expect(written.referencedRecipes.map(\.id) == ["soup"])
    }
}
