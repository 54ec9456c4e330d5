import Almanac

/// A pipeline verb: `almanac convert … then VERB [options]`. Verbs are plugins like
/// codecs: one file each under `Verbs/`, listed once in ``VerbRegistry``.
///
/// A verb is the command-line face of a library step (`Sources/AlmanacPipeline/Steps`):
/// its name, help and options, and ``makeStep(_:)``, which checks the arguments (before any
/// input is read) and returns the step with typed parameters.
protocol Verb: Sendable {
    var name: String { get }
    /// One line for `almanac verbs`.
    var abstract: String { get }
    /// The usage line, such as `sort --by date|title|rating|priority [--reverse]`.
    var usage: String { get }
    var discussion: String { get }
    var options: [ArgumentScanner.Option] { get }

    /// Checks the arguments (throwing a ``UsageError``) and returns the library step to run.
    func makeStep(_ arguments: ArgumentScanner.Result) throws -> any PipelineStep
}

extension Verb {
    var discussion: String { "" }

    /// The verb's help text, in the layout of a command's.
    var help: String {
        var text = "OVERVIEW: \(abstract)\n\n"
        if !discussion.isEmpty { text += discussion + "\n\n" }
        text += "USAGE: almanac convert … then \(usage)\n\nOPTIONS:\n"
        for option in options + [HelpFormatter.helpOption] {
            text += HelpFormatter.row(option.names.joined(separator: ", ") + (option.valueName.map { " \($0)" } ?? ""), option.help)
        }
        return text
    }

    /// A usage error about this verb's arguments.
    func usageError(_ message: String) -> UsageError {
        UsageError("\(name): \(message)", command: "convert")
    }

    /// The positional arguments, refusing any when the verb takes none.
    func noPositionals(_ arguments: ArgumentScanner.Result) throws {
        if let extra = arguments.positionals.first {
            var error = usageError("unexpected argument '\(extra)'")
            error.hint = "inputs and convert's own options go before the first 'then'"
            throw error
        }
    }
}
