import AlmanacCore

/// Makes realistic recipes: a summary, tags and yields, ingredient groups (one
/// nested now and then) with fractional amounts and notes, and direction sections
/// of long steps; only what RecipeMD can carry, so every format holds the same recipe.
struct RecipeFactory {
    private var random: SeededRandom
    private var count = 0

    init(seed: UInt64 = 1_754) {
        random = SeededRandom(seed: seed)
    }

    mutating func next() -> Recipe {
        count += 1
        var recipe = Recipe(id: random.uuid(), title: random.pick(TextPools.recipeTitles) + " \(count)")
        recipe.summary = (0..<random.inRange(1...2)).map { _ in random.pick(TextPools.sentences) }.joined(separator: " ")
        recipe.tags = Array(Set((0..<random.inRange(1...4)).map { _ in random.pick(TextPools.tags) })).sorted()
        recipe.yields = [Yield(amount: Double(random.inRange(2...12)), unit: random.pick(["servings", "slices", "pieces"]))]
        if random.chance(30) {
            recipe.ingredients = (0..<random.inRange(2...5)).map { _ in ingredient() }
        }
        recipe.ingredientGroups = (0..<random.inRange(1...3)).map { index in
            var group = IngredientGroup(title: TextPools.groupTitles[(index + count) % TextPools.groupTitles.count])
            group.ingredients = (0..<random.inRange(3...8)).map { _ in ingredient() }
            if random.chance(20) {
                group.ingredientGroups = [IngredientGroup(title: "Spiced sugar", ingredients: (0..<3).map { _ in ingredient() })]
            }
            return group
        }
        recipe.directionGroups = (0..<random.inRange(1...3)).map { index in
            DirectionGroup(
                title: TextPools.sectionTitles[(index + count) % TextPools.sectionTitles.count],
                directions: (0..<random.inRange(3...6)).map { _ in
                    (0..<random.inRange(1...3)).map { _ in random.pick(TextPools.directionSentences) }.joined(separator: " ")
                }
            )
        }
        return recipe
    }

    private mutating func ingredient() -> Ingredient {
        var ingredient = Ingredient(name: random.pick(TextPools.ingredientNames))
        if random.chance(85) {
            ingredient.amount = random.pick(TextPools.amounts)
            if random.chance(80) { ingredient.unit = random.pick(TextPools.units) }
        }
        if random.chance(30) { ingredient.note = random.pick(TextPools.ingredientNotes) }
        return ingredient
    }
}
