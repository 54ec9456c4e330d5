/// `title-required`: flags a recipe or event whose title is blank (the date planner
/// keeps Add disabled while the title is empty), and, as a warning, a task whose text is blank.
///
/// It reads the title and the tasks, never the times: an occurrence of a series gets the
/// series' verdict (``ignoresTimes``).
public struct TitleRequiredRule: ValidationRule {
    public let id = "title-required"
    public let defaultSeverity = Diagnostic.Severity.error
    public let summary = "A recipe or event needs a non-blank title; blank task text is a warning."

    public let ignoresTimes = true

    public init() {}

    public func check(_ items: [LocatedItem], settings: ValidationSettings) -> [Finding] {
        var findings: [Finding] = []
        for (index, located) in items.enumerated() {
            if Self.isBlank(located.item.title) {
                findings.append(Finding(itemIndex: index, message: "the title is blank"))
            }
            if case .event(let event) = located.item {
                for (number, task) in event.tasks.enumerated() where Self.isBlank(task.text) {
                    findings.append(Finding(itemIndex: index, message: "task \(number + 1) (\(task.id)) has blank text", isMinor: true))
                }
            }
        }
        return findings
    }

    /// Whether `text` is empty or white space only (a visible ASCII character answers at once).
    static func isBlank(_ text: String) -> Bool {
        if text.utf8.contains(where: { $0 > 0x20 && $0 < 0x7F }) { return false }
        return text.allSatisfy(\.isWhitespace)
    }
}
