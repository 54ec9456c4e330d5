import AlmanacCore

/// `group --by period`: orders events Past, Next 7 Days, Next 30 Days, Future (stable
/// within each; recipes and events of no period after them), and sets
/// ``PipelineState/grouping`` so that writers that can show groups (the Markdown agenda)
/// show these, counted from the same day.
public struct GroupStep: PipelineStep {
    /// What items can be grouped by.
    public enum Key: String, CaseIterable, Sendable {
        case period
    }

    /// What the items are grouped by.
    public let key: Key
    /// What periods are counted from.
    public let reference: PeriodReference

    public init(by key: Key = .period, from reference: PeriodReference = PeriodReference()) {
        self.key = key
        self.reference = reference
    }

    public func apply(to state: inout PipelineState) throws {
        let order = EventPeriod.allCases
        func rank(_ item: Item) -> Int {
            guard case .event(let event) = item, let period = reference.period(of: event) else { return order.count }
            return order.firstIndex(of: period)!
        }
        state.items = state.items.enumerated()
            .sorted { (rank($0.element.item), $0.offset) < (rank($1.element.item), $1.offset) }
            .map(\.element)
        state.grouping = .period(today: reference.given)
    }
}
