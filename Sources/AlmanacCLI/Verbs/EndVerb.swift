import Almanac

/// `head -n N` and `tail -n N`: parse their count (a whole number, 10 when absent) into the
/// step that keeps that many items at their end of the list, a ``HeadStep`` or a ``TailStep``.
struct EndVerb: Verb {
    let name: String
    let abstract: String
    /// The step that keeps `count` items at this verb's end.
    let step: @Sendable (_ count: Int) -> any PipelineStep
    let options: [ArgumentScanner.Option] = [.init(names: ["-n", "--count"], valueName: "<count>", help: "How many items to keep (default 10).")]

    var usage: String { name + " -n <count>" }

    /// `head`: the first N items.
    static let head = EndVerb(name: "head", abstract: "Keep the first N items.") { HeadStep(count: $0) }
    /// `tail`: the last N items.
    static let tail = EndVerb(name: "tail", abstract: "Keep the last N items.") { TailStep(count: $0) }

    func makeStep(_ arguments: ArgumentScanner.Result) throws -> any PipelineStep {
        try noPositionals(arguments)
        guard let text = arguments.value("--count") else { return step(10) }
        guard let count = Int(text), count >= 0 else { throw usageError("-n must be a whole number of 0 or more, not '\(text)'") }
        return step(count)
    }
}
