/// `modified-after-added`: flags a recipe modified before it was added.
///
/// It reads recipes only, never an event's times (``ignoresTimes``).
public struct ModifiedAfterAddedRule: ValidationRule {
    public let id = "modified-after-added"
    public let defaultSeverity = Diagnostic.Severity.warning
    public let summary = "A recipe's dateModified is not before its dateAdded."

    public let ignoresTimes = true

    public init() {}

    public func check(_ items: [LocatedItem], settings: ValidationSettings) -> [Finding] {
        items.enumerated().compactMap { index, located in
            guard case .recipe(let recipe) = located.item,
                  let added = recipe.dateAdded?.instant(localZone: settings.timeZone),
                  let modified = recipe.dateModified?.instant(localZone: settings.timeZone),
                  modified < added else { return nil }
            return Finding(itemIndex: index, message: "dateModified \(EndAfterStartRule.text(recipe.dateModified!)) is before dateAdded \(EndAfterStartRule.text(recipe.dateAdded!))")
        }
    }
}
