import AlmanacCore
import AlmanacJSONKit

/// `recipeInstructions`: a text (one step per line), a list of texts and `HowToStep`s,
/// and `HowToSection`s whose `itemListElement` steps become a titled direction section
/// (never flattened into the steps around them).
enum InstructionsText {
    /// The steps outside any section, and the sections.
    typealias Directions = (steps: [String], sections: [DirectionGroup])

    /// The directions of a `recipeInstructions` value.
    static func read(_ value: JSONValue, source: JSONLDSource) throws(JSONLDDecodingError) -> Directions {
        var result: Directions = ([], [])
        if case .string(let text) = value.kind {
            result.steps = lines(text)
            return result
        }
        for item in value.elements ?? [value] {
            if isSection(item) {
                var steps: [String] = []
                if let list = item["itemListElement"] { try collectSteps(of: list, into: &steps, source: source, depth: 0) }
                result.sections.append(DirectionGroup(title: (item["name"]?.string ?? "").trimmingSpaces(), directions: steps))
            } else {
                try collectSteps(of: item, into: &result.steps, source: source, depth: 0)
            }
        }
        return result
    }

    /// The `recipeInstructions` value for directions: `HowToStep`s, then a `HowToSection`
    /// for each section; `nil` when there are none.
    static func json(steps: [String], sections: [DirectionGroup]) -> OpaqueValue? {
        guard !steps.isEmpty || !sections.isEmpty else { return nil }
        var items = steps.map(step)
        for section in sections {
            items.append(.object([
                OpaqueMember("@type", .string("HowToSection")),
                OpaqueMember("name", .string(section.title)),
                OpaqueMember("itemListElement", .array(section.directions.map(step))),
            ]))
        }
        return .array(items)
    }

    private static func step(_ text: String) -> OpaqueValue {
        .object([OpaqueMember("@type", .string("HowToStep")), OpaqueMember("text", .string(text))])
    }

    /// Whether `item` is a `HowToSection` (or another titled list of steps).
    private static func isSection(_ item: JSONValue) -> Bool {
        guard item.members != nil else { return false }
        let types = item["@type"].map { $0.elements ?? [$0] }?.compactMap(\.string) ?? []
        if types.contains("HowToSection") { return true }
        return !types.contains("HowToStep") && item["itemListElement"] != nil && item["name"]?.string != nil
    }

    /// The steps in `value`: a text, a `HowToStep` (its `text`, else its `name`), or a list
    /// of them; steps inside a nested section join the section being read.
    private static func collectSteps(of value: JSONValue, into steps: inout [String], source: JSONLDSource, depth: Int) throws(JSONLDDecodingError) {
        guard depth < 8 else { return }
        switch value.kind {
        case .string(let text):
            let step = text.trimmingSpaces()
            if !step.isEmpty { steps.append(step) }
        case .array(let items):
            for item in items { try collectSteps(of: item, into: &steps, source: source, depth: depth + 1) }
        case .object:
            if let text = value["text"] ?? value["name"], case .string = text.kind {
                try collectSteps(of: text, into: &steps, source: source, depth: depth + 1)
            } else if let list = value["itemListElement"] {
                try collectSteps(of: list, into: &steps, source: source, depth: depth + 1)
            }
        case .null:
            return
        default:
            throw .typeMismatch(field: "recipeInstructions", expected: "text, HowToStep or HowToSection", found: value.typeName, at: source.position(of: value))
        }
    }

    /// The non-blank lines of a text, each a step.
    private static func lines(_ text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).map { IngredientText.collapsed(String($0)) }.filter { !$0.isEmpty }
    }
}
