import AlmanacCore

/// One step of a pipeline, ready to run: `sort`, `filter`, … (`Sources/AlmanacPipeline/Steps`,
/// one file each), or one of an app's own. Its parameters are checked when it is made, so a
/// step that exists can run; applying it changes the items in one process, over the model.
///
/// A step that stops the pipeline throws an ``AlmanacError`` (``ValidateStep`` on errors).
public protocol PipelineStep: Sendable {
    /// Changes `state`: its items, and what it passes to the writer.
    func apply(to state: inout PipelineState) throws

    /// Whether ``items(after:)`` hands on the items it makes without holding them
    /// all (``ExpandStep``: a million occurrences). When such a step is the last and the
    /// writer writes items one at a time (ndjson), a conversion streams them to the writer.
    var streamsItems: Bool { get }

    /// Applies the step and returns the items of the result in order, made as they are
    /// asked for; `state` keeps what the step passes to the writer and its warnings, and no items.
    func items(after state: inout PipelineState) throws -> AnyIterator<LocatedItem>

    /// ``items(after:)`` with the occurrences of a series kept as the event they copy and
    /// their times (``ExpandedItems``), for a conversion that writes them one by one. By
    /// default, ``items(after:)`` as they come.
    func itemsAndOccurrences(after state: inout PipelineState) throws -> ExpandedItems
}

extension PipelineStep {
    /// A step holds its result whole.
    public var streamsItems: Bool { false }

    /// Applies the step, then hands on its items.
    public func items(after state: inout PipelineState) throws -> AnyIterator<LocatedItem> {
        try apply(to: &state)
        let items = state.items
        state.items = []
        return AnyIterator(items.makeIterator())
    }

    /// The items of ``items(after:)``, with no occurrence kept apart.
    public func itemsAndOccurrences(after state: inout PipelineState) throws -> ExpandedItems {
        ExpandedItems(try items(after: &state))
    }
}
