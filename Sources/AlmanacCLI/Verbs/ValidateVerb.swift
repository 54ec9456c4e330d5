import Almanac

/// `validate [<rule options>]`: parses the rule options into a ``ValidateStep``; any error
/// stops the run (exit 1, nothing written).
struct ValidateVerb: Verb {
    let name = "validate"
    let abstract = "Check the items against the validation rules here; errors stop the run."
    let usage = "validate [<rule options>]"
    var options: [ArgumentScanner.Option] { ValidationOptions.options }

    func makeStep(_ arguments: ArgumentScanner.Result) throws -> any PipelineStep {
        try noPositionals(arguments)
        return ValidateStep(Validator(settings: try ValidationOptions.settings(arguments, rules: .builtin, command: "convert")))
    }
}
