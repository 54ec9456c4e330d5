import Almanac

/// `remove-completed`: a ``RemoveCompletedStep``.
struct RemoveCompletedVerb: Verb {
    let name = "remove-completed"
    let abstract = "Drop completed tasks from events."
    let usage = "remove-completed"
    let options: [ArgumentScanner.Option] = []

    func makeStep(_ arguments: ArgumentScanner.Result) throws -> any PipelineStep {
        try noPositionals(arguments)
        return RemoveCompletedStep()
    }
}
