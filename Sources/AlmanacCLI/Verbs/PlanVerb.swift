import Almanac
import Foundation

/// `plan --recipe ID --at DATETIME [--servings N] [--title T] [--time-zone ZONE]`: adds a
/// meal event that serves a recipe of the stream (``MealPlan/meal(for:at:servings:title:)``).
struct PlanVerb: Verb {
    let name = "plan"
    let abstract = "Add a meal event that serves a recipe (a meal plan)."
    let usage = "plan --recipe <id> --at <date-time> [--servings <count>] [--title <text>] [--time-zone <zone>]"
    let discussion = """
        The meal is titled by the recipe, starts at --at and lasts the recipe's total time
        (prep plus cook when it gives no total; an hour when it gives neither); a date makes
        an all-day meal. Its "recipes" names the recipe, which may be any recipe the inputs
        held, also one an earlier step dropped. --recipe takes the recipe's id, or its title.
        --servings is recorded in the meal's notes ("Servings: 6"); the scale verb scales.
        Written to iCalendar, a meal gets its recipe's title and ingredients in its
        DESCRIPTION and an alarm to start cooking in time.
        """
    let options: [ArgumentScanner.Option] = [
        .init(names: ["--recipe"], valueName: "<id>", help: "The recipe the meal serves: its id, or its title."),
        .init(names: ["--at"], valueName: "<date-time>", help: "When the meal starts, such as 2026-12-07T18:30 (local), 2026-12-07T17:30:00Z, or 2026-12-07 (all day)."),
        .init(names: ["--servings"], valueName: "<count>", help: "How many the meal is for, recorded in its notes."),
        .init(names: ["--title"], valueName: "<text>", help: "The meal's title (default: the recipe's)."),
        .init(names: ["--time-zone"], valueName: "<zone>", help: "The IANA time zone of a local --at, such as Europe/Berlin (default: floating, the calendar's own clock)."),
    ]

    func makeStep(_ arguments: ArgumentScanner.Result) throws -> any PipelineStep {
        try noPositionals(arguments)
        guard let recipe = arguments.value("--recipe"), !recipe.isEmpty else { throw usageError("--recipe is required, such as --recipe chili") }
        guard let text = arguments.value("--at") else { throw usageError("--at is required, such as --at 2026-12-07T18:30") }
        guard var start = ISO8601Text.parseCalendarTime(Array(text.utf8)) else {
            throw usageError("--at must be a date-time such as 2026-12-07T18:30 or a date such as 2026-12-07, not '\(text)'")
        }
        if let zone = arguments.value("--time-zone") {
            guard TimeZone(identifier: zone) != nil, zone.contains("/") || zone == "UTC" else { throw usageError("--time-zone: '\(zone)' is not an IANA time zone such as Europe/Berlin") }
            guard case .floating(let local) = start else { throw usageError("--time-zone needs a local --at (no date only, no Z or offset), not '\(text)'") }
            start = .zoned(local, timeZone: zone)
        }
        var servings: Int?
        if let count = arguments.value("--servings") {
            guard let value = Int(count), value >= 1 else { throw usageError("--servings must be a whole number from 1, not '\(count)'") }
            servings = value
        }
        return PlanStep(recipe: recipe, start: start, servings: servings, title: arguments.value("--title"))
    }

}
