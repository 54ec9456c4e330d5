/// `unique-ids`: flags an item whose id an earlier item of the document already has,
/// and a task whose id an earlier task of the same event has. Changed occurrences of a
/// recurring event share the series' id; each is told apart by its recurrence id.
public struct UniqueIDsRule: ValidationRule {
    public let id = "unique-ids"
    public let defaultSeverity = Diagnostic.Severity.error
    public let summary = "Item ids are unique within a document, task ids within an event."

    public init() {}

    public func check(_ items: [LocatedItem], settings: ValidationSettings) -> [Finding] {
        var firstIndex: [ItemIdentity: Int] = [:]
        firstIndex.reserveCapacity(items.count)
        var findings: [Finding] = []
        for (index, located) in items.enumerated() {
            let key = located.item.identityKey
            if let first = firstIndex[key] {
                findings.append(Finding(itemIndex: index, message: "the id \(located.item.identity) is already used by \(Validator.name(of: items[first].item))"))
            } else {
                firstIndex[key] = index
            }
            if case .event(let event) = located.item, event.tasks.count > 1 {
                var taskIDs: Set<String> = []
                for task in event.tasks where !taskIDs.insert(task.id).inserted {
                    findings.append(Finding(itemIndex: index, message: "two tasks have the id \(task.id)"))
                }
            }
        }
        return findings
    }
}
