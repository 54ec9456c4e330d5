import Almanac

/// `group --by period [--today D]`: parses its arguments into a ``GroupStep``.
struct GroupVerb: Verb {
    let name = "group"
    let abstract = "Group events by period (past, next 7 days, next 30 days, future)."
    let usage = "group --by period [--today <date>]"
    let options: [ArgumentScanner.Option] = [
        .init(names: ["--by"], valueName: "<key>", help: "period"),
        TodayOption.option,
    ]

    func makeStep(_ arguments: ArgumentScanner.Result) throws -> any PipelineStep {
        try noPositionals(arguments)
        guard arguments.value("--by") == "period" else { throw usageError("--by period is the grouping there is") }
        return GroupStep(by: .period, from: try TodayOption.reference(arguments))
    }
}
