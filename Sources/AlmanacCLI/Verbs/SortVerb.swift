import Almanac

/// `sort --by date|title|rating|priority [--reverse]`: parses its arguments into a
/// ``SortStep`` (whose doc says the orders).
struct SortVerb: Verb {
    let name = "sort"
    let abstract = "Sort the items by date, title, rating or priority (stable)."
    let usage = "sort --by date|title|rating|priority [--reverse] [--today <date>]"
    let discussion = "By date, a recurring event sorts by its next occurrence on or after --today (default: now)."
    let options: [ArgumentScanner.Option] = [
        .init(names: ["--by"], valueName: "<key>", help: "date, title, rating or priority."),
        .init(names: ["--reverse"], valueName: nil, help: "Reverse the order (items without the key stay last)."),
        TodayOption.option,
    ]

    func makeStep(_ arguments: ArgumentScanner.Result) throws -> any PipelineStep {
        try noPositionals(arguments)
        guard let text = arguments.value("--by") else { throw usageError("missing --by <key> (date, title, rating or priority)") }
        guard let key = SortStep.Key(rawValue: text) else { throw usageError("--by must be date, title, rating or priority, not '\(text)'") }
        return SortStep(by: key, reverse: arguments.has("--reverse"), today: try TodayOption.reference(arguments).day)
    }
}
