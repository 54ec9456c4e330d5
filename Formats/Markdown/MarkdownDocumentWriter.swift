import AlmanacCore
import Foundation

/// Writes a document as Markdown: each recipe as RecipeMD (the second and later after
/// a `<!-- almanac:recipe -->` line), then the events as an agenda after
/// `<!-- almanac:agenda -->`; with front matter when asked.
struct MarkdownDocumentWriter {
    var options: MarkdownWriteOptions
    var timeZone: TimeZone

    private var agendaWriter: AgendaWriter {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let reference = options.today.flatMap { CalendarTime.date($0).instant(localZone: timeZone) } ?? Date()
        return AgendaWriter(reference: reference, calendar: calendar)
    }

    /// The whole document as one file.
    func write(_ document: AlmanacDocument) -> (text: String, diagnostics: [Diagnostic]) {
        var parts: [String] = []
        var diagnostics: [Diagnostic] = []
        for (index, recipe) in document.recipes.enumerated() {
            let (text, warnings) = self.recipe(recipe)
            parts.append((index == 0 ? "" : MarkdownDocumentReader.PartKind.recipe.marker + "\n\n") + text)
            diagnostics += warnings
        }
        if !document.events.isEmpty || document.isEmpty {
            let (text, warnings) = agenda(document.events, first: document.recipes.isEmpty)
            parts.append(text)
            diagnostics += warnings
        }
        if !document.extras.isEmpty {
            diagnostics.append(Diagnostic(.warning, "Markdown cannot carry the document-level extras (\(document.extras.sortedNames.joined(separator: ", ")))"))
        }
        return (parts.joined(separator: "\n"), diagnostics)
    }

    /// One recipe as a page of its own.
    func recipe(_ recipe: Recipe) -> (text: String, diagnostics: [Diagnostic]) {
        let (text, warnings) = RecipeWriter(frontMatter: options.frontMatter).write(recipe)
        return (text, warnings.map { Diagnostic(.warning, "recipe '\(recipe.title)': \($0)") })
    }

    /// Events as an agenda part; `first` when it starts the file (front matter goes first then).
    func agenda(_ events: [Event], first: Bool) -> (text: String, diagnostics: [Diagnostic]) {
        let (body, warnings) = agendaWriter.write(events)
        let marker = MarkdownDocumentReader.PartKind.agenda.marker + "\n\n"
        let matter = options.frontMatter ? Self.titleMatter(AgendaWriter.title) + "\n" : ""
        let text = first ? matter + marker + body : marker + matter + body
        return (text, warnings.map { Diagnostic(.warning, $0) })
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
