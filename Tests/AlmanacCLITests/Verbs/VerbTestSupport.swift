import AlmanacCore
@testable import AlmanacCLI

/// Runs one verb over items, the way a chain does.
enum VerbRun {
    static func apply(_ verb: any Verb, _ arguments: [String], to items: [Item]) throws -> [Item] {
        var state = PipelineState(items: items.map { LocatedItem($0) }, documentExtras: Extras())
        try step(verb, arguments).apply(to: &state)
        return state.items.map(\.item)
    }

    static func step(_ verb: any Verb, _ arguments: [String]) throws -> any PipelineStep {
        let scanned = try ArgumentScanner(options: verb.options, command: "convert").scan(arguments)
        return try verb.makeStep(scanned)
    }

    static func event(_ id: String, _ title: String = "", start: String? = nil, priority: Int? = nil, categories: [String] = [], tasks: [EventTask] = []) -> Item {
        .event(Event(id: id, title: title.isEmpty ? id : title, start: start.flatMap { ISO8601Text.parseCalendarTime(Array($0.utf8)) }, categories: categories, priority: priority, tasks: tasks))
    }

    static func recipe(_ id: String, _ title: String = "", rating: Int? = nil, favorite: Bool = false, collections: [String] = [], tags: [String] = []) -> Item {
        .recipe(Recipe(id: id, title: title.isEmpty ? id : title, rating: rating, isFavorite: favorite, collections: collections, tags: tags))
    }
}
