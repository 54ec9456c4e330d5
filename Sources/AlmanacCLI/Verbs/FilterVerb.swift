import Foundation
import AlmanacCore

/// `filter`: keeps the items that match every option given (AND).
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
        var tests: [@Sendable (Item) -> Bool] = []
        if let text = arguments.value("--kind") {
            guard let kind = ItemKind(rawValue: text) else { throw usageError("--kind must be recipe or event, not '\(text)'") }
            tests.append { $0.kind == kind }
        }
        if let text = arguments.value("--period") {
            guard let period = EventPeriod(rawValue: text) else {
                throw usageError("--period must be past, next-7-days, next-30-days or future, not '\(text)'")
            }
            let reference = try PeriodReference(arguments)
            tests.append { item in
                guard case .event(let event) = item else { return false }
                return event.placed(onOrAfter: reference.day).period(relativeTo: reference.instant, calendar: reference.calendar) == period
            }
        }
        if let name = arguments.value("--collection") {
            tests.append { if case .recipe(let recipe) = $0 { return recipe.collections.contains(name) } else { return false } }
        }
        if arguments.has("--favorite") {
            tests.append { if case .recipe(let recipe) = $0 { return recipe.isFavorite } else { return false } }
        }
        if let tag = arguments.value("--tag") {
            tests.append { item in
                switch item {
                case .recipe(let recipe): return recipe.tags.contains { $0.caseInsensitiveCompare(tag) == .orderedSame }
                case .event(let event): return event.categories.contains { $0.caseInsensitiveCompare(tag) == .orderedSame }
                }
            }
        }
        if arguments.has("--incomplete") {
            tests.append { if case .event(let event) = $0 { return !event.isComplete } else { return false } }
        }
        if let text = arguments.value("--title") {
            tests.append { $0.title.range(of: text, options: [.caseInsensitive, .diacriticInsensitive]) != nil }
        }
        if let id = arguments.value("--id") {
            tests.append { $0.id == id }
        }
        return Step(tests: tests)
    }

    struct Step: PipelineStep {
        let tests: [@Sendable (Item) -> Bool]

        func apply(to state: inout PipelineState) throws {
            state.items = state.items.filter { located in tests.allSatisfy { $0(located.item) } }
        }
    }
}

/// The instant periods are counted from: the start of `--today` on this machine's
/// calendar, or now. Recurring events are placed by their next occurrence on or after `day`.
struct PeriodReference: Sendable {
    let instant: Date
    let calendar: Calendar
    /// The reference day.
    let day: CivilDate

    init(_ arguments: ArgumentScanner.Result) throws {
        calendar = Calendar(identifier: .gregorian).withZone(.current)
        if arguments.value("--today") != nil {
            day = try TodayOption.day(arguments, command: "convert")
            instant = CalendarTime.date(day).instant(localZone: calendar.timeZone)!
        } else {
            instant = Date()
            let parts = calendar.dateComponents([.year, .month, .day], from: instant)
            day = CivilDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1) ?? CivilDate(daysSinceEpoch: 0)
        }
    }
}

extension Calendar {
    fileprivate func withZone(_ zone: TimeZone) -> Calendar {
        var calendar = self
        calendar.timeZone = zone
        return calendar
    }
}
