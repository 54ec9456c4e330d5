import Almanac

/// `almanac validate`: run the validation rules over inputs and report what they find.
struct ValidateCommand: Command {
    let name = "validate"
    let abstract = "Check inputs against the validation rules."
    let usage = "almanac validate [<input> ...] [-f <format>] [--diagnostics text|json] [<rule options>]"
    let discussion = """
        Prints each finding as file:line:column: severity: item: message [rule], or as JSON
        with --diagnostics json (on standard output). 'almanac rules' lists the rules.

        EXIT STATUS: 0 when no error remains (warnings allowed); 1 when any error remains;
        64 usage error; 65 malformed input; 66 input missing or unreadable.
        """
    let arguments = [(name: "<input>", help: "Files to check, or - for standard input.")]
    var options: [ArgumentScanner.Option] {
        [
            .init(names: ["-f", "--from"], valueName: "<format>", help: "Input format (needed for standard input)."),
            .init(names: ["--diagnostics"], valueName: "<format>", help: "text (default) or json."),
        ] + ValidationOptions.options + InputLimits.options
    }

    func run(_ arguments: ArgumentScanner.Result, context: CommandContext) throws -> ExitStatus {
        guard let format = DiagnosticsFormat(rawValue: arguments.value("--diagnostics") ?? "text") else {
            throw UsageError("The value of --diagnostics must be text or json", command: name)
        }
        let inputs = try ConvertPlan.inputs(arguments, registry: context.registry, command: name)
        inputs.compactMap(\.note).forEach(context.console.error)
        let settings = try ValidationOptions.settings(arguments, rules: context.rules, command: name)
        let limits = try InputLimits(arguments, command: name)
        var read: PipelineState?
        try ConversionInput.checkReadable(inputs, first: inputs.contains { $0.path == nil }) {
            read = try InputReader(limits: limits).read(inputs, report: context.diagnostics.handler)
        }
        guard let loaded = read else { preconditionFailure("read or thrown") }
        let diagnostics = Validator(registry: context.rules, settings: settings).validate(loaded.items)
        switch format {
        case .text: diagnostics.forEach { context.diagnostics.print($0, excerpt: false) }
        case .json: try context.console.write(Array(DiagnosticsFormat.json(diagnostics).utf8))
        }
        return diagnostics.contains { $0.severity == .error } ? .validationFailed : .success
    }
}
