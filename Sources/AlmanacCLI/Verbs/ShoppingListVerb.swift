import Almanac

/// `shopping-list [--title T] [--date D]`: replaces the recipes in the stream with one
/// event whose tasks are their ingredients summed (``ShoppingList``), made from the
/// meals' recipes when the stream holds meals (``ShoppingSelection``).
struct ShoppingListVerb: Verb {
    let name = "shopping-list"
    let abstract = "Replace the recipes with one event whose tasks are their ingredients, summed."
    let usage = "shopping-list [--title <title>] [--date <date>]"
    let discussion = """
        When events in the stream name recipes (meals), the list is for the meals' recipes
        (a recipe served twice counts twice), found in the stream or among every recipe the
        inputs held; else for the stream's recipes. The recipes leave the stream, events stay,
        and the list is added last: an all-day event (or one at --date's time) on --date, by
        default the day of the first meal, else today. A meal naming a recipe no input holds
        is a warning; nothing to shop for is an error (exit 65).
        """
    let options: [ArgumentScanner.Option] = [
        .init(names: ["--title"], valueName: "<title>", help: "The list's title (default: \(ShoppingList.defaultTitle))."),
        .init(names: ["--date"], valueName: "<date>", help: "The list's day (2026-12-24) or time (2026-12-24T10:00:00Z)."),
    ]

    func makeStep(_ arguments: ArgumentScanner.Result) throws -> any PipelineStep {
        try noPositionals(arguments)
        let title = arguments.value("--title") ?? ShoppingList.defaultTitle
        guard !title.allSatisfy(\.isWhitespace) else { throw usageError("--title must not be blank") }
        var start: CalendarTime?
        if let text = arguments.value("--date") {
            guard let time = ISO8601Text.parseCalendarTime(Array(text.utf8)) else {
                throw usageError("--date must be a date such as 2026-12-24 or a time such as 2026-12-24T10:00:00Z, not '\(text)'")
            }
            start = time
        }
        return ShoppingListStep(title: title, start: start)
    }

}
