import Foundation
import AlmanacCore

/// `sort --by date|title|rating|priority [--reverse]`: a stable sort of the items.
///
/// Natural orders: date soonest first (events by start, recipes by dateAdded), title
/// A to Z ignoring case, rating highest first, priority highest first (1 before 9).
/// Items without the key keep their order after the others, also with `--reverse`.
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

    enum Key: String, CaseIterable {
        case date, title, rating, priority
    }

    func makeStep(_ arguments: ArgumentScanner.Result) throws -> any PipelineStep {
        try noPositionals(arguments)
        guard let text = arguments.value("--by") else { throw usageError("missing --by <key> (date, title, rating or priority)") }
        guard let key = Key(rawValue: text) else { throw usageError("--by must be date, title, rating or priority, not '\(text)'") }
        return Step(key: key, reverse: arguments.has("--reverse"), today: try PeriodReference(arguments).day)
    }

    struct Step: PipelineStep {
        let key: Key
        let reverse: Bool
        let today: CivilDate

        func apply(to state: inout PipelineState) throws {
            let keyed = state.items.enumerated().map { (index: $0.offset, item: $0.element, key: sortKey($0.element.item)) }
            let sorted = keyed.sorted { left, right in
                switch (left.key, right.key) {
                case (nil, nil): return left.index < right.index
                case (nil, _): return false
                case (_, nil): return true
                case let (a?, b?):
                    if a == b { return left.index < right.index }
                    return reverse ? b.precedes(a) : a.precedes(b)
                }
            }
            state.items = sorted.map(\.item)
        }

        private func sortKey(_ item: Item) -> SortKey? {
            switch (key, item) {
            case (.title, _):
                return .text(item.title)
            case (.date, .event(let event)):
                return event.placed(onOrAfter: today).start?.instant(localZone: .current).map { .number($0.timeIntervalSince1970) }
            case (.date, .recipe(let recipe)):
                return recipe.dateAdded?.instant(localZone: .current).map { .number($0.timeIntervalSince1970) }
            case (.rating, .recipe(let recipe)):
                return recipe.rating.map { .number(Double(-$0)) }
            case (.priority, .event(let event)):
                guard let priority = event.priority, priority > 0 else { return nil }
                return .number(Double(priority))
            default:
                return nil
            }
        }
    }

    enum SortKey: Equatable {
        case number(Double)
        case text(String)

        func precedes(_ other: SortKey) -> Bool {
            switch (self, other) {
            case let (.number(a), .number(b)): return a < b
            case let (.text(a), .text(b)): return a.compare(b, options: [.caseInsensitive, .numeric]) == .orderedAscending
            default: return false
            }
        }

        static func == (lhs: SortKey, rhs: SortKey) -> Bool {
            switch (lhs, rhs) {
            case let (.number(a), .number(b)): return a == b
            case let (.text(a), .text(b)): return a.compare(b, options: [.caseInsensitive, .numeric]) == .orderedSame
            default: return false
            }
        }
    }
}
