/// `title-required`: flags a recipe or event whose title is blank (the date planner
/// keeps Add disabled while the title is empty), and, as a warning, a task whose text is blank.
///
/// It reads the title and the tasks, never the times: an occurrence of a series gets the
/// series' verdict (``ignoresTimes``).
public struct TitleRequiredRule: ItemRule {
    public var id: String { "title-required" }
    public var defaultSeverity: Diagnostic.Severity { .error }
    public var summary: String { "A recipe or event needs a non-blank title; blank task text is a warning." }

    public var ignoresTimes: Bool { true }

    public init() {}

    public func findings(in located: LocatedItem, settings: ValidationSettings, instants: inout InstantReader) -> [Finding] {
        var findings: [Finding] = []
        switch located.item {
        case .recipe(let recipe):
            if Self.isBlank(recipe.title) { findings.append(Finding(itemIndex: 0, message: "the title is blank")) }
        case .event(let event):
            if Self.isBlank(event.title) { findings.append(Finding(itemIndex: 0, message: "the title is blank")) }
            for (number, task) in event.tasks.enumerated() where Self.isBlank(task.text) {
                findings.append(Finding(itemIndex: 0, message: "task \(number + 1) (\(task.id)) has blank text", isMinor: true))
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
