import AlmanacCore

/// Cooklang files made up from a seed, with every construct the reader knows: front matter,
/// sections, multi-line steps, single-word and braced ingredients with every kind of quantity,
/// fixed quantities, notes, references, cookware, timers, comments, block comments, escapes
/// and `>` notes. The same seed gives the same file.
struct GeneratedCooklang {
    private var random: SeededRandom

    init(seed: UInt64) { random = SeededRandom(seed: seed &+ 0x9E37_79B9_7F4A_7C15) }

    private mutating func below(_ bound: Int) -> Int { random.below(bound) }
    private mutating func pick<T>(_ items: [T]) -> T { random.pick(items) }

    static let words = ["stir", "the", "mix", "until", "golden", "then", "gently", "fold", "in", "with", "and", "a", "bit", "of", "heat", "to", "200°C", "crème", "well,", "serve."]
    static let single = ["salt", "pepper", "flour", "sugar", "eggs", "butter", "thyme", "garlic", "🧂", "jalapeño"]
    static let multi = ["olive oil", "brown sugar", "tipo 00 flour", "hot chilli", "sour cream", "red wine vinegar"]
    static let quantities = ["", "3", "250", "1.5", ".5", "1/2", "3/4", "1 1/2", "few", "a pinch", "=1", "= 2", "01/2", "7 k"]
    static let units = ["", "g", "kg", "cup", "cups", "tbsp", "tsp", "ml", "cloves", "sprigs"]

    /// One recipe file.
    mutating func file() -> String {
        var text = ""
        if below(2) == 0 {
            text += "---\ntitle: Dish \(below(1000))\nservings: \(1 + below(8))\n"
            if below(2) == 0 { text += "tags: [quick, \(pick(["vegan", "dinner", "soup"]))]\n" }
            if below(2) == 0 { text += "prep time: \(5 + below(40)) minutes\n" }
            if below(3) == 0 { text += "course: \(pick(["main", "dessert"]))\n" }
            text += "---\n\n"
        } else if below(3) == 0 {
            text += ">> servings: \(1 + below(6))\n>> source: https://example.com/\(below(100))\n\n"
        }
        for section in 0..<(1 + below(3)) {
            if section > 0 || below(4) == 0 {
                text += pick(["= Part \(section) =", "== Part \(section) ==", "= Part \(section)"]) + "\n\n"
            }
            for _ in 0..<(1 + below(4)) {
                if below(6) == 0 { text += "> Note \(below(100)): \(pick(Self.words)) \(pick(Self.words))\n\n" }
                text += step() + "\n\n"
            }
        }
        return text
    }

    private mutating func step() -> String {
        var lines: [String] = []
        for _ in 0..<(1 + below(2)) {
            var parts: [String] = []
            for _ in 0..<(2 + below(8)) {
                switch below(12) {
                case 0, 1, 2: parts.append(ingredient())
                case 3: parts.append(pick(["#pot", "#bowl{}", "#frying pan{}", "#baking tray{2}"]))
                case 4: parts.append(pick(["~{10%minutes}", "~{1/2%hour}", "~rest{5%min}", "~{1.5%minutes}"]))
                case 5: parts.append(pick(["[- quietly -]", "\\@home", "50\\% more", "1/2 inch"]))
                default: parts.append(pick(Self.words))
                }
            }
            var line = parts.joined(separator: " ")
            if below(5) == 0 { line += " -- a comment" }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    private mutating func ingredient() -> String {
        if below(4) == 0 { return "@" + pick(Self.single) }
        if below(10) == 0 { return "@./sauces/" + pick(["Hollandaise", "Pesto"]) + "{" + pick(["", "150%g", "2%tbsp"]) + "}" }
        let name = below(2) == 0 ? pick(Self.single) : pick(Self.multi)
        var quantity = pick(Self.quantities)
        var unit = pick(Self.units)
        if quantity.isEmpty { unit = "" }
        if unit.isEmpty && below(2) == 0 { quantity = quantity.isEmpty ? "" : quantity }
        var text = "@" + name + "{" + quantity + (unit.isEmpty ? "" : "%" + unit) + "}"
        if below(4) == 0 { text += "(" + pick(["chopped", "finely diced", "to taste"]) + ")" }
        return text
    }
}
