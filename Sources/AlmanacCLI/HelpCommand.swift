/// `almanac help [<subcommand>]`: the help of almanac or of one subcommand.
struct HelpCommand: Command {
    let name = "help"
    let abstract = "Show help for a subcommand or a verb."
    let usage = "almanac help [<subcommand> | <verb>]"
    let arguments = [(name: "<subcommand>", help: "The subcommand or pipeline verb to explain.")]
    let options: [ArgumentScanner.Option] = []

    func run(_ arguments: ArgumentScanner.Result, context: CommandContext) throws -> ExitStatus {
        guard let topic = arguments.positionals.first else {
            try context.console.write(Array(AlmanacCommand.help.utf8))
            return .success
        }
        guard arguments.positionals.count == 1 else {
            throw UsageError("Unexpected argument '\(arguments.positionals[1])'", command: name)
        }
        if let verb = VerbRegistry.verb(named: topic) {
            try context.console.write(Array(verb.help.utf8))
            return .success
        }
        guard let command = AlmanacCommand.command(named: topic) else {
            throw UsageError("Unknown subcommand or verb '\(topic)'", command: name)
        }
        try context.console.write(Array(HelpFormatter.help(for: command, registry: context.registry).utf8))
        return .success
    }
}
