import AlmanacCore

/// A pipeline verb: `almanac convert … then VERB [options]`. Verbs are plugins like
/// codecs: one file each under `Verbs/`, listed once in ``VerbRegistry``.
///
/// Making the step checks the verb's arguments, before any input is read; applying
/// it changes the items in one process, over the common model.
protocol Verb: Sendable {
    var name: String { get }
    /// One line for `almanac verbs`.
    var abstract: String { get }
    /// The usage line, such as `sort --by date|title|rating|priority [--reverse]`.
    var usage: String { get }
    var discussion: String { get }
    var options: [ArgumentScanner.Option] { get }

    /// Checks the arguments and returns the step to run.
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

/// One step of a pipeline, ready to run.
protocol PipelineStep {
    func apply(to state: inout PipelineState) throws
}

/// What flows through a pipeline: the items with their origins, and settings for the writer.
struct PipelineState {
    var items: [LocatedItem]
    /// Document-level extras of the inputs.
    var documentExtras: Extras
    /// Every recipe the inputs held, also after a step dropped it from ``items``:
    /// events still in the stream find the recipes they name here (meal plans,
    /// shopping lists).
    var recipeBook: [Recipe] = []
    /// Settings verbs pass to the writer (`group-by`).
    var writerSettings: [String: String] = [:]
    /// Warnings steps found (a `validate` step's), printed before the output is written.
    var warnings: [Diagnostic] = []

    /// The items as a document for the writer.
    var document: AlmanacDocument {
        var document = AlmanacDocument(items: items.map(\.item))
        document.extras = documentExtras
        let named = Set(document.events.flatMap(\.recipes)).subtracting(document.recipes.map(\.id))
        if !named.isEmpty {
            var seen = Set<String>()
            document.referencedRecipes = recipeBook.filter { named.contains($0.id) && seen.insert($0.id).inserted }
        }
        return document
    }
}

/// A step stopped the pipeline; the message is printed and the run exits with `status`.
struct PipelineFailure: Error {
    var message: String
    var status: ExitStatus
    /// Diagnostics to print before the message (from a `validate` step).
    var diagnostics: [Diagnostic] = []
}
