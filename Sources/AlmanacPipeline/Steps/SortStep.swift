import Foundation
import AlmanacCore

/// `sort --by date|title|rating|priority [--reverse]`: a stable sort of the items.
///
/// Natural orders: date soonest first (events by start, recipes by dateAdded), title
/// A to Z ignoring case, rating highest first, priority highest first (1 before 9).
/// Items without the key keep their order after the others, also with `reverse`.
public struct SortStep: PipelineStep {
    /// What to sort by.
    public enum Key: String, CaseIterable, Sendable {
        case date, title, rating, priority
    }

    /// What the items are sorted by.
    public let key: Key
    /// Whether the natural order is reversed (items without the key stay last).
    public let reverse: Bool
    /// By date, a recurring event sorts by its next occurrence on or after this day.
    public let today: CivilDate

    /// - Parameters:
    ///   - key: what to sort by.
    ///   - reverse: reverse the natural order (items without the key stay last).
    ///   - today: the day recurring events are placed from (default: today).
    public init(by key: Key, reverse: Bool = false, today: CivilDate = PeriodReference().day) {
        self.key = key
        self.reverse = reverse
        self.today = today
    }

    public func apply(to state: inout PipelineState) throws {
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

    private func sortKey(_ item: Item) -> SortValue? {
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

    /// One item's key: numbers in order, text ignoring case with numbers by value.
    private enum SortValue: Equatable {
        case number(Double)
        case text(String)

        func precedes(_ other: SortValue) -> Bool {
            switch (self, other) {
            case let (.number(a), .number(b)): return a < b
            case let (.text(a), .text(b)): return a.compare(b, options: [.caseInsensitive, .numeric]) == .orderedAscending
            default: return false
            }
        }

        static func == (lhs: SortValue, rhs: SortValue) -> Bool {
            switch (lhs, rhs) {
            case let (.number(a), .number(b)): return a == b
            case let (.text(a), .text(b)): return a.compare(b, options: [.caseInsensitive, .numeric]) == .orderedSame
            default: return false
            }
        }
    }
}
