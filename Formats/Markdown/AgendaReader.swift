import AlmanacCore

/// Reads an agenda back into events: each `###` (or deeper) heading starts an event;
/// its attribute line gives id, times, zones and the rest; `**Where:**` the location;
/// a task list the tasks; other blocks the notes. `#` and `##` headings are the
/// agenda's title and periods, derived on writing, and are skipped.
struct AgendaReader {
    let source: MarkdownSource
    private(set) var warnings: [(message: String, line: Int)] = []
    /// The heading line (from 0) of each event read, in order.
    private(set) var eventLines: [Int] = []
    /// The events (by their index among those read) with a `**Recipe:**` line, and the page
    /// slugs (or plain ids) it names, for the document reader to match with its recipes.
    private(set) var recipeLines: [(event: Int, names: [String])] = []

    init(source: MarkdownSource) {
        self.source = source
    }

    private struct Draft {
        var event: Event
        var firstLine: Int
        var lastLine: Int
        var taskIDs: [String]?
        var recipeIDs: [String]?
        var linkedRecipes: [String] = []
        var notes: ClosedRange<Int>?
        var hasID = false
    }

    mutating func events(_ blocks: [MarkdownBlock], salt: String) throws -> [Event] {
        var events: [Event] = []
        var draft: Draft?
        for block in blocks {
            if case .heading(let level, let text) = block.kind {
                if let finished = draft { events.append(finish(finished, salt: salt, index: events.count)) }
                draft = nil
                if level >= 3 {
                    let title = MarkdownText.trimmed(MarkdownText.unescape(text))
                    draft = Draft(event: Event(id: "", title: title), firstLine: block.firstLine, lastLine: block.lastLine)
                    eventLines.append(block.firstLine)
                }
                continue
            }
            guard var current = draft else { continue }
            current.lastLine = block.lastLine
            switch block.kind {
            case .html(let text) where text.hasPrefix(AttributeLine.eventPrefix):
                guard let pairs = AttributeLine.parse(text) else {
                    throw MarkdownDecodingError.invalidAttribute(name: "almanac:event", reason: "expected key=\"value\" pairs", at: source.position(line: block.firstLine))
                }
                try apply(pairs, to: &current, line: block.firstLine)
            case .paragraph(let text) where text.hasPrefix("**When:**"):
                break
            case .paragraph(let text) where MealRecipeLinks.isBlock(text):
                current.linkedRecipes += MealRecipeLinks.names(in: text)
            case .paragraph(let text) where text.hasPrefix("**Where:**"):
                let location = MarkdownText.trimmed(MarkdownText.unescape(String(text.dropFirst("**Where:**".count))))
                current.event.location = location.isEmpty ? nil : location
            case .list(let list) where list.items.allSatisfy(isTask):
                current.event.tasks += list.items.map(task)
            default:
                current.notes = (current.notes?.lowerBound ?? block.firstLine)...block.lastLine
            }
            draft = current
        }
        if let finished = draft { events.append(finish(finished, salt: salt, index: events.count)) }
        return events
    }

    private mutating func finish(_ draft: Draft, salt: String, index: Int) -> Event {
        var event = draft.event
        event.recipes = draft.recipeIDs ?? draft.linkedRecipes
        if !draft.linkedRecipes.isEmpty { recipeLines.append((index, draft.linkedRecipes)) }
        if let notes = draft.notes {
            let text = MarkdownPlainText.document(source.text(notes), references: [:])
            event.notes = text.isEmpty ? nil : text
        }
        if !draft.hasID {
            var bytes: [UInt8] = []
            for line in draft.firstLine...draft.lastLine { bytes += source.lines[line] + [UInt8(ascii: "\n")] }
            event.id = StableID.make(from: bytes, salt: "\(salt)/event[\(index)]")
        }
        for position in event.tasks.indices {
            if let ids = draft.taskIDs, position < ids.count {
                event.tasks[position].id = ids[position]
            } else {
                event.tasks[position].id = StableID.make(from: Array(event.tasks[position].text.utf8), salt: "\(event.id)/task[\(position)]")
            }
        }
        return event
    }

    private mutating func apply(_ pairs: [(key: String, value: String)], to draft: inout Draft, line: Int) throws {
        let at = source.position(line: line)
        for (key, raw) in pairs {
            let value = AttributeLine.decode(raw)
            switch key {
            case "id":
                draft.event.id = value
                draft.hasID = true
            case "start", "end":
                guard let time = CalendarTimeText.parse(value) else {
                    throw MarkdownDecodingError.invalidAttribute(name: key, reason: "'\(value)' is not a date or date-time", at: at)
                }
                if key == "start" { draft.event.start = time } else { draft.event.end = time }
            case "symbol": draft.event.symbol = value
            case "color":
                let parts = value.split(separator: " ").compactMap { Double(String($0)) }
                guard parts.count == 4 else {
                    throw MarkdownDecodingError.invalidAttribute(name: key, reason: "expected four numbers 'red green blue alpha'", at: at)
                }
                draft.event.color = RGBAColor(red: parts[0], green: parts[1], blue: parts[2], alpha: parts[3])
            case "url": draft.event.url = value
            case "categories": draft.event.categories = AttributeLine.decodeList(raw, separator: ",")
            case "recurrence": draft.event.recurrence = value
            case "tasks": draft.taskIDs = AttributeLine.decodeList(raw, separator: " ")
            case "recipes": draft.recipeIDs = AttributeLine.decodeList(raw, separator: " ")
            default: warnings.append(("unknown event attribute '\(key)' ignored", line))
            }
        }
    }

    private func isTask(_ item: MarkdownListItem) -> Bool {
        guard let first = item.blocks.first, case .paragraph(let text) = first.kind else { return false }
        return Self.checkbox(text) != nil
    }

    /// Whether the item starts with `[ ]` (false) or `[x]` (true).
    private static func checkbox(_ text: String) -> Bool? {
        let scalars = Array(text.unicodeScalars.prefix(4))
        guard scalars.count >= 3, scalars[0] == "[", scalars[2] == "]", scalars.count == 3 || scalars[3] == " " || scalars[3] == "\n" else { return nil }
        switch scalars[1] {
        case " ": return false
        case "x", "X": return true
        default: return nil
        }
    }

    private func task(_ item: MarkdownListItem) -> EventTask {
        guard let first = item.blocks.first, case .paragraph(let raw) = first.kind else { return EventTask(id: "", text: "") }
        let text = RecipeMapper(source: source).itemText(item)
        return EventTask(id: "", text: MarkdownText.trimmed(String(text.unicodeScalars.dropFirst(3))), isCompleted: Self.checkbox(raw) ?? false)
    }
}
