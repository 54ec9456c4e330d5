import AlmanacCore

/// What `expand` hands on (``ExpandStep/itemsAndOccurrences(after:)``), one at a time: the recipes,
/// then each occurrence in order of start. An occurrence of a series comes as the event it
/// copies (one of ``bases``) and its times, not yet made, so that a writer and a validator
/// can handle what the occurrences of a series share once (``OccurrenceEncoding``,
/// ``StreamValidator/validate(occurrenceOf:times:timesDecide:source:position:)``).
public struct ExpandedItems {
    /// One item of the result.
    public enum Element {
        /// An item as it is: a recipe, an event that does not repeat, a changed occurrence.
        case item(LocatedItem)
        /// An occurrence of a series: `bases[base]` with `times`, from where the series came.
        case occurrence(base: Int, times: OccurrenceStream.Times, source: String?, position: SourcePosition?)
    }

    private var leading: AnyIterator<LocatedItem>
    private var stream: OccurrenceStream
    /// Where each event of the input came from.
    private let origins: [(source: String?, position: SourcePosition?)]
    /// The events occurrences copy (``OccurrenceStream/bases``).
    public let bases: [Event]

    /// `leading`, then the occurrences of `stream`, whose origins index `origins`.
    init(leading: AnyIterator<LocatedItem>, stream: OccurrenceStream, origins: [(source: String?, position: SourcePosition?)]) {
        self.leading = leading
        self.stream = stream
        self.origins = origins
        bases = stream.bases
    }

    /// How many occurrences there are (the recipes left out).
    public var occurrenceCount: Int { stream.count }

    /// Items handed on as they are.
    public init(_ items: AnyIterator<LocatedItem>) {
        self.init(leading: items, stream: OccurrenceStream(), origins: [])
    }

    /// The next item.
    public mutating func next() -> Element? {
        if let item = leading.next() { return .item(item) }
        guard let entry = stream.nextEntry() else { return nil }
        let origin = origins[entry.origin]
        guard let times = entry.times else {
            return .item(LocatedItem(.event(bases[entry.base]), source: origin.source, position: origin.position))
        }
        return .occurrence(base: entry.base, times: times, source: origin.source, position: origin.position)
    }

    /// What ``next(times:)`` hands on: an item, or an occurrence of a series whose times it wrote.
    public enum Step {
        /// An item as it is.
        case item(LocatedItem)
        /// An occurrence of a series: `bases[base]` with the times written, from where the series came.
        case occurrence(base: Int, source: String?, position: SourcePosition?)
    }

    /// The next item as ``next()`` gives it, an occurrence's times written into `times` in
    /// place (``OccurrenceStream/next(times:)``) rather than copied along.
    public mutating func next(times: inout OccurrenceStream.Times) -> Step? {
        if let item = leading.next() { return .item(item) }
        guard let next = stream.next(times: &times) else { return nil }
        let origin = origins[next.origin]
        guard next.setsTimes else {
            return .item(LocatedItem(.event(bases[next.base]), source: origin.source, position: origin.position))
        }
        return .occurrence(base: next.base, source: origin.source, position: origin.position)
    }

    /// The next item, an occurrence made into its event.
    public mutating func nextItem() -> LocatedItem? {
        switch next() {
        case .item(let located): return located
        case .occurrence(let base, let times, let source, let position): return LocatedItem(.event(times.applied(to: bases[base])), source: source, position: position)
        case nil: return nil
        }
    }
}
