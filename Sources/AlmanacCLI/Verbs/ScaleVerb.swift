import Almanac

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
            return ScaleStep(target: .factor(factor))
        case (nil, let text?):
            guard let target = RecipeScaler.parseYield(text), let amount = target.amount, amount.isFinite, amount > 0 else {
                throw usageError("--yield must be a positive amount and a unit such as '8 servings', not '\(text)'")
            }
            return ScaleStep(target: .yield(target))
        }
    }

}
