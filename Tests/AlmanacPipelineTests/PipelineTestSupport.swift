import Foundation
import Almanac
import AlmanacTestSupport

/// Items and inputs for the library's tests, without the command line.
enum Fixture {
    static let registry = BuiltinFormats.registry

    static func codec(_ name: String) -> any FormatCodec {
        registry.codec(named: name)!
    }

    /// A sample file as an input, read by its extension.
    static func sample(_ name: String) throws -> ConversionInput {
        try ConversionInput(path: TestPaths.sample(name).path, registry: registry)
    }

    static func day(_ text: String) -> CivilDate {
        guard case .date(let day)? = ISO8601Text.parseCalendarTime(Array(text.utf8)) else { fatalError("not a date: \(text)") }
        return day
    }

    static func event(_ id: String, _ title: String = "", start: String? = nil, priority: Int? = nil, categories: [String] = [], tasks: [EventTask] = []) -> Item {
        .event(Event(id: id, title: title.isEmpty ? id : title, start: start.flatMap { ISO8601Text.parseCalendarTime(Array($0.utf8)) }, categories: categories, priority: priority, tasks: tasks))
    }

    static func recipe(_ id: String, _ title: String = "", rating: Int? = nil, favorite: Bool = false, collections: [String] = [], tags: [String] = []) -> Item {
        .recipe(Recipe(id: id, title: title.isEmpty ? id : title, rating: rating, isFavorite: favorite, collections: collections, tags: tags))
    }

    /// Runs `steps` over `items` and returns the ids left, in order.
    static func ids(_ items: [Item], _ steps: any PipelineStep...) throws -> [String] {
        var state = PipelineState(items: items.map { LocatedItem($0) })
        try Pipeline(steps).run(&state)
        return state.items.map(\.item.id)
    }

    /// The items of an NDJSON output, read back with the ndjson reader.
    static func ndjsonItems(_ bytes: [UInt8]) throws -> [Item] {
        try codec("ndjson").decode(bytes, source: "<output>").document.items
    }
}

/// Collects what a conversion reports.
final class Collected {
    var diagnostics: [(Diagnostic, DiagnosticDisplay)] = []

    var handler: DiagnosticHandler {
        { [self] in diagnostics.append(($0, $1)) }
    }
}
