import AlmanacCore

/// One `almanac` subcommand: its help and what it does.
protocol Command: Sendable {
    /// The word that selects it, such as `convert`.
    var name: String { get }
    /// One line for `almanac --help`.
    var abstract: String { get }
    /// The usage line after `USAGE: `, such as `almanac convert [<input> ...] …`.
    var usage: String { get }
    /// Paragraphs after the overview in `--help`; may be empty.
    var discussion: String { get }
    /// Positional arguments and their help, for `--help`.
    var arguments: [(name: String, help: String)] { get }
    /// The options it accepts (`-h`/`--help` is added by the runner).
    var options: [ArgumentScanner.Option] { get }
    /// Options that come from the registered formats (writers' options for `convert`).
    func formatOptions(_ registry: FormatRegistry) -> [ArgumentScanner.Option]

    /// Runs with the arguments after the command's name, already scanned.
    func run(_ arguments: ArgumentScanner.Result, context: CommandContext) throws -> ExitStatus

    /// Runs with the raw arguments after the command's name. The default scans them
    /// with ``allOptions(_:)``, answers `--help`, and calls ``run(_:context:)``.
    func run(raw arguments: [String], context: CommandContext) throws -> ExitStatus
}

extension Command {
    var discussion: String { "" }
    var arguments: [(name: String, help: String)] { [] }
    func formatOptions(_ registry: FormatRegistry) -> [ArgumentScanner.Option] { [] }

    func run(raw arguments: [String], context: CommandContext) throws -> ExitStatus {
        let scanned = try ArgumentScanner(options: allOptions(context.registry), command: name).scan(arguments)
        if scanned.has("--help") {
            try context.console.write(Array(HelpFormatter.help(for: self, registry: context.registry).utf8))
            return .success
        }
        return try run(scanned, context: context)
    }

    /// Every option the command accepts with `registry`, `-h`/`--help` last.
    func allOptions(_ registry: FormatRegistry) -> [ArgumentScanner.Option] {
        options + formatOptions(registry) + [HelpFormatter.helpOption]
    }
}

/// What a command works with.
struct CommandContext {
    let registry: FormatRegistry
    let rules: RuleRegistry
    let console: Console
    let diagnostics: DiagnosticPrinter
}
