import Testing
import Almanac

/// ``RemoveCompletedStep``: completed tasks go, the others stay in order.
@Suite struct RemoveCompletedStepTests {
    @Test func dropsCompletedTasks() throws {
        let tasks = [EventTask(id: "a", text: "A", isCompleted: true), EventTask(id: "b", text: "B"), EventTask(id: "c", text: "C", isCompleted: true), EventTask(id: "d", text: "D")]
        var state = PipelineState(items: [LocatedItem(Fixture.event("e", tasks: tasks)), LocatedItem(Fixture.recipe("r"))])
        try RemoveCompletedStep().apply(to: &state)
        guard case .event(let event) = state.items[0].item else { Issue.record("not an event"); return }
        #expect(event.tasks.map(\.id) == ["b", "d"])
        #expect(state.items[1].item.id == "r")
    }
}
