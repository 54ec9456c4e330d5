import Almanac

/// `head -n N`: parses its count into a ``HeadStep``.
struct HeadVerb: Verb {
    let name = "head"
    let abstract = "Keep the first N items."
    let usage = "head -n <count>"
    let options: [ArgumentScanner.Option] = [.init(names: ["-n", "--count"], valueName: "<count>", help: "How many items to keep (default 10).")]

    func makeStep(_ arguments: ArgumentScanner.Result) throws -> any PipelineStep {
        try noPositionals(arguments)
        let count = try ItemCount.parse(arguments, verb: self)
        return HeadStep(count: count)
    }
}

/// `-n N` of `head` and `tail`: a whole number, 10 when absent.
enum ItemCount {
    static func parse(_ arguments: ArgumentScanner.Result, verb: any Verb) throws -> Int {
        guard let text = arguments.value("--count") else { return 10 }
        guard let count = Int(text), count >= 0 else { throw verb.usageError("-n must be a whole number, not '\(text)'") }
        return count
    }
}
