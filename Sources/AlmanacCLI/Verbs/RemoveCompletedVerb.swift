import AlmanacCore

/// `remove-completed`: drops completed tasks from every event, as the to-do store does.
struct RemoveCompletedVerb: Verb {
    let name = "remove-completed"
    let abstract = "Drop completed tasks from events."
    let usage = "remove-completed"
    let options: [ArgumentScanner.Option] = []

    func makeStep(_ arguments: ArgumentScanner.Result) throws -> any PipelineStep {
        try noPositionals(arguments)
        return Step()
    }

    struct Step: PipelineStep {
        func apply(to state: inout PipelineState) throws {
            for index in state.items.indices {
                guard case .event(var event) = state.items[index].item else { continue }
                event.tasks.removeAll(where: \.isCompleted)
                state.items[index].item = .event(event)
            }
        }
    }
}
