import Testing

@testable import almanac_bench

/// `almanac-bench shapes` runs a reader's inputs in rounds, every size of a shape in each,
/// and keeps each input's best.
struct ShapeRoundsTests {
    /// Two shapes at three sizes, named `shape-size`.
    private let shapes = ["a", "b"].map { shape in
        ["1x", "4x", "16x"].map { ShapeCorpus.Input(shape: shape, path: "\(shape)-\($0)", items: 1, bytes: 1) }
    }

    private func seconds(_ outcomes: [[ShapeBenchmark.Outcome]]) -> [[Double?]] {
        outcomes.map { row in
            row.map { outcome -> Double? in
                if case .seconds(let value) = outcome { return value }
                return nil
            }
        }
    }

    @Test func roundsRunEverySizeInTurnAndKeepTheBest() {
        var order: [String] = []
        var times: [String: [Double]] = ["a-1x": [3, 1, 2], "a-4x": [4, 5, 6], "a-16x": [9, 8, 7], "b-1x": [1, 1, 1], "b-4x": [2, 2, 2], "b-16x": [3, 3, 3]]
        let outcomes = ShapeRounds(rounds: 3).outcomes(of: shapes) { input in
            order.append(input.path)
            return ShapeRounds.Trial(outcome: .seconds(times[input.path]!.removeFirst()), repeatable: true)
        }
        let round = ["a-1x", "a-4x", "a-16x", "b-1x", "b-4x", "b-16x"]
        #expect(order == round + round + round)
        #expect(seconds(outcomes) == [[1, 4, 7], [1, 2, 3]])
    }

    @Test func aLongRunIsNotRepeatedAndATimeoutStopsTheLargerSizes() {
        var order: [String] = []
        let outcomes = ShapeRounds(rounds: 3).outcomes(of: shapes) { input in
            order.append(input.path)
            switch input.path {
            case "a-16x": return ShapeRounds.Trial(outcome: .seconds(12), repeatable: false)
            case "b-4x": return ShapeRounds.Trial(outcome: .timeout, repeatable: false)
            default: return ShapeRounds.Trial(outcome: .seconds(1), repeatable: true)
            }
        }
        #expect(order == ["a-1x", "a-4x", "a-16x", "b-1x", "b-4x", "a-1x", "a-4x", "b-1x", "a-1x", "a-4x", "b-1x"])
        #expect(seconds(outcomes) == [[1, 1, 12], [1, nil, nil]])
        guard case .timeout = outcomes[1][1], case .skipped = outcomes[1][2] else {
            Issue.record("expected a timeout, then not run: \(outcomes[1])")
            return
        }
    }

    @Test func aLaterTimeoutKeepsTheBestAndAFailureIsReported() {
        var runs: [String: Int] = [:]
        let outcomes = ShapeRounds(rounds: 3).outcomes(of: [shapes[0]]) { input in
            runs[input.path, default: 0] += 1
            let later = runs[input.path]! > 1
            switch input.path {
            case "a-1x" where later: return ShapeRounds.Trial(outcome: .timeout, repeatable: false)
            case "a-4x" where later: return ShapeRounds.Trial(outcome: .failed("crashed"), repeatable: false)
            default: return ShapeRounds.Trial(outcome: .seconds(2), repeatable: true)
            }
        }
        #expect(runs == ["a-1x": 2, "a-4x": 2, "a-16x": 3])
        #expect(seconds(outcomes) == [[2, nil, 2]])
        guard case .failed("crashed") = outcomes[0][1] else {
            Issue.record("expected the failure: \(outcomes[0][1])")
            return
        }
    }

    @Test func oneRoundRunsEachInputOnce() {
        var count = 0
        let outcomes = ShapeRounds(rounds: 1).outcomes(of: shapes) { _ in
            count += 1
            return ShapeRounds.Trial(outcome: .seconds(1), repeatable: true)
        }
        #expect(count == 6 && outcomes.map(\.count) == [3, 3])
    }
}
