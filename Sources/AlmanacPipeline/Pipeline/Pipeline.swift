import AlmanacCore

/// Steps run one after the other: the library's `almanac convert … then STEP … then STEP`.
///
/// ```swift
/// let pipeline = Pipeline([
///     FilterStep(.kind(.event), .incomplete),
///     SortStep(by: .date),
///     HeadStep(count: 5),
/// ])
/// var state = PipelineState(document)
/// try pipeline.run(&state)
/// ```
public struct Pipeline: Sendable {
    /// The steps, in the order they run.
    public var steps: [any PipelineStep]

    public init(_ steps: [any PipelineStep] = []) {
        self.steps = steps
    }

    /// Whether there is no step (a conversion without steps may stream).
    public var isEmpty: Bool { steps.isEmpty }

    /// Runs every step over `state`, in order; throws what a step throws, as an ``AlmanacError``.
    public func run(_ state: inout PipelineState) throws(AlmanacError) {
        do {
            for step in steps { try step.apply(to: &state) }
        } catch {
            throw AlmanacError(error)
        }
    }
}
