/// `almanac verbs`: the verbs `then` can chain.
struct VerbsCommand: ListingCommand {
    let name = "verbs"
    let abstract = "List the pipeline verbs (almanac convert … then VERB …)."
    let discussion = "A program named almanac-VERB on PATH runs as a verb too: it reads NDJSON items on standard input and writes NDJSON items on standard output."

    func listing(_ context: CommandContext) -> String {
        var text = ""
        for verb in VerbRegistry.verbs { text += HelpFormatter.row(verb.name, verb.abstract) }
        return text + "\n  See 'almanac help <verb>' for a verb's options.\n"
    }
}
