import AlmanacCore
import Foundation

/// `almanac-bench shapes`: every reader on its ordinary input and on the hostile shapes
/// of the same data (one line, tiny or huge lines, one huge value), at 1×, 4× and 16×
/// `--size`, each run `almanac convert FILE -t ndjson` to /dev/null under a timeout.
/// Prints one table row per shape and, per reader, whether cost grows linearly (16× within
/// 20× of 1×) and whether its one-line forms (the same items) cost what the ordinary one
/// does (within 1.5×). Times are CPU seconds, which other work on the machine does not inflate,
/// the best of ``Settings/runs`` rounds that each run every size of a shape (``ShapeRounds``).
struct ShapeBenchmark {
    struct Settings {
        var folder = "/tmp/almanac-bench/shapes"
        /// Megabytes of each reader's ordinary input at 1×.
        var megabytes = 3.0
        /// Rounds over the inputs (``ShapeRounds``); a conversion is run again in each while
        /// shorter than ``repeatBelow`` seconds, and the fastest run counts.
        var runs = 3
        /// Seconds after which a run is stopped and reported as a timeout.
        var timeout = 120.0
        var almanac = ""
        var readers = ShapeCorpus.readers
        /// Keep the inputs (for profiling) instead of removing each once measured.
        var keepInputs = false

        init() {}

        /// The settings `almanac-bench shapes` was given; throws for anything else.
        init(_ options: inout OptionReader) throws {
            folder = options.value("--dir") ?? folder
            megabytes = try options.number("--size") ?? megabytes
            runs = try options.number("--runs").map(Int.init) ?? runs
            timeout = try options.number("--timeout") ?? timeout
            readers = options.value("--readers").map { $0.split(separator: ",").map(String.init) } ?? readers
            keepInputs = options.flag("--keep")
            almanac = options.value("--almanac") ?? BenchCommand.siblingAlmanac()
            try options.finish()
            if let unknown = readers.first(where: { !ShapeCorpus.readers.contains($0) }) {
                throw BenchError("no reader '\(unknown)'; the readers are \(ShapeCorpus.readers.joined(separator: ","))")
            }
        }
    }

    /// What one conversion came to.
    enum Outcome {
        case seconds(Double)
        case timeout
        /// Not run: a smaller size of the same shape timed out.
        case skipped
        case failed(String)
    }

    /// One shape of a reader at every size.
    struct Row {
        var reader: String
        var shape: String
        var inputs: [ShapeCorpus.Input] = []
        var outcomes: [Outcome] = []
    }

    static let multipliers = [1, 4, 16]
    /// The format every conversion writes: it holds recipes and events alike.
    static let output = "ndjson"
    static let growthGate = 20.0
    static let shapeGate = 1.5
    /// Conversions shorter than this are run ``Settings/runs`` times.
    static let repeatBelow = 10.0

    let settings: Settings
    private let runner: CommandRunner

    init(settings: Settings) {
        self.settings = settings
        runner = CommandRunner(scratchFolder: settings.folder)
    }

    func run() throws {
        try FolderMaker.make(settings.folder)
        let started = Date()
        let corpus = ShapeCorpus(folder: settings.folder)
        let table = ShapeTable(timeout: settings.timeout)
        print("almanac-bench shapes: \(settings.almanac) convert FILE -t \(Self.output) > /dev/null; CPU seconds (user + system); 1× = \(ShapeTable.fixed(settings.megabytes, 1)) MB, best of \(settings.runs) runs under \(ShapeTable.fixed(Self.repeatBelow, 0)) s, timeout \(ShapeTable.fixed(settings.timeout, 0)) s; inputs in \(settings.folder)\n")
        print(ShapeTable.header)
        var rows: [Row] = []
        var generating = 0.0
        for reader in settings.readers {
            // Every size first, then the rounds, so that each round runs all sizes of a shape.
            var shapes: [[ShapeCorpus.Input]] = []
            for multiplier in Self.multipliers {
                let generated = Date()
                let inputs = try corpus.write(reader: reader, bytes: Int(settings.megabytes * 1e6) * multiplier, tag: "\(multiplier)x")
                generating += Date().timeIntervalSince(generated)
                for (index, input) in inputs.enumerated() {
                    if shapes.count <= index { shapes.append([]) }
                    shapes[index].append(input)
                }
            }
            let outcomes = try ShapeRounds(rounds: settings.runs).outcomes(of: shapes, run: convert)
            if !settings.keepInputs {
                for input in shapes.joined() { try? FileManager.default.removeItem(atPath: input.path) }
            }
            let readerRows = zip(shapes, outcomes).map { inputs, outcomes in
                Row(reader: reader, shape: inputs[0].shape, inputs: inputs, outcomes: outcomes)
            }
            readerRows.forEach { print(table.line($0, baseline: readerRows[0])) }
            fflush(nil)
            rows += readerRows
        }
        for row in rows {
            for case (let input, .failed(let message)) in zip(row.inputs, row.outcomes) {
                print("\nfailed: \(row.reader) \(row.shape) (\(input.path)): \(message)")
            }
        }
        print("\n## Gates: 16× within \(ShapeTable.fixed(Self.growthGate, 0))× of 1×; every one-line form (the same items) within \(ShapeTable.fixed(Self.shapeGate, 1))× of the first\n")
        for reader in settings.readers {
            let readerRows = rows.filter { $0.reader == reader }
            print(table.gates(readerRows))
        }
        print("\nshapes took \(ShapeTable.fixed(Date().timeIntervalSince(started), 0)) s (\(ShapeTable.fixed(generating, 0)) s of it generating inputs)")
    }

    /// One run of `almanac convert FILE -t ndjson`, output to /dev/null, in CPU seconds;
    /// run again in later rounds only when shorter than ``repeatBelow`` (wall) seconds.
    private func convert(_ input: ShapeCorpus.Input) throws -> ShapeRounds.Trial {
        let arguments = [settings.almanac, "convert", input.path, "-t", Self.output] + input.arguments
        do {
            guard let run = try runner.measure(arguments, runs: 1, standardOutput: CommandRunner.nullDevice, timeout: settings.timeout) else {
                return ShapeRounds.Trial(outcome: .timeout, repeatable: false)
            }
            // CPU time, not wall time: other work on the machine does not inflate it.
            return ShapeRounds.Trial(outcome: .seconds(run.cpuSeconds), repeatable: run.seconds < Self.repeatBelow)
        } catch let error as BenchError {
            return ShapeRounds.Trial(outcome: .failed(error.description.split(separator: "\n").prefix(3).joined(separator: " ")), repeatable: false)
        }
    }
}
