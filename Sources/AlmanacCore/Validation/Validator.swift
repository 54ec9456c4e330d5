import Foundation

/// Runs the enabled rules over items and renders what they find as diagnostics that
/// name the file, the line where known, the item's kind and its title or id, and the rule.
public struct Validator: Sendable {
    public let registry: RuleRegistry
    public let settings: ValidationSettings

    public init(registry: RuleRegistry = .builtin, settings: ValidationSettings = ValidationSettings()) {
        self.registry = registry
        self.settings = settings
    }

    /// The diagnostics for `items`, ordered by item and then by rule.
    public func validate(_ items: [LocatedItem]) -> [Diagnostic] {
        var found: [(item: Int, rule: Int, diagnostic: Diagnostic)] = []
        for (ruleIndex, rule) in registry.rules.enumerated() where !settings.disabled.contains(rule.id) {
            let severity = settings.severity(of: rule)
            for finding in rule.check(items, settings: settings) {
                found.append((finding.itemIndex, ruleIndex, diagnostic(for: finding, in: items[finding.itemIndex], rule: rule, severity: severity)))
            }
        }
        return found.sorted { ($0.item, $0.rule) < ($1.item, $1.rule) }.map(\.diagnostic)
    }

    /// What `rule`, at `severity` (``ValidationSettings/severity(of:)``), reports for
    /// `finding` in `located`: a minor finding is at most a warning unless the user set the severity.
    func diagnostic(for finding: Finding, in located: LocatedItem, rule: any ValidationRule, severity: Diagnostic.Severity) -> Diagnostic {
        let level = finding.isMinor && settings.severities[rule.id] == nil ? min(severity, .warning) : severity
        let message = "\(Self.name(of: located.item)): \(finding.message)"
        return Diagnostic(level, message, source: located.source, position: located.position, code: rule.id, item: ItemReference(located.item))
    }

    /// `event 'Maya's Birthday'`, or `event 1234-…` when the title is blank.
    public static func name(of item: Item) -> String {
        let title = item.title.trimmingCharacters(in: .whitespacesAndNewlines)
        return title.isEmpty ? "\(item.kind.rawValue) \(item.id)" : "\(item.kind.rawValue) '\(title)'"
    }
}
