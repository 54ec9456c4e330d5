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

    /// Runs with the arguments after the command's name.
    func run(_ arguments: ArgumentScanner.Result, context: CommandContext) throws -> ExitStatus
}

extension Command {
    var discussion: String { "" }
    var arguments: [(name: String, help: String)] { [] }
    func formatOptions(_ registry: FormatRegistry) -> [ArgumentScanner.Option] { [] }

    /// Every option the command accepts with `registry`, `-h`/`--help` last.
    func allOptions(_ registry: FormatRegistry) -> [ArgumentScanner.Option] {
        options + formatOptions(registry) + [HelpFormatter.helpOption]
    }
}

/// What a command works with.
struct CommandContext {
    let registry: FormatRegistry
    let console: Console
    let diagnostics: DiagnosticPrinter
}
