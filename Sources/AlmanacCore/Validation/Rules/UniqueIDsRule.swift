/// `unique-ids`: flags an item whose id an earlier item of the document already has,
/// and a task whose id an earlier task of the same event has. Changed occurrences of a
/// recurring event share the series' id; each is told apart by its recurrence id.
///
/// On one item checked alone (a stream's) it compares the event's task ids, never its times
/// (``ignoresTimes``); the ids of a stream's items, an occurrence's recurrence id among
/// them, are compared by ``StreamValidator`` for every item.
public struct UniqueIDsRule: ValidationRule {
    public let id = "unique-ids"
    public let defaultSeverity = Diagnostic.Severity.error
    public let summary = "Item ids are unique within a document, task ids within an event."

    public let ignoresTimes = true

    public init() {}

    public func check(_ items: [LocatedItem], settings: ValidationSettings) -> [Finding] {
        // One item (a stream's, checked on its own) has no earlier item to clash with.
        guard items.count > 1 else { return items.first.map { taskFindings($0, index: 0) } ?? [] }
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
            findings += taskFindings(located, index: index)
        }
        return findings
    }

    /// Two tasks of one event with the same id.
    private func taskFindings(_ located: LocatedItem, index: Int) -> [Finding] {
        guard case .event(let event) = located.item, event.tasks.count > 1 else { return [] }
        var taskIDs: Set<String> = []
        return event.tasks.filter { !taskIDs.insert($0.id).inserted }.map { Finding(itemIndex: index, message: "two tasks have the id \($0.id)") }
    }
}
