import Testing
import AlmanacCore
@testable import AlmanacCLI

@Suite struct MarkingVerbTests {
    @Test func removeCompletedDropsOnlyCompletedTasks() throws {
        let tasks = [EventTask(id: "1", text: "a", isCompleted: true), EventTask(id: "2", text: "b"), EventTask(id: "3", text: "c", isCompleted: true)]
        let result = try VerbRun.apply(RemoveCompletedVerb(), [], to: [VerbRun.event("e", tasks: tasks)])
        guard case .event(let event) = result[0] else { Issue.record("not an event"); return }
        #expect(event.tasks.map(\.id) == ["2"])
    }

    @Test func favoriteMarksRecipes() throws {
        let result = try VerbRun.apply(FavoriteVerb(), [], to: [VerbRun.recipe("r"), VerbRun.event("e")])
        guard case .recipe(let recipe) = result[0] else { Issue.record("not a recipe"); return }
        #expect(recipe.isFavorite)
        #expect(result[1] == VerbRun.event("e"))
    }

    @Test func collectAddsTheCollectionOnce() throws {
        let result = try VerbRun.apply(CollectVerb(), ["Baking"], to: [VerbRun.recipe("r", collections: ["Baking"]), VerbRun.recipe("s"), VerbRun.event("e")])
        guard case .recipe(let first) = result[0], case .recipe(let second) = result[1], case .event(let event) = result[2] else {
            Issue.record("kinds changed")
            return
        }
        #expect(first.collections == ["Baking"])
        #expect(second.collections == ["Baking"])
        #expect(event.categories == ["Baking"])
        #expect(throws: UsageError.self) { try VerbRun.step(CollectVerb(), []) }
    }

    @Test func groupOrdersByPeriodAndAsksTheWriter() throws {
        let items = [
            VerbRun.event("future", start: "2027-06-01T10:00:00Z"), VerbRun.event("past", start: "2026-01-01T10:00:00Z"),
            VerbRun.recipe("r"), VerbRun.event("soon", start: "2026-12-22T10:00:00Z"),
        ]
        var state = PipelineState(items: items.map { LocatedItem($0) }, documentExtras: Extras())
        try VerbRun.step(GroupVerb(), ["--by", "period", "--today", "2026-12-20"]).apply(to: &state)
        #expect(state.items.map(\.item.id) == ["past", "soon", "future", "r"])
        #expect(state.grouping == .period(today: CivilDate(year: 2026, month: 12, day: 20)))
        #expect(throws: UsageError.self) { try VerbRun.step(GroupVerb(), ["--by", "title"]) }
    }

    @Test func validateStopsOnErrorsAndPassesWarnings() throws {
        var state = PipelineState(items: [LocatedItem(VerbRun.event("e", tasks: [EventTask(id: "t", text: "")]))], documentExtras: Extras())
        try VerbRun.step(ValidateVerb(), []).apply(to: &state)
        #expect(state.warnings.map(\.code) == ["title-required"])
        var bad = PipelineState(items: [LocatedItem(.event(Event(id: "x", title: " ")))], documentExtras: Extras())
        #expect(throws: AlmanacError.self) { try VerbRun.step(ValidateVerb(), []).apply(to: &bad) }
        var allowed = bad
        try VerbRun.step(ValidateVerb(), ["--disable", "title-required"]).apply(to: &allowed)
    }
}
