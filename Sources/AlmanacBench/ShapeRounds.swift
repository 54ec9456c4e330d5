/// The order in which `almanac-bench shapes` runs one reader's conversions: in rounds,
/// each round running every size of every shape once (a shape's 1×, 4× and 16× one after
/// the other, then the next shape's), so that a stretch of noise on the machine falls on
/// all sizes of a shape alike instead of on all the runs of one size. Each input keeps
/// its best time over the rounds.
///
/// The first round runs every input but those of a shape whose smaller size timed out
/// (or was skipped), which are ``ShapeBenchmark/Outcome/skipped``. Later rounds run again
/// only the inputs whose every run so far gave a time and said it may be repeated (a run
/// of ``ShapeBenchmark/repeatBelow`` seconds or more is not). A later run that times out
/// leaves the best time as it was; one that fails makes the input's outcome the failure.
struct ShapeRounds {
    /// One run of one input.
    struct Trial {
        var outcome: ShapeBenchmark.Outcome
        /// Whether the input may be run again in a later round.
        var repeatable: Bool
    }

    /// How many rounds (at least one).
    let rounds: Int

    init(rounds: Int) {
        self.rounds = max(rounds, 1)
    }

    /// The outcome of every input of `shapes` (each shape's inputs by size, smallest
    /// first), in the same layout, running each through `run` in round order.
    func outcomes(of shapes: [[ShapeCorpus.Input]], run: (ShapeCorpus.Input) throws -> Trial) rethrows -> [[ShapeBenchmark.Outcome]] {
        var outcomes = shapes.map { _ in [ShapeBenchmark.Outcome]() }
        var again = shapes.map { [Bool](repeating: false, count: $0.count) }
        for (shape, inputs) in shapes.enumerated() {
            for input in inputs {
                if let earlier = outcomes[shape].last, Self.isStopped(earlier) {
                    outcomes[shape].append(.skipped)
                    continue
                }
                let trial = try run(input)
                again[shape][outcomes[shape].count] = trial.repeatable && Self.isTime(trial.outcome)
                outcomes[shape].append(trial.outcome)
            }
        }
        for _ in 1..<rounds {
            for (shape, inputs) in shapes.enumerated() {
                for (size, input) in inputs.enumerated() where again[shape][size] {
                    let trial = try run(input)
                    switch (outcomes[shape][size], trial.outcome) {
                    case (.seconds(let best), .seconds(let seconds)):
                        outcomes[shape][size] = .seconds(min(best, seconds))
                        again[shape][size] = trial.repeatable
                    case (_, .failed):
                        outcomes[shape][size] = trial.outcome
                        again[shape][size] = false
                    default:
                        again[shape][size] = false
                    }
                }
            }
        }
        return outcomes
    }

    /// Whether an outcome stops the larger sizes of its shape.
    static func isStopped(_ outcome: ShapeBenchmark.Outcome) -> Bool {
        switch outcome {
        case .timeout, .skipped: return true
        case .seconds, .failed: return false
        }
    }

    private static func isTime(_ outcome: ShapeBenchmark.Outcome) -> Bool {
        if case .seconds = outcome { return true }
        return false
    }
}
