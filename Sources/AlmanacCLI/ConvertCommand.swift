import Almanac

/// `almanac convert`: read inputs in any format, merge them, run the chained verbs,
/// validate, and write one output. Parses its arguments into the library's ``Conversion``,
/// which does the work.
struct ConvertCommand: Command {
    let name = "convert"
    let abstract = "Convert recipes and events from one format to another."
    let usage = "almanac convert [<input> ...] [-f <format>] [-t <format>] [-o <file> | -d <folder>] [<options>] [then <verb> [<verb options>] ...]"
    let discussion = """
        Reads every input (standard input when none is given), merges them into one
        document, runs the verbs chained with 'then' ('almanac verbs' lists them),
        validates the result ('almanac rules' lists the rules) and writes it in the output
        format. The input format comes from each file's extension unless -f is given; the
        output format from -t, or else from the extension of -o. Every argument, the
        verbs' too, is checked before standard input is read.

        A reader's or writer's warning that comes again for other items (what a format
        cannot carry) is printed 5 times, then counted: a note at the end says how many
        more there were (--all-warnings prints every one). Rule findings are all printed.

        Nothing is written while a validation error remains (--no-validate skips it). An
        output file is written whole or not at all: almanac writes a temporary file beside
        it and renames it into place only when the whole run has succeeded, so a failed run
        leaves an existing file as it was. With -d, the folder is created when missing and
        its files are all written, or none (the format defaults to markdown; with -t ics,
        jcal or xcal, one calendar file per UID, as CalDAV servers and vdirs keep them).
        A folder given as an input stands for its files; consecutive calendar inputs are
        read as one calendar, so a task finds its event in another file.

        Without verbs, conversions from ndjson and ics stream: memory stays flat however
        long the input. Each item is validated as it comes; a whole-document output (json,
        xml, markdown, ics, jcal, xcal) is kept encoded, past 8 MiB in a temporary file in
        $TMPDIR, and written in its own order at the end. One long ics file converted into
        a json or ndjson file is read in parts on every core (--threads), and written as
        one read from start to end would write it.

        EXIT STATUS: 0 success; 1 validation errors; 64 usage error; 65 malformed input;
        66 input missing or unreadable; 70 an external verb failed; 73 output cannot be
        created; 74 other I/O error.
        """
    let arguments = [(name: "<input>", help: "Files to read, or - for standard input.")]
    var options: [ArgumentScanner.Option] {
        [
            .init(names: ["-f", "--from"], valueName: "<format>", help: "Input format (needed for standard input)."),
            .init(names: ["-t", "--to"], valueName: "<format>", help: "Output format (default: from -o's extension)."),
            .init(names: ["-o", "--output"], valueName: "<file>", help: "Write to this file instead of standard output."),
            .init(names: ["-d", "--split"], valueName: "<folder>", help: "Write one file per item (and an index) into this folder; ics, jcal, xcal: one calendar per UID (a vdir)."),
            .init(names: ["--compact"], valueName: nil, help: "Write as compactly as the format allows."),
            .init(names: ["--no-validate"], valueName: nil, help: "Write even when validation finds errors."),
            .init(names: ["--all-warnings"], valueName: nil, help: "Print every warning (else a format's warnings: 5 of each kind, then how many more)."),
            .init(names: ["--threads"], valueName: "<count>", help: "Threads that read one long ics file into a json or ndjson file at once (default: one per core, at most 4; 1: from start to end)."),
        ] + ValidationOptions.options + InputLimits.options
    }

    /// The options of every registered writer, as `--NAME [VALUE]`, unless convert has one of that name.
    func formatOptions(_ registry: FormatRegistry) -> [ArgumentScanner.Option] {
        var seen = Set(options.flatMap(\.names))
        var result: [ArgumentScanner.Option] = []
        for codec in registry.codecs {
            for option in codec.format.writeOptions where seen.insert("--\(option.name)").inserted {
                result.append(.init(names: ["--\(option.name)"], valueName: option.valueName, help: "\(option.help) (\(codec.format.name))"))
            }
        }
        return result
    }

    func run(raw arguments: [String], context: CommandContext) throws -> ExitStatus {
        let chain = try Chain(arguments, registry: context.registry, headOptions: allOptions(context.registry))
        if let help = chain.help {
            try context.console.write(Array(help.utf8))
            return .success
        }
        let scanned = try ArgumentScanner(options: allOptions(context.registry), command: name).scan(chain.head)
        if scanned.has("--help") {
            try context.console.write(Array(HelpFormatter.help(for: self, registry: context.registry).utf8))
            return .success
        }
        let plan = try ConvertPlan(scanned, registry: context.registry)
        plan.inputs.compactMap(\.note).forEach(context.console.error)
        let settings = try ValidationOptions.settings(scanned, rules: context.rules, command: name)
        let validator = scanned.has("--no-validate") ? nil : Validator(registry: context.rules, settings: settings)
        var conversion = Conversion(
            inputs: plan.inputs, to: plan.outputCodec, options: plan.encodingOptions,
            pipeline: Pipeline(chain.steps), validator: validator
        )
        if let text = scanned.value("--threads") {
            guard let threads = Int(text), (1...64).contains(threads) else {
                throw UsageError("The value of --threads must be a whole number from 1 to 64, not '\(text)'", command: name)
            }
            conversion.concurrency = Conversion.Concurrency(threads: threads)
        }
        // Standard input is read, and a streamed conversion writes, only once every input file
        // is known to open; a conversion read whole opens each file when it reads it.
        let checksAhead = conversion.isStreamable || plan.inputs.contains { $0.path == nil }
        try ConversionInput.checkReadable(plan.inputs, first: checksAhead) {
            conversion.limits = try InputLimits(scanned, command: name)
        }
        let printer = context.diagnostics
        guard !scanned.has("--all-warnings") else {
            try ConversionInput.checkReadable(plan.inputs, first: false) {
                try conversion.write(to: plan.destination(standardOutput: context.console), report: printer.handler)
            }
            return .success
        }
        let repeated = RepeatedWarnings()
        defer { repeated.summary().forEach { printer.print($0, display: .alone) } }
        try ConversionInput.checkReadable(plan.inputs, first: false) {
            try conversion.write(to: plan.destination(standardOutput: context.console)) { diagnostic, display in
                if repeated.admits(diagnostic) { printer.print(diagnostic, display: display) }
            }
        }
        return .success
    }

    func run(_ arguments: ArgumentScanner.Result, context: CommandContext) throws -> ExitStatus {
        preconditionFailure("convert scans its own arguments in run(raw:context:)")
    }
}

extension ConversionInput {
    /// Runs `body` after checking that every input file opens for reading (`first`), or else
    /// checks them only when `body` fails (each file is opened when it is read): a file that
    /// does not open is then the error (``FileError``, exit status 66), as when checked first,
    /// whatever failed after it. Checking first opened each file once more.
    static func checkReadable(_ inputs: [ConversionInput], first: Bool, _ body: () throws -> Void) throws {
        if first {
            for case let path? in inputs.map(\.path) { try FileIO.checkReadable(path) }
            return try body()
        }
        do {
            try body()
        } catch {
            for case let path? in inputs.map(\.path) { try FileIO.checkReadable(path) }
            throw error
        }
    }
}
