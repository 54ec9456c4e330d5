import AlmanacCore

/// `group --by period`: orders events Past, Next 7 Days, Next 30 Days, Future (stable
/// within each), and asks writers that can show groups (the Markdown agenda) to do so.
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
        return Step(reference: try PeriodReference(arguments), today: arguments.value("--today"))
    }

    struct Step: PipelineStep {
        let reference: PeriodReference
        let today: String?

        func apply(to state: inout PipelineState) throws {
            let order = EventPeriod.allCases
            func rank(_ item: Item) -> Int {
                guard case .event(let event) = item,
                      let period = event.placed(onOrAfter: reference.day).period(relativeTo: reference.instant, calendar: reference.calendar) else {
                    return order.count
                }
                return order.firstIndex(of: period)!
            }
            state.items = state.items.enumerated()
                .sorted { (rank($0.element.item), $0.offset) < (rank($1.element.item), $1.offset) }
                .map(\.element)
            state.writerSettings["group-by"] = "period"
            if let today { state.writerSettings["today"] = today }
        }
    }
}
