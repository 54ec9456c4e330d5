import AlmanacCore

/// `almanac rules`: the validation rules with their ids, severities and descriptions.
struct RulesCommand: Command {
    let name = "rules"
    let abstract = "List the validation rules."
    let usage = "almanac rules"
    let options: [ArgumentScanner.Option] = []

    func run(_ arguments: ArgumentScanner.Result, context: CommandContext) throws -> ExitStatus {
        if let extra = arguments.positionals.first { throw UsageError("Unexpected argument '\(extra)'", command: name) }
        let width = context.rules.rules.map(\.id.count).max() ?? 0
        var text = ""
        for rule in context.rules.rules {
            let id = rule.id + String(repeating: " ", count: width - rule.id.count)
            let severity = rule.defaultSeverity.rawValue + String(repeating: " ", count: 7 - rule.defaultSeverity.rawValue.count)
            text += "\(id)  \(severity)  \(rule.summary)\n"
        }
        try context.console.write(Array(text.utf8))
        return .success
    }
}
