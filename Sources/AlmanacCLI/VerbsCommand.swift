/// `almanac verbs`: the verbs `then` can chain.
struct VerbsCommand: Command {
    let name = "verbs"
    let abstract = "List the pipeline verbs (almanac convert … then VERB …)."
    let usage = "almanac verbs"
    let discussion = "A program named almanac-VERB on PATH runs as a verb too: it reads NDJSON items on standard input and writes NDJSON items on standard output."
    let options: [ArgumentScanner.Option] = []

    func run(_ arguments: ArgumentScanner.Result, context: CommandContext) throws -> ExitStatus {
        if let extra = arguments.positionals.first { throw UsageError("Unexpected argument '\(extra)'", command: name) }
        var text = ""
        for verb in VerbRegistry.verbs { text += HelpFormatter.row(verb.name, verb.abstract) }
        text += "\n  See 'almanac help <verb>' for a verb's options.\n"
        try context.console.write(Array(text.utf8))
        return .success
    }
}
