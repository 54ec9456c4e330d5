import AlmanacCore
import Foundation

/// The command line of `almanac-bench`: `all` (generate, then measure everything),
/// `shapes` (every reader on hostile input shapes), `generate` (inputs only), `recurrence`
/// (`expand` against recurring-ical-events) and `help`.
struct BenchCommand {
    static let usage = """
        usage: almanac-bench all [--size MB] [--large MB] [--dir DIR] [--runs N] [--recipe-files N]
                                 [--cli-sample N] [--almanac PATH] [--venv DIR] [--no-peers]
               almanac-bench shapes [--size MB] [--runs N] [--timeout SECONDS] [--readers LIST] [--keep]
                                    [--dir DIR] [--almanac PATH]
               almanac-bench generate [--dir DIR] [--events N | --megabytes MB] [--recipes N] [--recipe-files N]
               almanac-bench recurrence [--series N] [--years N] [--runs N] [--dir DIR] [--almanac PATH]
                                        [--venv DIR] [--no-peer]
               almanac-bench help
        """

    let arguments: [String]

    func run() throws {
        guard let verb = arguments.first else {
            print(Self.usage)
            return
        }
        var options = OptionReader(Array(arguments.dropFirst()))
        switch verb {
        case "all":
            var settings = BenchmarkSuite.Settings()
            settings.folder = options.value("--dir") ?? settings.folder
            settings.megabytes = try options.number("--size") ?? settings.megabytes
            settings.largeMegabytes = try options.number("--large") ?? settings.largeMegabytes
            settings.runs = try options.number("--runs").map(Int.init) ?? settings.runs
            settings.recipeFiles = try options.number("--recipe-files").map(Int.init) ?? settings.recipeFiles
            settings.cliSample = try options.number("--cli-sample").map(Int.init) ?? settings.cliSample
            settings.almanac = options.value("--almanac") ?? Self.siblingAlmanac()
            settings.venv = options.value("--venv") ?? settings.venv
            settings.skipPeers = options.flag("--no-peers")
            try options.finish()
            var suite = BenchmarkSuite(settings: settings)
            try suite.run()
        case "shapes":
            try ShapeBenchmark(settings: ShapeBenchmark.Settings(&options)).run()
        case "generate":
            let folder = options.value("--dir") ?? "/tmp/almanac-bench"
            let events: CorpusGenerator.Amount = try options.number("--events").map { .count(Int($0)) }
                ?? .megabytes(try options.number("--megabytes") ?? 30)
            let recipes: CorpusGenerator.Amount = try options.number("--recipes").map { .count(Int($0)) } ?? events
            let files = try options.number("--recipe-files").map(Int.init) ?? 2_000
            try options.finish()
            try FolderMaker.make(folder)
            let generator = CorpusGenerator(folder: folder)
            if !generator.missingFormats.isEmpty {
                print("note: the registry has no \(generator.missingFormats.joined(separator: ", ")) codec; skipped")
            }
            let written = try generator.writeEvents(events).merging(try generator.writeRecipes(recipes, files: files).map { ("recipes " + $0.key, $0.value) }) { first, _ in first }
            for (format, path) in written.sorted(by: { $0.key < $1.key }) { print("\(format): \(path)") }
        case "recurrence":
            try RecurrenceBenchmark(&options).run()
        case "help", "--help", "-h":
            print(Self.usage)
        default:
            throw BenchError("unknown command '\(verb)'\n\(Self.usage)")
        }
    }

    /// `almanac` next to this program (both are built into `.build/release`).
    static func siblingAlmanac() -> String {
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("almanac").path
    }
}

/// Takes `--name value` options and flags out of an argument list.
struct OptionReader {
    private var arguments: [String]

    init(_ arguments: [String]) {
        self.arguments = arguments
    }

    mutating func value(_ name: String) -> String? {
        guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
        let value = arguments[index + 1]
        arguments.removeSubrange(index...(index + 1))
        return value
    }

    mutating func number(_ name: String) throws -> Double? {
        guard let text = value(name) else { return nil }
        guard let number = Double(text), number > 0 else { throw BenchError("\(name) needs a positive number, not '\(text)'") }
        return number
    }

    mutating func flag(_ name: String) -> Bool {
        guard let index = arguments.firstIndex(of: name) else { return false }
        arguments.remove(at: index)
        return true
    }

    /// Throws for anything left over.
    func finish() throws {
        if !arguments.isEmpty { throw BenchError("unknown arguments: \(arguments.joined(separator: " "))\n\(BenchCommand.usage)") }
    }
}
