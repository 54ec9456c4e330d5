import Almanac

/// `almanac convert [options] then VERB [options] then …`: splits the arguments at
/// each `then` and makes every step, so that all arguments are checked before any input is read.
struct Chain {
    /// The arguments before the first `then`.
    var head: [String]
    var steps: [any PipelineStep]
    /// `VERB --help` asked for this text instead of a run.
    var help: String?

    /// `headOptions` are convert's own, named in a hint when one is given after a `then`.
    init(_ arguments: [String], registry: FormatRegistry, headOptions: [ArgumentScanner.Option] = []) throws {
        var segments: [[String]] = [[]]
        for argument in arguments {
            if argument == "then" { segments.append([]) } else { segments[segments.count - 1].append(argument) }
        }
        head = segments.removeFirst()
        steps = []
        for segment in segments {
            guard let name = segment.first else {
                throw UsageError("'then' must be followed by a verb; the verbs are \(Self.verbNames)", command: "convert")
            }
            let rest = Array(segment.dropFirst())
            if let verb = VerbRegistry.verb(named: name) {
                let scanner = ArgumentScanner(
                    options: verb.options + [HelpFormatter.helpOption], command: "convert", subject: "verb '\(name)'",
                    misplaced: (Set(headOptions.flatMap(\.names)), "convert's own options go before the first 'then'"))
                let scanned = try scanner.scan(rest)
                if scanned.has("--help") {
                    help = verb.help
                    return
                }
                steps.append(try verb.makeStep(scanned))
            } else if let program = ExternalStep.find(name) {
                guard let step = ExternalStep(name: name, program: program, arguments: rest, registry: registry) else {
                    throw UsageError("External verbs need the ndjson format, which is not registered", command: "convert")
                }
                steps.append(step)
            } else {
                throw UsageError("Unknown verb '\(name)'; the verbs are \(Self.verbNames) (or a program almanac-\(name) on PATH)", command: "convert")
            }
        }
    }

    static var verbNames: String { VerbRegistry.verbs.map(\.name).joined(separator: ", ") }
}
