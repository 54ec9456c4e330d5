import AlmanacCore

/// `validate`: runs the validation rules at this point of the pipeline; any error
/// stops the run (exit 1, nothing written).
struct ValidateVerb: Verb {
    let name = "validate"
    let abstract = "Check the items against the validation rules here; errors stop the run."
    let usage = "validate [<rule options>]"
    var options: [ArgumentScanner.Option] { ValidationOptions.options }

    func makeStep(_ arguments: ArgumentScanner.Result) throws -> any PipelineStep {
        try noPositionals(arguments)
        return Step(validator: Validator(settings: try ValidationOptions.settings(arguments, rules: .builtin, command: "convert")))
    }

    struct Step: PipelineStep {
        let validator: Validator
        func apply(to state: inout PipelineState) throws {
            let diagnostics = validator.validate(state.items)
            let errors = diagnostics.filter { $0.severity == .error }.count
            guard errors == 0 else {
                throw PipelineFailure(message: "validate: \(errors) error\(errors == 1 ? "" : "s"); nothing was written", status: .validationFailed, diagnostics: diagnostics)
            }
            state.warnings += diagnostics
        }
    }
}
