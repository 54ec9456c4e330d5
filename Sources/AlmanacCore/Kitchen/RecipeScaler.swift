import Foundation

/// Scales recipes as RecipeMD defines it: every ingredient amount (in nested groups too)
/// and every yield multiplied by one factor, given as such or as the ratio of a target
/// yield to the recipe's yield in the same unit.
///
/// - Ingredients without an amount, and ingredients marked ``Ingredient/fixed`` (a pinch of
///   salt, one bay leaf), stay as they are; so do yields without an amount.
/// - Each product is rounded by ``ScaledAmount/rounded(_:)``, so `1 1/2 cups` stays a
///   fraction Markdown prints as such and float noise never shows (`0.1 × 3` is `0.3`).
/// - Nothing else changes: names, units, notes, directions, times and extras are kept (a
///   Markdown recipe's kept source then no longer matches its fields, and the Markdown writer
///   writes the new amounts, keeping the author's Markdown for the texts that did not change).
///
/// ```swift
/// let doubled = try RecipeScaler.scale(recipe, by: 2)
/// let party = try RecipeScaler.scale(recipe, toYield: Yield(amount: 8, unit: "servings"))
/// ```
public enum RecipeScaler {
    /// `recipe` with every amount and yield multiplied by `factor`.
    /// Throws ``RecipeScalingError/invalidFactor(_:)`` unless `factor` is positive and finite.
    public static func scale(_ recipe: Recipe, by factor: Double) throws(RecipeScalingError) -> Recipe {
        guard factor.isFinite, factor > 0 else { throw .invalidFactor(factor) }
        var scaled = recipe
        scaled.yields = recipe.yields.map { yield in
            var yield = yield
            yield.amount = yield.amount.map { ScaledAmount.rounded($0 * factor) }
            return yield
        }
        scaled.ingredients = scale(recipe.ingredients, by: factor)
        scaled.ingredientGroups = scale(recipe.ingredientGroups, by: factor)
        return scaled
    }

    /// `recipe` scaled so that its yield in `target`'s unit becomes `target`: by the ratio
    /// of `target`'s amount to that yield's ("8 servings" of a recipe for 6 is a factor of 4/3).
    /// That yield then says exactly `target`'s amount, the recipe's other yields are scaled by
    /// the same factor. See ``factor(toYield:of:)`` for how the yield is found.
    public static func scale(_ recipe: Recipe, toYield target: Yield) throws(RecipeScalingError) -> Recipe {
        let (factor, index) = try match(target, in: recipe)
        var scaled = try scale(recipe, by: factor)
        if let index, let amount = target.amount { scaled.yields[index].amount = ScaledAmount.rounded(amount) }
        return scaled
    }

    /// The factor that scales `recipe` to `target`.
    ///
    /// The recipe's yield is the first whose unit is `target`'s as written; else the first
    /// whose unit is the same ignoring case and English plurals, word by word (`servings`,
    /// `Serving`; `loaf`, `loaves`; `cookie`, `cookies`). A target without a unit (`8`) is
    /// the recipe's yield without a unit, or, when it has none, that many times the recipe
    /// (as the RecipeMD reference implementation reads it).
    /// Throws ``RecipeScalingError/invalidTarget(_:)`` for a target without a positive
    /// amount, ``RecipeScalingError/noMatchingYield(recipeID:recipeTitle:unit:available:)``
    /// when no yield has the unit, and ``RecipeScalingError/yieldWithoutAmount(recipeID:recipeTitle:unit:)``
    /// when the one that has it gives no amount (or zero).
    public static func factor(toYield target: Yield, of recipe: Recipe) throws(RecipeScalingError) -> Double {
        try match(target, in: recipe).factor
    }

    /// A yield to scale to as a cook writes it, such as `8 servings`, `1 1/2 loaves`, `½ cup`,
    /// `1,5 l` or a bare `8`: a leading number as ``AmountParser`` reads it (and, as RecipeMD
    /// reads it, a decimal comma), then the unit, if any. `nil` when the text does not start
    /// with a number.
    public static func parseYield(_ text: String) -> Yield? {
        var scalars = Array(text.unicodeScalars)
        if let comma = decimalComma(scalars) { scalars[comma] = "." }
        guard let (amount, end) = AmountParser.leadingNumber(scalars) else { return nil }
        let unit = String(String.UnicodeScalarView(scalars[end...])).trimmingCharacters(in: .whitespaces)
        return Yield(amount: amount, unit: unit.isEmpty ? nil : unit)
    }

    /// A factor as a cook writes it: `2`, `0.5`, `1/3`, `1 1/2`, `½`; `nil` for anything else
    /// (text after the number included).
    public static func parseFactor(_ text: String) -> Double? {
        guard let yield = parseYield(text), yield.unit == nil else { return nil }
        return yield.amount
    }

    // MARK: -

    /// Where the comma of a leading decimal such as `1,5` or `,5` is, or `nil`.
    private static func decimalComma(_ scalars: [Unicode.Scalar]) -> Int? {
        var index = scalars.firstIndex { $0 != " " && $0 != "\t" } ?? scalars.endIndex
        while index < scalars.endIndex, ("0"..."9").contains(scalars[index]) { index += 1 }
        guard index + 1 < scalars.endIndex, scalars[index] == ",", ("0"..."9").contains(scalars[index + 1]) else { return nil }
        return index
    }

    private static func scale(_ ingredients: [Ingredient], by factor: Double) -> [Ingredient] {
        ingredients.map { ingredient in
            guard !ingredient.fixed, let amount = ingredient.amount else { return ingredient }
            var scaled = ingredient
            scaled.amount = ScaledAmount.rounded(amount * factor)
            return scaled
        }
    }

    private static func scale(_ groups: [IngredientGroup], by factor: Double) -> [IngredientGroup] {
        groups.map { group in
            var group = group
            group.ingredients = scale(group.ingredients, by: factor)
            group.ingredientGroups = scale(group.ingredientGroups, by: factor)
            return group
        }
    }

    /// The factor for `target`, and the index of the yield it matched (`nil` for "times the recipe").
    private static func match(_ target: Yield, in recipe: Recipe) throws(RecipeScalingError) -> (factor: Double, index: Int?) {
        guard let wanted = target.amount, wanted.isFinite, wanted > 0 else { throw .invalidTarget(target) }
        let index = recipe.yields.firstIndex { $0.unit == target.unit }
            ?? target.unit.flatMap { unit in recipe.yields.firstIndex { $0.unit.map { ScalingUnitMatch.same($0, unit) } ?? false } }
        guard let index else {
            guard let unit = target.unit else { return (wanted, nil) }
            throw .noMatchingYield(recipeID: recipe.id, recipeTitle: recipe.title, unit: unit, available: recipe.yields.map(RecipeScalingError.text))
        }
        guard let amount = recipe.yields[index].amount, amount.isFinite, amount > 0 else {
            throw .yieldWithoutAmount(recipeID: recipe.id, recipeTitle: recipe.title, unit: recipe.yields[index].unit)
        }
        return (wanted / amount, index)
    }
}
