import AlmanacCore

/// `scale`: every recipe's ingredient amounts and yields scaled by ``RecipeScaler`` (fixed
/// ingredients stay); events pass unchanged. Scaled recipes replace theirs in the
/// ``PipelineState/recipeBook`` too, so meals find the scaled ones.
public struct ScaleStep: PipelineStep {
    /// How much to scale by.
    public enum Target: Sendable {
        /// Multiply every amount and yield by this number.
        case factor(Double)
        /// Scale each recipe by the ratio of this yield to its own in the same unit.
        case yield(Yield)
    }

    public let target: Target

    public init(target: Target) {
        self.target = target
    }

    private func scale(_ recipe: Recipe) throws(RecipeScalingError) -> Recipe {
        switch target {
        case .factor(let factor): try RecipeScaler.scale(recipe, by: factor)
        case .yield(let yield): try RecipeScaler.scale(recipe, toYield: yield)
        }
    }

    /// Throws a usage error (``ExitStatus/usage``) naming the recipe that has no yield in
    /// the target's unit.
    public func apply(to state: inout PipelineState) throws {
        var scaled: [String: Recipe] = [:]
        for index in state.items.indices {
            guard case .recipe(let recipe) = state.items[index].item else { continue }
            do {
                let result = try scale(recipe)
                state.items[index].item = .recipe(result)
                scaled[recipe.id] = result
            } catch {
                let hint: String? = if case .noMatchingYield = error { "give --yield in a unit the recipe's yields use, or --factor" } else { nil }
                throw AlmanacError(.usage, message: "scale: \(error)", hint: hint)
            }
        }
        state.recipeBook = state.recipeBook.map { scaled[$0.id] ?? $0 }
    }
}
