import AlmanacCore

/// `tail -n N`: keeps the last N items.
struct TailVerb: Verb {
    let name = "tail"
    let abstract = "Keep the last N items."
    let usage = "tail -n <count>"
    let options: [ArgumentScanner.Option] = [.init(names: ["-n", "--count"], valueName: "<count>", help: "How many items to keep (default 10).")]

    func makeStep(_ arguments: ArgumentScanner.Result) throws -> any PipelineStep {
        try noPositionals(arguments)
        return Step(count: try ItemCount.parse(arguments, verb: self))
    }

    struct Step: PipelineStep {
        let count: Int
        func apply(to state: inout PipelineState) throws {
            state.items = Array(state.items.suffix(count))
        }
    }
}
