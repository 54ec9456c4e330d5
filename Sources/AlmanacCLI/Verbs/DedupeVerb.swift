import Almanac

/// `dedupe`: a ``DedupeStep``.
struct DedupeVerb: Verb {
    let name = "dedupe"
    let abstract = "Keep one item per id: the last one, in the place of the first."
    // A changed occurrence of a recurring event is not a duplicate of its series: see Item.identity.
    let usage = "dedupe"
    let discussion = "Merging an older and a newer export (almanac convert old.json new.json then dedupe) keeps the newer items in the older order."
    let options: [ArgumentScanner.Option] = []

    func makeStep(_ arguments: ArgumentScanner.Result) throws -> any PipelineStep {
        try noPositionals(arguments)
        return DedupeStep()
    }
}
