import Almanac

/// The `almanac` command line: picks the subcommand, runs it, and turns what went
/// wrong into a message on standard error and an ``ExitStatus``. (Not named `Almanac`: that
/// is the library module's name, which a type of that name would shadow.)
public enum AlmanacCommand {
    /// almanac's version, printed by `--version`.
    public static let version = "0.1.0"

    /// The subcommands, in the order help lists them.
    static let commands: [any Command] = [
        ConvertCommand(),
        ValidateCommand(),
        FormatsCommand(),
        RulesCommand(),
        VerbsCommand(),
        HelpCommand(),
    ]

    static func command(named name: String) -> (any Command)? {
        commands.first { $0.name == name }
    }

    static let usage = "almanac <subcommand> [<options>]"

    /// `almanac --help`.
    static var help: String {
        var text = """
            OVERVIEW: Convert recipes and calendar events between JSON, Markdown, iCalendar and XML.

            USAGE: \(usage)

            OPTIONS:

            """
        text += HelpFormatter.row("--version", "Show the version.")
        text += HelpFormatter.row("-h, --help", "Show help information.")
        text += "\nSUBCOMMANDS:\n"
        for command in commands { text += HelpFormatter.row(command.name, command.abstract) }
        text += "\n  See 'almanac help <subcommand>' for detailed help.\n"
        return text
    }

    /// Runs the command line `arguments` (without the program name) and returns the exit status.
    public static func main(_ arguments: [String], registry: FormatRegistry = BuiltinFormats.registry, rules: RuleRegistry = .builtin) -> ExitStatus {
        let console = Console()
        let context = CommandContext(registry: registry, rules: rules, console: console, diagnostics: DiagnosticPrinter(console: console))
        do {
            return try run(arguments, context: context)
        } catch let error as UsageError {
            printUsageError(error, console: console)
            return .usage
        } catch let failure as AlmanacError where failure.status == .usage && failure.diagnostics.isEmpty {
            // A step that found its arguments wrong once it saw the items (a recipe named that
            // the inputs do not hold): printed as the usage errors of the command that ran it.
            let command = arguments.first.flatMap(self.command(named:))?.name
            printUsageError(UsageError(failure.message ?? "", command: command, hint: failure.hint), console: console)
            return .usage
        } catch {
            // Every other failure, whatever threw it, is reported and mapped to its status here.
            let failure = AlmanacError(error)
            context.diagnostics.print(failure)
            return failure.status
        }
    }

    /// `almanac: error: …`, the hint, the command's usage line and where to read more.
    private static func printUsageError(_ error: UsageError, console: Console) {
        let command = error.command.flatMap(self.command(named:))
        let usageLine = command?.usage ?? usage
        let helpCommand = command.map { "almanac \($0.name)" } ?? "almanac"
        console.error(HelpFormatter.usageError(error, usage: usageLine, helpCommand: helpCommand))
    }

    private static func run(_ arguments: [String], context: CommandContext) throws -> ExitStatus {
        guard let first = arguments.first else {
            throw UsageError("Missing a subcommand", command: nil)
        }
        switch first {
        case "-h", "--help":
            try context.console.write(Array(help.utf8))
            return .success
        case "--version":
            try context.console.print(version)
            return .success
        default:
            break
        }
        guard let command = command(named: first) else {
            if first.hasPrefix("-") { throw UsageError("Unknown option '\(first)'", command: nil) }
            throw UsageError("Unknown subcommand '\(first)'; the subcommands are \(commands.map(\.name).joined(separator: ", "))", command: nil)
        }
        return try command.run(raw: Array(arguments.dropFirst()), context: context)
    }
}
