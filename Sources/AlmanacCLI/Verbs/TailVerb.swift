import Almanac

/// `tail -n N`: parses its count into a ``TailStep``.
struct TailVerb: Verb {
    let name = "tail"
    let abstract = "Keep the last N items."
    let usage = "tail -n <count>"
    let options: [ArgumentScanner.Option] = [.init(names: ["-n", "--count"], valueName: "<count>", help: "How many items to keep (default 10).")]

    func makeStep(_ arguments: ArgumentScanner.Result) throws -> any PipelineStep {
        try noPositionals(arguments)
        return TailStep(count: try ItemCount.parse(arguments, verb: self))
    }
}
