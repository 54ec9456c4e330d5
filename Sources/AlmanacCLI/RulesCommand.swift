import AlmanacCore

/// `almanac rules`: the validation rules with their ids, severities and descriptions.
struct RulesCommand: ListingCommand {
    let name = "rules"
    let abstract = "List the validation rules."

    func listing(_ context: CommandContext) -> String {
        let width = context.rules.rules.map(\.id.count).max() ?? 0
        var text = ""
        for rule in context.rules.rules {
            let id = rule.id + String(repeating: " ", count: width - rule.id.count)
            let severity = rule.defaultSeverity.rawValue + String(repeating: " ", count: 7 - rule.defaultSeverity.rawValue.count)
            text += "\(id)  \(severity)  \(rule.summary)\n"
        }
        return text
    }
}
