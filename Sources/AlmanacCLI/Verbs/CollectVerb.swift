import AlmanacCore

/// `collect NAME`: puts every recipe in the collection NAME (and every event in the
/// category NAME), as the recipe box does for a recipe added under a collection.
struct CollectVerb: Verb {
    let name = "collect"
    let abstract = "Add every recipe to a collection (and every event to a category)."
    let usage = "collect <name>"
    let options: [ArgumentScanner.Option] = []

    func makeStep(_ arguments: ArgumentScanner.Result) throws -> any PipelineStep {
        guard arguments.positionals.count == 1, let collection = arguments.positionals.first, !collection.isEmpty else {
            throw usageError("needs exactly one collection name")
        }
        return Step(collection: collection)
    }

    struct Step: PipelineStep {
        let collection: String
        func apply(to state: inout PipelineState) throws {
            for index in state.items.indices {
                switch state.items[index].item {
                case .recipe(var recipe):
                    if !recipe.collections.contains(collection) { recipe.collections.append(collection) }
                    state.items[index].item = .recipe(recipe)
                case .event(var event):
                    if !event.categories.contains(collection) { event.categories.append(collection) }
                    state.items[index].item = .event(event)
                }
            }
        }
    }
}
