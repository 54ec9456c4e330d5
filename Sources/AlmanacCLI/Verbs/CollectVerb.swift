import Almanac

/// `collect NAME`: parses its argument into a ``CollectStep``.
struct CollectVerb: Verb {
    let name = "collect"
    let abstract = "Add every recipe to a collection (and every event to a category)."
    let usage = "collect <name>"
    let options: [ArgumentScanner.Option] = []

    func makeStep(_ arguments: ArgumentScanner.Result) throws -> any PipelineStep {
        guard arguments.positionals.count == 1, let collection = arguments.positionals.first, !collection.isEmpty else {
            throw usageError("needs exactly one collection name")
        }
        return CollectStep(collection)
    }
}
