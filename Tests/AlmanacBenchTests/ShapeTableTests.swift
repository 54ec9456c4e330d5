import Testing

@testable import almanac_bench

/// The gates of `almanac-bench shapes`: timeouts count as lower bounds, never as passes.
struct ShapeTableTests {
    let table = ShapeTable(timeout: 120)

    private func row(_ shape: String, _ outcomes: [ShapeBenchmark.Outcome], itemsEach: Int = 1) -> ShapeBenchmark.Row {
        let inputs = [1, 4, 16].map { ShapeCorpus.Input(shape: shape, path: "/x", items: $0 * itemsEach, bytes: $0 * 1_000_000) }
        return ShapeBenchmark.Row(reader: "json", shape: shape, inputs: inputs, outcomes: outcomes)
    }

    @Test func linearShapesMeetBothGates() {
        let pretty = row("pretty", [.seconds(0.1), .seconds(0.4), .seconds(1.6)])
        let oneLine = row("one line", [.seconds(0.12), .seconds(0.52), .seconds(2.24)])
        #expect(table.gates([pretty, oneLine]) == "- json: growth met (worst: one line 18.7×; limit 20.0×); one-line forms met (worst: one line at 16× 1.4×; limit 1.5×)")
        #expect(table.line(oneLine, baseline: pretty) == "| json | one line | 16 | 1.0 MB, 0.120 s, 8.3 MB/s | 4.0 MB, 0.520 s, 7.7 MB/s | 16.0 MB, 2.240 s, 7.1 MB/s | 18.7× | 1.2×, 1.3×, 1.4× |")
    }

    @Test func aTimeoutIsALowerBoundThatMisses() {
        let pretty = row("pretty", [.seconds(0.1), .seconds(0.4), .seconds(1.6)])
        let oneLine = row("one line", [.seconds(2), .timeout, .skipped])
        let line = table.line(oneLine, baseline: pretty)
        #expect(line.contains("timeout (> 120 s)") && line.contains("not run"))
        #expect(line.hasSuffix("| > 60.0× | 20.0×, > 300×, > 75.0× |"))
        #expect(table.gates([pretty, oneLine]).hasPrefix("- json: growth MISSED (worst: one line > 60.0×"))
    }

    @Test func aBoundUnderTheLimitLeavesTheGateOpen() {
        let pretty = row("pretty", [.seconds(10), .seconds(40), .timeout])
        #expect(table.gates([pretty, row("one line", [.seconds(11), .seconds(44), .timeout])]).hasPrefix("- json: growth open"))
    }

    @Test func aShapeOfOtherItemsHasOnlyTheGrowthGate() {
        let lines = row("event lines", [.seconds(0.1), .seconds(0.4), .seconds(1.6)])
        let tiny = row("tiny lines", [.seconds(0.5), .seconds(2), .seconds(8.5)], itemsEach: 20)
        #expect(table.gates([lines, tiny]) == "- json: growth met (worst: tiny lines 17.0×; limit 20.0×); no one-line form")
        let oneLine = row("one line", [.seconds(0.5), .seconds(2), .seconds(8)])
        #expect(table.gates([lines, tiny, oneLine]).hasSuffix("one-line forms MISSED (worst: one line at 1× 5.0×; limit 1.5×)"))
    }
}
