/// One list of what to buy for some recipes: the ingredients of all of them (groups
/// included), the same ingredient summed.
///
/// Ingredients are the same when their names are (``IngredientName/key(_:)``: case,
/// accents, singular and plural aside) and their amounts can be added:
/// - in convertible units of one dimension (g and kg; ml and l; tsp, tbsp, cup, fl oz;
///   oz and lb; see ``KitchenUnits``), summed after converting and written in a readable
///   unit (``KitchenUnits/sum(_:)``): `1 1/2 cups flour`, `1.5 kg flour`;
/// - in the same other unit (`can`, `cans`), or as counts without a unit (`2 eggs`);
/// - ingredients without an amount are listed once, without one (`salt (Chili, Soup)`).
///
/// Amounts in units that do not convert (cups and grams of flour: volume and mass are never
/// converted; a can and grams) stay separate lines, next to each other. Lines come in the
/// order the ingredient first appears; each names the recipes that want it. Notes
/// (`sifted`) are left out and linked recipes (an ingredient made by another recipe) are
/// not opened: the list holds what the recipes list.
public struct ShoppingList: Hashable, Sendable {
    /// The title a list gets when none is asked for.
    public static let defaultTitle = "Shopping list"

    /// The lines, in the order their ingredients first appear.
    public var lines: [ShoppingLine]
    /// The recipes the list is for, each once, with how many times it was given.
    public var recipes: [ShoppingLine.Use]

    /// The list for `recipes`; a recipe given twice (served at two meals) counts twice.
    public init(recipes: [Recipe]) {
        var builder = Builder()
        for (serving, recipe) in recipes.enumerated() { builder.add(recipe, serving: serving) }
        lines = builder.lines()
        self.recipes = builder.recipes
    }

    /// The list as an event of the day or time `start` whose tasks are the lines, for the
    /// agenda (a checklist) and calendars (a VEVENT with a VTODO per line). Its notes
    /// name the recipes. Without an `id`, the id is derived from the title and the start,
    /// so the list of the same day keeps its id when made again (a calendar replaces it);
    /// a task's id is derived from the event's id and the line's ``ShoppingLine/key``.
    public func event(id: String? = nil, title: String = ShoppingList.defaultTitle, start: CalendarTime) -> Event {
        var startText = Array(title.utf8) + [0x0A]
        ISO8601Text.append(start, to: &startText)
        let eventID = id ?? StableID.make(from: startText, salt: "almanac-shopping-list")
        let tasks = lines.map { EventTask(id: StableID.make(from: Array($0.key.utf8), salt: eventID), text: $0.text) }
        let notes = recipes.isEmpty ? nil : "Shopping for " + recipes.map(\.text).joined(separator: ", ") + "."
        return Event(id: eventID, title: title, start: start, notes: notes, tasks: tasks)
    }

    /// Gathers the ingredients line by line, in one pass over the recipes.
    private struct Builder {
        /// What one line collects, in a size that does not grow with the recipes wanting it
        /// (but for ``uses``).
        struct Entry {
            var key: String
            var measure: Measure
            /// The first spelling of the name, and the first that ends in `s`.
            var name: String
            var pluralName: String?
            /// The same for the unit (of a measure almanac does not convert).
            var unit: String?
            var pluralUnit: String?
            var total = 0.0
            /// The amounts of each convertible unit, in the order the units came.
            var perUnit: [(amount: Double, unit: KitchenUnits.Unit)] = []
            var uses: [ShoppingLine.Use] = []
            var useIndex: [String: Int] = [:]
            var lastServing = -1
        }

        /// What kind of amount a line adds up.
        enum Measure: Hashable {
            case none
            case count
            case dimension(KitchenUnits.Dimension)
            case other(String)

            var key: String {
                switch self {
                case .none: return "none"
                case .count: return "count"
                case .dimension(let dimension): return dimension.rawValue
                case .other(let unit): return "unit " + unit
                }
            }
        }

        var entries: [Entry] = []
        var entryIndex: [String: Int] = [:]
        /// For each ingredient name (by key), its lines' indexes, so one ingredient's lines stay together.
        var byName: [[Int]] = []
        var nameIndex: [String: Int] = [:]
        var recipes: [ShoppingLine.Use] = []
        var recipeIndex: [String: Int] = [:]

        mutating func add(_ recipe: Recipe, serving: Int) {
            let title = recipe.title.isEmpty ? recipe.id : recipe.title
            if let index = recipeIndex[recipe.id] {
                recipes[index].servings += 1
            } else {
                recipeIndex[recipe.id] = recipes.count
                recipes.append(ShoppingLine.Use(recipeID: recipe.id, title: title))
            }
            for ingredient in recipe.allIngredients {
                add(ingredient, recipeID: recipe.id, title: title, serving: serving)
            }
        }

        private mutating func add(_ ingredient: Ingredient, recipeID: String, title: String, serving: Int) {
            let name = Self.trimmed(ingredient.name)
            let unitText = Self.trimmed(ingredient.unit ?? "")
            let amount = ingredient.amount.flatMap { $0.isFinite ? $0 : nil }
            guard !name.isEmpty || amount != nil else { return }
            let unit = KitchenUnits.unit(named: unitText)
            let measure: Measure
            if amount == nil {
                measure = .none
            } else if unitText.isEmpty {
                measure = .count
            } else if let unit {
                measure = .dimension(unit.dimension)
            } else {
                measure = .other(IngredientName.key(unitText))
            }
            let nameKey = IngredientName.key(name)
            let key = nameKey + "\u{1F}" + measure.key
            let index: Int
            if let found = entryIndex[key] {
                index = found
            } else {
                index = entries.count
                entryIndex[key] = index
                entries.append(Entry(key: key, measure: measure, name: name, unit: unitText))
                if let names = nameIndex[nameKey] {
                    byName[names].append(index)
                } else {
                    nameIndex[nameKey] = byName.count
                    byName.append([index])
                }
            }
            if entries[index].pluralName == nil, Self.endsInS(name) { entries[index].pluralName = name }
            if let amount {
                entries[index].total += amount
                if entries[index].pluralUnit == nil, Self.endsInS(unitText) { entries[index].pluralUnit = unitText }
                if let unit {
                    if let slot = entries[index].perUnit.firstIndex(where: { $0.unit == unit }) {
                        entries[index].perUnit[slot].amount += amount
                    } else {
                        entries[index].perUnit.append((amount, unit))
                    }
                }
            }
            if entries[index].lastServing != serving {
                entries[index].lastServing = serving
                if let use = entries[index].useIndex[recipeID] {
                    entries[index].uses[use].servings += 1
                } else {
                    entries[index].useIndex[recipeID] = entries[index].uses.count
                    entries[index].uses.append(ShoppingLine.Use(recipeID: recipeID, title: title))
                }
            }
        }

        func lines() -> [ShoppingLine] {
            byName.flatMap { $0.map { line(entries[$0]) } }
        }

        private func line(_ entry: Entry) -> ShoppingLine {
            let total = entry.total
            var amount: Double? = total
            var amountText: String?
            var unit: String?
            var name = entry.name
            switch entry.measure {
            case .none:
                amount = nil
            case .count:
                amountText = KitchenAmount.fraction(total)
                if total > 1 { name = entry.pluralName ?? IngredientName.plural(entry.name) }
            case .dimension:
                // One dimension by the line's key, so the sum is there.
                if let sum = KitchenUnits.sum(entry.perUnit) {
                    amount = sum.amount
                    amountText = KitchenUnits.number(sum.amount, sum.unit)
                    unit = sum.unit.spelling(for: sum.amount)
                }
            case .other:
                amountText = KitchenAmount.fraction(total)
                unit = total > 1 ? entry.pluralUnit ?? entry.unit.map(IngredientName.plural) : entry.unit
            }
            return ShoppingLine(amount: amount, amountText: amountText, unit: unit, name: name, uses: entry.uses, key: entry.key)
        }

        /// Whether a spelling ends in `s` (the plural a recipe wrote), in either case.
        private static func endsInS(_ text: String) -> Bool {
            text.utf8.last == UInt8(ascii: "s") || text.utf8.last == UInt8(ascii: "S")
        }

        /// `text` without white space around it, its inner runs of white space one space.
        private static func trimmed(_ text: String) -> String {
            var previous: UInt8 = 0x20
            var plain = true
            for byte in text.utf8 {
                // Non-ASCII bytes may be white space (a no-break space): the slow path decides.
                if byte >= 0x80 || byte < 0x20 || (byte == 0x20 && previous == 0x20) {
                    plain = false
                    break
                }
                previous = byte
            }
            if plain && previous != 0x20 { return text }
            return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
    }
}
