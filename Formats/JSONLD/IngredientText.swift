import AlmanacCore

/// The ingredient lines of `recipeIngredient`: `1 ½ cups flour, sifted` read as amount,
/// unit, name and note; a heading line such as `For the dough:` starts an ingredient
/// group (nested groups are written `Outer › Inner:`); and ingredients written back.
enum IngredientText {
    /// What one line of `recipeIngredient` is.
    enum Line: Equatable {
        case ingredient(Ingredient)
        /// A group heading: the titles from the outermost group in.
        case heading([String])
    }

    /// The separator between the titles of nested groups in a heading.
    static let nestingSeparator = " › "

    /// Units recognised after an amount (compared in lower case, without a final `.`).
    private static let units: Set<String> = [
        "cup", "cups", "c", "tablespoon", "tablespoons", "tbsp", "tbs", "tbl", "tablespoonful", "teaspoon", "teaspoons", "tsp",
        "g", "gram", "grams", "gr", "kg", "kilogram", "kilograms", "mg", "ml", "milliliter", "milliliters", "millilitre",
        "millilitres", "cl", "dl", "l", "liter", "liters", "litre", "litres", "oz", "ounce", "ounces", "lb", "lbs", "pound",
        "pounds", "pint", "pints", "pt", "quart", "quarts", "qt", "gallon", "gallons", "gal", "pinch", "pinches", "dash",
        "dashes", "clove", "cloves", "can", "cans", "tin", "tins", "jar", "jars", "package", "packages", "pkg", "packet",
        "packets", "stick", "sticks", "slice", "slices", "piece", "pieces", "bunch", "bunches", "sprig", "sprigs", "handful",
        "handfuls", "head", "heads", "stalk", "stalks", "drop", "drops", "bottle", "bottles", "bag", "bags", "box", "boxes",
        "cube", "cubes", "sheet", "sheets", "leaf", "leaves", "knob", "splash", "scoop", "scoops", "inch", "inches", "cm",
    ]

    /// Two-word units, such as `fl oz`.
    private static let twoWordUnits: Set<String> = ["fl oz", "fl. oz", "fluid ounce", "fluid ounces"]

    /// Reads one line. Blank lines are `nil`.
    static func parse(_ text: String) -> Line? {
        let line = collapsed(text)
        guard !line.isEmpty else { return nil }
        let scalars = Array(line.unicodeScalars)
        let leading = AmountParser.leadingNumber(scalars)
        if leading == nil, line.hasSuffix(":"), line.count > 1 {
            let title = String(line.dropLast()).trimmingSpaces()
            if !title.isEmpty { return .heading(title.components(separatedBy: nestingSeparator).map { $0.trimmingSpaces() }) }
        }
        guard let (amount, end) = leading else {
            let (name, note) = nameAndNote(line)
            return .ingredient(Ingredient(name: name, note: note))
        }
        let rest = String(String.UnicodeScalarView(scalars[end...])).trimmingSpaces()
        // A range such as 1-2 or 1 to 2: the amount stays part of the name.
        if rest.hasPrefix("-") || rest.hasPrefix("–") || rest.hasPrefix("to ") {
            let (name, note) = nameAndNote(line)
            return .ingredient(Ingredient(name: name, note: note))
        }
        var unit: String?
        var remainder = Substring(rest)
        let words = rest.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
        if words.count >= 2, twoWordUnits.contains(normalised(words[0] + " " + words[1])) {
            unit = String(words[0] + " " + words[1])
            remainder = words.count > 2 ? words[2] : ""
        } else if let first = words.first, units.contains(normalised(first)) {
            unit = String(first)
            remainder = rest.dropFirst(first.count)
        }
        let (name, note) = nameAndNote(String(remainder).trimmingSpaces())
        return .ingredient(Ingredient(amount: amount, unit: unit, name: name, note: note))
    }

    /// The line for `ingredient`: `[amount] [unit] name[, note]`.
    static func text(of ingredient: Ingredient) -> String {
        var parts: [String] = []
        if let amount = ingredient.amount { parts.append(AmountParser.format(amount)) }
        if let unit = ingredient.unit, !unit.isEmpty { parts.append(unit) }
        if !ingredient.name.isEmpty { parts.append(ingredient.name) }
        var line = parts.joined(separator: " ")
        if let note = ingredient.note, !note.isEmpty { line += ", " + note }
        return line
    }

    /// The heading line for a group at `path` (its titles from the outermost in).
    static func heading(_ path: [String]) -> String {
        path.joined(separator: nestingSeparator) + ":"
    }

    /// Whether reading `text` gives back `ingredient`'s amount, unit, name and note.
    static func reads(_ text: String, as ingredient: Ingredient) -> Bool {
        guard case .ingredient(let parsed)? = parse(text) else { return false }
        return parsed.amount == ingredient.amount && parsed.unit == ingredient.unit
            && parsed.name == ingredient.name && parsed.note == ingredient.note
    }

    /// `flour, sifted` → name `flour`, note `sifted`.
    private static func nameAndNote(_ text: String) -> (String, String?) {
        guard let comma = text.range(of: ", ") else { return (text, nil) }
        let note = text[comma.upperBound...].trimmingSpaces()
        return (text[..<comma.lowerBound].trimmingSpaces(), note.isEmpty ? nil : note)
    }

    private static func normalised(_ word: some StringProtocol) -> String {
        var lowered = word.lowercased()
        if lowered.hasSuffix(".") { lowered.removeLast() }
        return lowered
    }

    /// White space runs (including no-break spaces and line breaks) as one space, trimmed.
    static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}

extension StringProtocol {
    /// Without white space at either end.
    func trimmingSpaces() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }) else { return "" }
        let last = lastIndex(where: { !$0.isWhitespace })!
        return String(self[first...last])
    }
}
