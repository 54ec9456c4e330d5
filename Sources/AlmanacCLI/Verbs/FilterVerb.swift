import Almanac

/// `filter`: parses its arguments into a ``FilterStep`` with one test per option given.
struct FilterVerb: Verb {
    let name = "filter"
    let abstract = "Keep the items that match every option given."
    let usage = "filter [--kind recipe|event] [--period <period>] [--today <date>] [--collection <name>] [--favorite] [--tag <tag>] [--incomplete] [--title <text>] [--id <id>]"
    let discussion = """
        Periods are those of the date planner, counted from --today (default: now):
        past, next-7-days, next-30-days, future. A recurring event is placed by its next
        occurrence on or after --today. --favorite and --collection keep recipes;
        --period and --incomplete keep events; --tag matches recipe tags and event categories.
        """
    let options: [ArgumentScanner.Option] = [
        .init(names: ["--kind"], valueName: "<kind>", help: "recipe or event."),
        .init(names: ["--period"], valueName: "<period>", help: "past, next-7-days, next-30-days or future."),
        TodayOption.option,
        .init(names: ["--collection"], valueName: "<name>", help: "Recipes in this collection."),
        .init(names: ["--favorite"], valueName: nil, help: "Favorite recipes."),
        .init(names: ["--tag"], valueName: "<tag>", help: "Recipes with this tag, events with this category."),
        .init(names: ["--incomplete"], valueName: nil, help: "Events with tasks left to do."),
        .init(names: ["--title"], valueName: "<text>", help: "Titles containing this text (ignoring case)."),
        .init(names: ["--id"], valueName: "<id>", help: "The item with this id."),
    ]

    func makeStep(_ arguments: ArgumentScanner.Result) throws -> any PipelineStep {
        try noPositionals(arguments)
        var tests: [FilterStep.Test] = []
        if let text = arguments.value("--kind") {
            guard let kind = ItemKind(rawValue: text) else { throw usageError("--kind must be recipe or event, not '\(text)'") }
            tests.append(.kind(kind))
        }
        if let text = arguments.value("--period") {
            guard let period = EventPeriod(rawValue: text) else {
                throw usageError("--period must be past, next-7-days, next-30-days or future, not '\(text)'")
            }
            tests.append(.period(period, from: try TodayOption.reference(arguments)))
        }
        if let name = arguments.value("--collection") { tests.append(.collection(name)) }
        if arguments.has("--favorite") { tests.append(.favorite) }
        if let tag = arguments.value("--tag") { tests.append(.tag(tag)) }
        if arguments.has("--incomplete") { tests.append(.incomplete) }
        if let text = arguments.value("--title") { tests.append(.title(text)) }
        if let id = arguments.value("--id") { tests.append(.id(id)) }
        return FilterStep(tests)
    }
}
