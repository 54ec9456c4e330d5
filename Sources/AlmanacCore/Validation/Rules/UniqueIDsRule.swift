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

    /// One item checked alone (a stream's): only its tasks can clash, and no array of one
    /// item is made to ask.
    public func findings(in located: LocatedItem, settings: ValidationSettings, instants: inout InstantReader) -> [Finding] {
        taskFindings(located, index: 0)
    }

    /// Two tasks of one event with the same id: each task whose id an earlier task has.
    /// A short checklist is compared pair by pair, with nothing hashed or allocated.
    private func taskFindings(_ located: LocatedItem, index: Int) -> [Finding] {
        guard case .event(let event) = located.item, event.tasks.count > 1 else { return [] }
        let tasks = event.tasks
        var findings: [Finding] = []
        if tasks.count <= 16 {
            for later in 1..<tasks.count where tasks[..<later].contains(where: { $0.id == tasks[later].id }) {
                findings.append(Finding(itemIndex: index, message: "two tasks have the id \(tasks[later].id)"))
            }
            return findings
        }
        var taskIDs: Set<String> = []
        taskIDs.reserveCapacity(tasks.count)
        for task in tasks where !taskIDs.insert(task.id).inserted {
            findings.append(Finding(itemIndex: index, message: "two tasks have the id \(task.id)"))
        }
        return findings
    }
}
