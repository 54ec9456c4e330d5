import AlmanacCore

/// `validate`: runs the validation rules at this point of the pipeline. Any error stops
/// it with an ``AlmanacError`` (``ExitStatus/validationFailed``, every finding in its
/// diagnostics); warnings are added to ``PipelineState/warnings``.
public struct ValidateStep: PipelineStep {
    /// The rules and their settings.
    public let validator: Validator

    public init(_ validator: Validator = Validator()) {
        self.validator = validator
    }

    public func apply(to state: inout PipelineState) throws {
        let diagnostics = validator.validate(state.items)
        let errors = diagnostics.filter { $0.severity == .error }.count
        guard errors == 0 else {
            throw AlmanacError(.validationFailed, message: "validate: \(errors) error\(errors == 1 ? "" : "s"); nothing was written", diagnostics: diagnostics)
        }
        state.warnings += diagnostics
    }
}
