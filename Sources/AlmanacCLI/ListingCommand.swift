/// A command that takes no arguments and prints a listing: `almanac formats`, `rules` and
/// `verbs`. Its usage is its name and its only option `--help`.
protocol ListingCommand: Command {
    /// The text the command prints.
    func listing(_ context: CommandContext) -> String
}

extension ListingCommand {
    var usage: String { "almanac " + name }
    var options: [ArgumentScanner.Option] { [] }

    func run(_ arguments: ArgumentScanner.Result, context: CommandContext) throws -> ExitStatus {
        if let extra = arguments.positionals.first { throw UsageError("Unexpected argument '\(extra)'", command: name) }
        try context.console.write(Array(listing(context).utf8))
        return .success
    }
}
