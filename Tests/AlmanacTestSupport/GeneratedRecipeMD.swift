import AlmanacCore

/// Reproducible RecipeMD files as people write them, for the scaling peer tests: amounts in
/// every spelling RecipeMD reads (`1 1/2`, `½`, `1 ½`, `1,5`, `.5`, `3/4`, `0.333`, negatives),
/// with and without units, ingredients without amounts, nested groups, and yields of which
/// one is always in `servings` (with an amount) and some have no unit.
public enum GeneratedRecipeMD {

    static let amounts = [
        "1", "2", "3", "4", "6", "10", "12", "250", "1000", "1/2", "1/3", "2/3", "1/4", "3/4", "1/8", "3/8", "5/6", "1/7",
        "1 1/2", "2 1/4", "1 1/3", "½", "¼", "¾", "⅓", "⅔", "⅛", "1 ½", "2 ¾", "1,5", "0,25", ".5", "0.333", "1.2",
        "2.75", "0.1", "0.05", "12.5", "-1", "- 2",
    ]
    static let units = ["", "", "", "cups", "cup", "g", "kg", "ml", "l", "tbsp", "tsp", "oz", "lb", "large", "cloves", "pinch", "Tassen"]
    static let names = [
        "flour", "brown sugar", "eggs", "butter, softened", "milk", "salt", "olive oil", "garlic", "onions, diced",
        "baking powder", "vanilla extract", "lemon juice", "water", "tomatoes", "black pepper", "rice",
    ]
    static let yieldUnits = ["cups", "slices", "loaf", "pieces", "l", "Portionen", "pancakes"]

    /// `count` recipes, each `(fileName, text)`; titles are `Generated recipe N` and unique.
    public static func files(seed: UInt64, count: Int) -> [(name: String, text: String)] {
        var random = SeededRandom(seed: seed)
        return (0..<count).map { number in ("generated-\(number).md", recipe(number, &random)) }
    }

    static func recipe(_ number: Int, _ random: inout SeededRandom) -> String {
        var lines = ["# Generated recipe \(number)", ""]
        if random.bool() { lines += ["A recipe to scale.", ""] }
        var yields = ["\(positiveAmount(&random)) servings"]
        for _ in 0..<random.inRange(0...2) { yields.append("\(positiveAmount(&random)) \(random.pick(yieldUnits))") }
        if random.inRange(0...3) == 0 { yields.append(positiveAmount(&random)) }
        if random.bool() { yields.swapAt(0, yields.count - 1) }
        lines += ["**\(yields.joined(separator: ", "))**", "", "---", ""]
        lines += ingredients(&random)
        for group in 0..<random.inRange(0...2) {
            lines += ["", "## Group \(group + 1)", ""] + ingredients(&random)
            if random.bool() { lines += ["", "### Inner \(group + 1)", ""] + ingredients(&random) }
        }
        lines += ["", "---", "", "Mix and bake."]
        return lines.joined(separator: "\n") + "\n"
    }

    static func ingredients(_ random: inout SeededRandom) -> [String] {
        (0..<random.inRange(1...5)).map { _ in
            let name = random.pick(names)
            guard random.inRange(0...5) > 0 else { return "- \(name)" }
            let unit = random.pick(units)
            return "- *\(random.pick(amounts))\(unit.isEmpty ? "" : " " + unit)* \(name)"
        }
    }

    /// An amount a yield can be scaled from (RecipeMD scales from any, almanac from positive ones).
    static func positiveAmount(_ random: inout SeededRandom) -> String {
        var amount = random.pick(amounts)
        while amount.hasPrefix("-") { amount = random.pick(amounts) }
        return amount
    }
}
