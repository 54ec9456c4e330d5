import Foundation

/// The Markdown table and the gate lines of `almanac-bench shapes`. A run that timed
/// out (or was not run after a smaller one did) counts as at least the timeout, so its
/// growth and ratio are lower bounds, printed with `>`.
struct ShapeTable {
    /// A time or ratio, possibly only a lower bound.
    struct Figure {
        var value: Double
        var isLowerBound: Bool

        var text: String {
            (isLowerBound ? "> " : "") + ShapeTable.fixed(value, value >= 100 ? 0 : 1) + "×"
        }

        /// `self / other`: known when `other` is exact.
        func divided(by other: Figure) -> Figure? {
            other.isLowerBound ? nil : Figure(value: value / max(other.value, 1e-9), isLowerBound: isLowerBound)
        }

        /// Whether it is within `limit`: nil when a lower bound below the limit leaves it open.
        func isWithin(_ limit: Double) -> Bool? {
            value > limit ? false : isLowerBound ? nil : true
        }
    }

    let timeout: Double

    static let header = """
        | reader | shape | items at 16× | 1× | 4× | 16× | 16×/1× | vs first shape (1×, 4×, 16×) |
        | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |
        """

    /// The row of one shape; `baseline` is the reader's first shape (the row itself for it).
    func line(_ row: ShapeBenchmark.Row, baseline: ShapeBenchmark.Row) -> String {
        let cells = zip(row.inputs, row.outcomes).map { input, outcome in
            let size = Self.fixed(Double(input.bytes) / 1e6, 1) + " MB"
            switch outcome {
            case .seconds(let seconds):
                return "\(size), \(Self.fixed(seconds, 3)) s, \(Self.fixed(Double(input.bytes) / 1e6 / max(seconds, 1e-9), 1)) MB/s"
            case .timeout: return "\(size), timeout (> \(Self.fixed(timeout, 0)) s)"
            case .skipped: return "\(size), not run"
            case .failed: return "\(size), failed"
            }
        }
        let versus = row.shape == baseline.shape ? "" : ratios(row, baseline).map { $0?.text ?? "–" }.joined(separator: ", ")
        let items = (row.inputs.last?.items).map(Self.grouped) ?? ""
        return "| \(row.reader) | \(row.shape) | \(items) | \(cells.joined(separator: " | ")) | \(growth(row)?.text ?? "–") | \(versus) |"
    }

    /// Whether `rows` (one reader's shapes, ordinary first) meet both gates, with the worst figures.
    /// Every shape has the growth gate; the 1.5× gate is for the shapes that hold the same
    /// items as the ordinary one (its one-line forms). A shape of other items in about the
    /// same bytes (a million tiny NDJSON lines, one huge paragraph) costs what its items
    /// cost, so its ratio is shown but not gated.
    func gates(_ rows: [ShapeBenchmark.Row]) -> String {
        guard let reader = rows.first?.reader else { return "" }
        let growths = rows.map { ($0.shape, growth($0)) }
        let sameItems = rows.dropFirst().filter { Self.holdsTheSameItems($0, as: rows[0]) }
        let shapes = sameItems.flatMap { row in
            zip(ShapeBenchmark.multipliers, ratios(row, rows[0])).map { ("\(row.shape) at \($0)×", $1) }
        }
        let forms = sameItems.isEmpty ? "no one-line form" : "one-line forms \(verdict(shapes, ShapeBenchmark.shapeGate))"
        return "- \(reader): growth \(verdict(growths, ShapeBenchmark.growthGate)); \(forms)"
    }

    /// Whether `row` holds, at every size, the items `baseline` holds.
    static func holdsTheSameItems(_ row: ShapeBenchmark.Row, as baseline: ShapeBenchmark.Row) -> Bool {
        row.inputs.map(\.items) == baseline.inputs.map(\.items)
    }

    /// met, MISSED or open for `figures` against `limit`, naming the worst.
    private func verdict(_ figures: [(String, Figure?)], _ limit: Double) -> String {
        let known = figures.compactMap { name, figure in figure.map { (name, $0) } }
        guard let worst = known.max(by: { $0.1.value < $1.1.value }) else { return "not measured" }
        let answers = figures.map { $0.1?.isWithin(limit) }
        let word = answers.contains(false) ? "MISSED" : answers.contains(where: { $0 == nil }) ? "open" : "met"
        return "\(word) (worst: \(worst.0) \(worst.1.text); limit \(Self.fixed(limit, 1))×)"
    }

    /// Time at 16× over time at 1×.
    private func growth(_ row: ShapeBenchmark.Row) -> Figure? {
        guard let first = figure(row.outcomes.first), let last = figure(row.outcomes.last) else { return nil }
        return last.divided(by: first)
    }

    /// The row's time over the baseline's, at each size.
    private func ratios(_ row: ShapeBenchmark.Row, _ baseline: ShapeBenchmark.Row) -> [Figure?] {
        zip(row.outcomes, baseline.outcomes).map { outcome, base in
            guard let time = figure(outcome), let baseTime = figure(base) else { return nil }
            return time.divided(by: baseTime)
        }
    }

    private func figure(_ outcome: ShapeBenchmark.Outcome?) -> Figure? {
        switch outcome {
        case .seconds(let seconds): return Figure(value: seconds, isLowerBound: false)
        case .timeout, .skipped: return Figure(value: timeout, isLowerBound: true)
        case .failed, nil: return nil
        }
    }

    /// `1234567` as `1,234,567`.
    static func grouped(_ count: Int) -> String {
        var digits = Array(String(count))
        var index = digits.count - 3
        while index > 0 {
            digits.insert(",", at: index)
            index -= 3
        }
        return String(digits)
    }

    static func fixed(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }
}
