import AlmanacCore

/// `expand --from D --to D`: one event per occurrence of each recurring event in a window
/// of days, as calendar apps show them (``OccurrenceExpander``). Events that do not repeat
/// are kept when they overlap the window; recipes pass through. A series with more
/// occurrences than the expander allows gives a warning.
public struct ExpandStep: PipelineStep {
    /// The window's first day.
    public let from: CivilDate
    /// The day after the window's last.
    public let to: CivilDate
    /// The expander, with the most occurrences a series gives.
    public let expander: OccurrenceExpander

    /// - Parameters:
    ///   - from: the window's first day.
    ///   - to: the day after its last (a window that ends before it starts holds no event).
    ///   - maxOccurrences: the most occurrences one series gives (at least 1).
    public init(from: CivilDate, to: CivilDate, maxOccurrences: Int = 100_000) {
        self.from = from
        self.to = to
        expander = OccurrenceExpander(maxOccurrences: max(1, maxOccurrences))
    }

    public func apply(to state: inout PipelineState) throws {
        state.items = Array(try items(after: &state))
    }

    /// Expand makes its occurrences one at a time (``OccurrenceStream``).
    public var streamsItems: Bool { true }

    /// The recipes, then each occurrence in order of start, made as it is asked for.
    public func items(after state: inout PipelineState) throws -> AnyIterator<LocatedItem> {
        var expanded = itemsAndOccurrences(after: &state)
        return AnyIterator { expanded.nextItem() }
    }

    /// The same items, an occurrence of a series as the event it copies and its times
    /// (``ExpandedItems``): what the occurrences of a series share is there once.
    public func itemsAndOccurrences(after state: inout PipelineState) -> ExpandedItems {
        var recipes: [LocatedItem] = []
        var events: [Event] = []
        var origins: [(source: String?, position: SourcePosition?)] = []
        for located in state.items {
            switch located.item {
            case .recipe: recipes.append(located)
            case .event(let event):
                events.append(event)
                origins.append((located.source, located.position))
            }
        }
        let occurrences = expander.occurrences(of: events, from: from, to: to)
        for problem in occurrences.problems {
            let origin = origins[problem.index]
            state.warnings.append(Diagnostic(.warning, "expand: event '\(events[problem.index].title)': \(problem.message)", source: origin.source, position: origin.position))
        }
        state.items = []
        return ExpandedItems(leading: AnyIterator(recipes.makeIterator()), stream: occurrences, origins: origins)
    }
}
