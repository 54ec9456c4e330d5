/// `modified-after-added`: flags a recipe modified before it was added.
///
/// It reads recipes only, never an event's times (``ignoresTimes``).
public struct ModifiedAfterAddedRule: ItemRule {
    public var id: String { "modified-after-added" }
    public var defaultSeverity: Diagnostic.Severity { .warning }
    public var summary: String { "A recipe's dateModified is not before its dateAdded." }

    public var ignoresTimes: Bool { true }

    public init() {}

    /// Whole-second times are compared as `instants` reads them; a recipe they do not
    /// clear is read again with Foundation's instants.
    public func findings(in located: LocatedItem, settings: ValidationSettings, instants: inout InstantReader) -> [Finding] {
        guard case .recipe(let recipe) = located.item, let addedTime = recipe.dateAdded, let modifiedTime = recipe.dateModified else { return [] }
        if addedTime.civil.nanosecond == 0, modifiedTime.civil.nanosecond == 0 {
            guard let added = instants.seconds(of: addedTime), let modified = instants.seconds(of: modifiedTime), modified < added else { return [] }
        }
        guard let added = addedTime.instant(localZone: settings.timeZone),
              let modified = modifiedTime.instant(localZone: settings.timeZone),
              modified < added else { return [] }
        return [Finding(itemIndex: 0, message: "dateModified \(EndAfterStartRule.text(modifiedTime)) is before dateAdded \(EndAfterStartRule.text(addedTime))")]
    }
}
