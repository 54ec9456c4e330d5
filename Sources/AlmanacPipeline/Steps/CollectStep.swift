import AlmanacCore

/// `collect NAME`: puts every recipe in the collection NAME (and every event in the
/// category NAME), as the recipe box does for a recipe added under a collection.
public struct CollectStep: PipelineStep {
    /// The collection (for events, the category) added.
    public let collection: String

    /// - Parameter collection: the collection's name.
    public init(_ collection: String) {
        self.collection = collection
    }

    public func apply(to state: inout PipelineState) throws {
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
