import AlmanacCore

/// `tail -n N`: keeps the last N items.
public struct TailStep: PipelineStep {
    /// How many items are kept.
    public let count: Int

    /// - Parameter count: how many items to keep (less than 0 keeps none).
    public init(count: Int = 10) {
        self.count = max(0, count)
    }

    public func apply(to state: inout PipelineState) throws {
        state.items = Array(state.items.suffix(count))
    }
}
