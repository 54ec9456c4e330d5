import AlmanacCore

/// `remove-completed`: drops completed tasks from every event, as the to-do store does.
public struct RemoveCompletedStep: PipelineStep {
    public init() {}

    public func apply(to state: inout PipelineState) throws {
        for index in state.items.indices {
            guard case .event(var event) = state.items[index].item else { continue }
            event.tasks.removeAll(where: \.isCompleted)
            state.items[index].item = .event(event)
        }
    }
}
