import AlmanacCore

/// What a meal event (an event with ``Event/recipes``) carries in iCalendar, shared by
/// the tree builder that writes it and the mapper that reads it back:
///
/// - `X-ALMANAC-RECIPE:ID`, one per recipe id, in order: what reads back to ``Event/recipes``.
/// - For each recipe the document holds (an item, or one of its
///   ``AlmanacDocument/referencedRecipes``), derived lines a calendar app shows:
///   - the DESCRIPTION, marked `X-ALMANAC-MEAL=TRUE`: the event's notes, then each recipe's
///     title, yields and time, and its ingredients; the notes alone are kept in
///     `X-ALMANAC-NOTES`, so reading gives them back without the recipe's text;
///   - `LINK;LINKREL=related;LABEL=Title;X-ALMANAC-MEAL=TRUE:URL` (RFC 9253) when the
///     recipe's source is a web address;
///   - a `VALARM` (`ACTION:DISPLAY`) at the start minus the recipe's
///     ``MealPlan/cookingTime(of:)``, `DESCRIPTION:Start cooking: Chili (1 h 30 min)`,
///     marked by the recipe's `X-ALMANAC-RECIPE`; none for an all-day meal.
///
/// Reading drops what is derived (the marked DESCRIPTION and LINK, the marked VALARMs):
/// the next writing derives it again, so a round trip never doubles it. A DESCRIPTION
/// another program rewrote without the mark is the event's notes.
public enum MealDetails {
    /// The property that names a recipe the event serves, on the event and on its alarm.
    public static let recipeProperty = "X-ALMANAC-RECIPE"
    /// The event's own notes, beside a DESCRIPTION that holds recipe details too.
    public static let notesProperty = "X-ALMANAC-NOTES"
    /// The parameter that marks a DESCRIPTION or LINK as derived from the recipes.
    public static let derivedParameter = "X-ALMANAC-MEAL"

    /// The DESCRIPTION of a meal: `notes`, then a block per recipe.
    static func description(notes: String?, recipes: [Recipe]) -> String {
        var blocks: [String] = []
        if let notes, !notes.isEmpty { blocks.append(notes) }
        blocks += recipes.map(block)
        return blocks.joined(separator: "\n\n")
    }

    /// `Camp Chili`, `Makes 6 servings, 1 pot. Takes 1 h 15 min.`, `Ingredients:` and a
    /// line per ingredient (`- 1 1/2 cups flour, sifted`), groups under their titles.
    static func block(_ recipe: Recipe) -> String {
        var lines = [recipe.title]
        var facts: [String] = []
        let yields = recipe.yields.map { [$0.amount.map(AmountParser.format), $0.unit].compactMap { $0 }.joined(separator: " ") }.filter { !$0.isEmpty }
        if !yields.isEmpty { facts.append("Makes \(yields.joined(separator: ", ")).") }
        if let time = MealPlan.cookingTime(of: recipe) { facts.append("Takes \(MealPlan.text(time)).") }
        if !facts.isEmpty { lines.append(facts.joined(separator: " ")) }
        if !recipe.ingredients.isEmpty || !recipe.ingredientGroups.isEmpty {
            lines.append("Ingredients:")
            lines += recipe.ingredients.map { line($0, depth: 0) }
            for group in recipe.ingredientGroups { append(group, depth: 0, to: &lines) }
        }
        return lines.joined(separator: "\n")
    }

    private static func append(_ group: IngredientGroup, depth: Int, to lines: inout [String]) {
        lines.append(String(repeating: "  ", count: depth) + group.title + ":")
        lines += group.ingredients.map { line($0, depth: depth + 1) }
        for inner in group.ingredientGroups { append(inner, depth: depth + 1, to: &lines) }
    }

    private static func line(_ ingredient: Ingredient, depth: Int) -> String {
        let words = [ingredient.amount.map(AmountParser.format), ingredient.unit, ingredient.name].compactMap { $0 }.filter { !$0.isEmpty }
        let note = ingredient.note.map { ", " + $0 } ?? ""
        return String(repeating: "  ", count: depth) + "- " + words.joined(separator: " ") + note
    }

    /// The alarm to start cooking `recipe` for a meal that starts at a time of day, or
    /// `nil` when the recipe gives no time.
    static func alarm(for recipe: Recipe) -> ICalComponent? {
        guard let time = MealPlan.cookingTime(of: recipe) else { return nil }
        var alarm = ICalComponent(name: "VALARM")
        alarm.properties.append(ICalProperty("ACTION", [], "DISPLAY"))
        alarm.properties.append(ICalProperty("TRIGGER", [("RELATED", "START")], trigger(seconds: time.totalSeconds)))
        alarm.properties.append(TextValue.property("DESCRIPTION", MealPlan.alarmText(recipe, time: time)).property)
        alarm.properties.append(TextValue.property(recipeProperty, recipe.id).property)
        return alarm
    }

    /// A TRIGGER that goes off `seconds` before the start: `-PT1H15M`, `-P1DT2H`
    /// (RFC 5545 dur-value: weeks and days, then hours, minutes, seconds).
    static func trigger(seconds: Int) -> String {
        let duration = MealPlan.duration(seconds: seconds)
        var text = "-P"
        if duration.days > 0 { text += "\(duration.days)D" }
        if duration.hours > 0 || duration.minutes > 0 || duration.seconds > 0 || duration.days == 0 {
            text += "T"
            if duration.hours > 0 { text += "\(duration.hours)H" }
            if duration.minutes > 0 { text += "\(duration.minutes)M" }
            if duration.seconds > 0 || (duration.hours == 0 && duration.minutes == 0) { text += "\(duration.seconds)S" }
        }
        return text
    }

    /// A recipe's source as a web address a LINK can carry, else `nil`.
    static func link(_ recipe: Recipe) -> String? {
        guard let source = recipe.source?.trimmingSpaces, source.hasPrefix("https://") || source.hasPrefix("http://"),
              !source.contains(where: { $0 == " " || $0 == "\n" || $0 == "\r" }) else { return nil }
        return source
    }

    /// Whether a component inside an event is an alarm the writer derived from a recipe.
    static func isDerivedAlarm(_ component: ICalComponent) -> Bool {
        component.name == "VALARM" && component.property(recipeProperty) != nil
    }

    /// Whether a DESCRIPTION or LINK carries the mark of derived recipe details.
    static func isDerived(_ property: some MappedProperty) -> Bool {
        property.parameter(derivedParameter) != nil
    }
}
