import AlmanacCore

/// `favorite`: marks every recipe as a favorite, as the recipe box does for a recipe
/// added under Favorites. Events have no favorite flag and pass unchanged.
public struct FavoriteStep: PipelineStep {
    public init() {}

    public func apply(to state: inout PipelineState) throws {
        for index in state.items.indices {
            guard case .recipe(var recipe) = state.items[index].item else { continue }
            recipe.isFavorite = true
            state.items[index].item = .recipe(recipe)
        }
    }
}
