import AlmanacCore
import Foundation

/// Writes a document as Markdown, in pieces (see ``DocumentStreamWriter``): each recipe
/// as RecipeMD (the second and later after a `<!-- almanac:recipe -->` line), then the
/// events as an agenda after `<!-- almanac:agenda -->`, grouped by period and ordered by
/// start; with front matter when asked.
///
/// Places: section 0 holds the recipes; sections 1 and on are the agenda's periods, in
/// the order of ``AgendaWriter/periods``, ranked by start.
struct MarkdownDocumentWriter: DocumentStreamWriter {
    var options: MarkdownWriteOptions
    var agendaWriter: AgendaWriter
    private var diagnostics: [Diagnostic] = []
    /// The document's extras, which Markdown cannot carry (a warning at the end says so).
    var extras = Extras()
    /// The warnings of the event being written, kept from event to event for its storage.
    private var eventWarnings: [String] = []

    private static let recipeSeparator = Array(("\n" + MarkdownDocumentReader.PartKind.recipe.marker + "\n\n").utf8)
    private static let eventSeparator = Array("\n\n".utf8)

    /// A writer whose agenda counts periods on `timeZone`'s calendar.
    init(options: MarkdownWriteOptions, timeZone: TimeZone) {
        self.options = options
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let reference = options.today.flatMap { CalendarTime.date($0).instant(localZone: timeZone) } ?? Date()
        agendaWriter = AgendaWriter(reference: reference, calendar: calendar)
    }

    func place(of item: Item) -> StreamPlace {
        switch item {
        case .recipe: return StreamPlace(section: 0)
        case .event(let event):
            let (period, instant) = agendaWriter.place(of: event)
            return StreamPlace(section: 1 + period, rank: instant?.timeIntervalSinceReferenceDate ?? 0)
        }
    }

    mutating func encode(_ item: Item, into bytes: inout [UInt8]) throws {
        switch item {
        case .recipe(let recipe):
            agendaWriter.recipeLinks.addAnchored(recipe)
            let warnings = RecipeWriter(frontMatter: options.frontMatter).write(recipe, into: &bytes)
            diagnostics += warnings.map { Diagnostic(.warning, "recipe '\(recipe.title)': \($0)") }
        case .event(let event):
            eventWarnings.removeAll(keepingCapacity: true)
            agendaWriter.event(event, warnings: &eventWarnings, into: &bytes)
            // One warning per event of a calendar: appended as it is, no array made of them.
            for warning in eventWarnings { diagnostics.append(Diagnostic(.warning, warning)) }
        }
    }

    /// Meals link to these recipes by their source, the document holding no page of theirs.
    mutating func refer(to recipes: [Recipe]) {
        recipes.forEach { agendaWriter.recipeLinks.addReferenced($0) }
    }

    mutating func takeDiagnostics() -> [Diagnostic] {
        defer { diagnostics = [] }
        return diagnostics
    }

    func separator(in section: Int) -> [UInt8] {
        section == 0 ? Self.recipeSeparator : Self.eventSeparator
    }

    mutating func lead(to place: StreamPlace, after previous: StreamPlace?, into bytes: inout [UInt8]) throws {
        var text = ""
        if let previous, previous.section == place.section {
            bytes.append(contentsOf: separator(in: place.section))
            return
        }
        if place.section > 0 {
            if previous == nil {
                text = agendaHead(first: true)
            } else if previous?.section == 0 {
                text = "\n" + agendaHead(first: false)
            }
            text += "\n\n" + AgendaWriter.heading(AgendaWriter.periods[place.section - 1]) + "\n\n"
        }
        bytes.append(contentsOf: text.utf8)
    }

    mutating func finish(after last: StreamPlace?, into bytes: inout [UInt8]) throws {
        if !extras.isEmpty {
            diagnostics.append(Diagnostic(.warning, "Markdown cannot carry the document-level extras (\(extras.sortedNames.joined(separator: ", ")))"))
        }
        guard let last else {
            // An empty document is an empty agenda.
            bytes.append(contentsOf: (agendaHead(first: true) + "\n").utf8)
            return
        }
        // A recipe ends in its line break; the last event needs one.
        if last.section > 0 { bytes.append(UInt8(ascii: "\n")) }
    }

    /// The agenda part's start up to `# Agenda`; `first` when it starts the file (front matter goes first then).
    private func agendaHead(first: Bool) -> String {
        let marker = MarkdownDocumentReader.PartKind.agenda.marker + "\n\n"
        let matter = options.frontMatter ? Self.titleMatter(AgendaWriter.title) + "\n" : ""
        return (first ? matter + marker : marker + matter) + "# " + AgendaWriter.title
    }

    /// `index.md`: links to every page, recipes first.
    func index(recipes: [(title: String, path: String)], events: [(title: String, path: String)]) -> String {
        var blocks = ["# Index"]
        for (heading, entries) in [("Recipes", recipes), ("Events", events)] where !entries.isEmpty {
            blocks.append("## " + heading)
            blocks.append(entries.map { entry in
                let title = MarkdownText.trimmed(entry.title.replacingNewlines)
                return "- [" + MarkdownEscaper.escape(title.isEmpty ? "(untitled)" : title) + "](" + entry.path + ")"
            }.joined(separator: "\n"))
        }
        let matter = options.frontMatter ? Self.titleMatter("Index") + "\n" : ""
        return matter + MarkdownDocumentReader.PartKind.index.marker + "\n\n" + blocks.joined(separator: "\n\n") + "\n"
    }

    private static func titleMatter(_ title: String) -> String {
        var matter = FrontMatter()
        matter.set("title", .scalar(title))
        return matter.rendered(plain: [])
    }
}
