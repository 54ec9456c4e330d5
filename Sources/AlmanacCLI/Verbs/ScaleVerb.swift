import AlmanacCore

/// `scale --factor F` or `scale --yield "8 servings"`: every recipe's amounts and yields
/// scaled by ``RecipeScaler`` (fixed ingredients stay); events pass unchanged.
struct ScaleVerb: Verb {
    let name = "scale"
    let abstract = "Scale every recipe's ingredient amounts and yields."
    let usage = "scale --factor <number> | --yield <amount unit>"
    let discussion = """
        --factor multiplies every amount (ingredient groups included) and every yield.
        --yield scales each recipe by the ratio of the given yield to its own yield in that
        unit (ignoring case, singular and plural alike); a recipe without a yield in that unit
        is an error. A bare number (--yield 3) is the yield without a unit, else that many
        times the recipe. Ingredients marked fixed, and amounts not given, stay as they are.
        Amounts are rounded to 10 significant digits, and to a half, third, quarter or eighth
        when they are one at that precision, so Markdown writes 1 1/2 cups.
        """
    let options: [ArgumentScanner.Option] = [
        .init(names: ["--factor"], valueName: "<number>", help: "Multiply by this number, such as 2, 0.5, 1/3 or 1 1/2."),
        .init(names: ["--yield"], valueName: "<amount unit>", help: "Scale to this yield, such as '8 servings'."),
    ]

    func makeStep(_ arguments: ArgumentScanner.Result) throws -> any PipelineStep {
        try noPositionals(arguments)
        switch (arguments.value("--factor"), arguments.value("--yield")) {
        case (nil, nil):
            throw usageError("missing --factor <number> or --yield <amount unit>, such as --factor 2 or --yield '8 servings'")
        case (.some, .some):
            throw usageError("give --factor or --yield, not both")
        case (let text?, nil):
            guard let factor = RecipeScaler.parseFactor(text), factor.isFinite, factor > 0 else {
                throw usageError("--factor must be a positive number such as 2, 0.5, 1/3 or 1 1/2, not '\(text)'")
            }
            return Step(target: .factor(factor))
        case (nil, let text?):
            guard let target = RecipeScaler.parseYield(text), let amount = target.amount, amount.isFinite, amount > 0 else {
                throw usageError("--yield must be a positive amount and a unit such as '8 servings', not '\(text)'")
            }
            return Step(target: .yield(target))
        }
    }

    struct Step: PipelineStep {
        enum Target {
            case factor(Double)
            case yield(Yield)
        }
        let target: Target

        private func scale(_ recipe: Recipe) throws(RecipeScalingError) -> Recipe {
            switch target {
            case .factor(let factor): try RecipeScaler.scale(recipe, by: factor)
            case .yield(let yield): try RecipeScaler.scale(recipe, toYield: yield)
            }
        }

        func apply(to state: inout PipelineState) throws {
            var scaled: [String: Recipe] = [:]
            for index in state.items.indices {
                guard case .recipe(let recipe) = state.items[index].item else { continue }
                do {
                    let result = try scale(recipe)
                    state.items[index].item = .recipe(result)
                    scaled[recipe.id] = result
                } catch {
                    var usage = UsageError("scale: \(error)", command: "convert")
                    if case .noMatchingYield = error { usage.hint = "give --yield in a unit the recipe's yields use, or --factor" }
                    throw usage
                }
            }
            // Meal events find their recipes in the book: they get the scaled ones.
            state.recipeBook = state.recipeBook.map { scaled[$0.id] ?? $0 }
        }
    }
}
