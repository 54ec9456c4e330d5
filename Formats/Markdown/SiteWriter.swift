import AlmanacCore
import Foundation

/// A recipe's schema.org JSON-LD as one line of JSON, and the warnings writing it gave.
/// Whoever composes the formats hands it to ``MarkdownCodec`` (`AlmanacFormats` gives the
/// `jsonld` writer's), so that the Markdown module needs no JSON-LD of its own.
public typealias RecipeStructuredData = @Sendable (Recipe) -> (text: String, diagnostics: [Diagnostic])

/// `-d SITE --site hugo|jekyll`: a site folder the generator builds as it is.
///
/// - `recipes/SLUG.md` per recipe: front matter (with the page's `date`, `lastmod`,
///   `tags`, `categories`, `favorites`, and its JSON-LD in `jsonld`), then the recipe as
///   RecipeMD, an ingredient's link to another recipe of the document pointing at its page.
/// - `recipes/` list page linking every recipe; `events/SLUG.md` per event, titled by the
///   event and dated by its start; `events/` list page, the agenda by period.
/// - almanac's layout (and Hugo's taxonomies), only when missing (``SiteGenerator/siteFiles``).
///
/// Every page lives at `/SECTION/SLUG/`, so links are relative (`../guava-syrup/`) and hold
/// under any base URL.
struct SiteWriter {
    let generator: SiteGenerator
    /// Writes the RecipeMD of each recipe page (front matter on) and knows the agenda's periods.
    let pages: MarkdownDocumentWriter
    let structuredData: RecipeStructuredData?

    static let recipesSection = "recipes"
    static let eventsSection = "events"
    static let recipesTitle = "Recipes"
    private static let plainKeys: Set<String> = ["rating", "favorite", "render_with_liquid"]

    func files(_ document: AlmanacDocument) throws -> [OutputFile] {
        var slugs = SlugMaker(reserved: ["index"])
        let recipeSlugs = document.recipes.map { slugs.unique($0.title, fallback: ItemKind.recipe.rawValue) }
        slugs = SlugMaker(reserved: ["index"])
        let eventSlugs = document.events.map { slugs.unique($0.title, fallback: ItemKind.event.rawValue) }
        var slugByID: [String: String] = [:]
        var slugByTitle: [String: String] = [:]
        for (recipe, slug) in zip(document.recipes, recipeSlugs) {
            if slugByID[recipe.id] == nil { slugByID[recipe.id] = slug }
            let title = Self.key(recipe.title)
            if !title.isEmpty, slugByTitle[title] == nil { slugByTitle[title] = slug }
        }
        var files: [OutputFile] = []
        for (recipe, slug) in zip(document.recipes, recipeSlugs) {
            files.append(try recipePage(recipe, slug: slug, slugByID: slugByID))
        }
        if !document.recipes.isEmpty {
            files.append(recipeList(zip(document.recipes.map(\.title), recipeSlugs), agenda: !document.events.isEmpty))
        }
        var eventPages = pages
        for (recipe, slug) in zip(document.recipes, recipeSlugs) {
            eventPages.agendaWriter.recipeLinks.add(recipe, destination: "../../" + Self.recipesSection + "/" + slug + "/")
        }
        eventPages.refer(to: document.referencedRecipes)
        for (event, slug) in zip(document.events, eventSlugs) {
            files.append(eventPage(event, slug: slug, slugByTitle: slugByTitle, writer: eventPages.agendaWriter))
        }
        if !document.events.isEmpty {
            files.append(agendaList(Array(zip(document.events, eventSlugs)), recipes: !document.recipes.isEmpty))
        }
        if !document.extras.isEmpty, !files.isEmpty {
            files[files.count - 1].diagnostics.append(Diagnostic(.warning, "Markdown cannot carry the document-level extras (\(document.extras.sortedNames.joined(separator: ", ")))"))
        }
        for (path, text) in generator.siteFiles {
            files.append(OutputFile(relativePath: path, bytes: Array(text.utf8), replacesExisting: false))
        }
        return files
    }

    private func recipePage(_ recipe: Recipe, slug: String, slugByID: [String: String]) throws -> OutputFile {
        var linked = recipe
        linked.ingredients = Self.relinked(recipe.ingredients, slugByID)
        linked.ingredientGroups = recipe.ingredientGroups.map { Self.relinked($0, slugByID) }
        var writer = pages
        let text = String(decoding: try writer.document([.recipe(linked)]), as: UTF8.self)
        var (matter, body) = FrontMatter.split(text) ?? (FrontMatter(), Substring(text))
        matter.replace("date", recipe.dateAdded.map { .scalar(CalendarTimeText.siteFormat($0)) })
        matter.replace("lastmod", recipe.dateModified.map { .scalar(CalendarTimeText.siteFormat($0)) })
        matter.replace("publishDate", publishDate(recipe.dateAdded))
        // `replace`: a page read back from a site keeps these keys as its own; written again, each is once.
        matter.replace("favorites", recipe.isFavorite ? .list(["favorite"]) : nil)
        // What JSON-LD leaves out (the rating of 0, the favorite flag, links) the page keeps: no warning.
        matter.replace("jsonld", structuredData.map { .scalar(Self.scriptSafe($0(recipe).text)) })
        let path = Self.recipesSection + "/" + slug + "/"
        return page(Self.recipesSection + "/" + slug + ".md", matter: matter, address: path, body: body, diagnostics: writer.takeDiagnostics())
    }

    private func eventPage(_ event: Event, slug: String, slugByTitle: [String: String], writer: AgendaWriter) -> OutputFile {
        var matter = FrontMatter()
        matter.set("id", .scalar(event.id))
        matter.set("title", .scalar(event.title))
        matter.set("date", event.start.map { .scalar(CalendarTimeText.siteFormat($0)) })
        matter.set("publishDate", publishDate(event.start))
        matter.set("start", event.start.map { .scalar(CalendarTimeText.format($0)) })
        matter.set("end", event.end.map { .scalar(CalendarTimeText.format($0)) })
        matter.set("location", event.location.map { .scalar($0) })
        matter.set("link", event.url.map { .scalar($0) })
        matter.set("categories", .list(event.categories))
        var warnings: [String] = []
        let body = writer.page(event, taskLink: { text in
            Self.recipeNamed(in: text, slugByTitle).map { "../../" + Self.recipesSection + "/" + $0 + "/" }
        }, warnings: &warnings)
        return page(Self.eventsSection + "/" + slug + ".md", matter: matter, address: Self.eventsSection + "/" + slug + "/",
                    body: "\n" + body, diagnostics: warnings.map { Diagnostic(.warning, $0) })
    }

    /// Hugo builds no page whose `date` is in the future (`buildFuture = false`): a page
    /// dated later than it is written (now, or `--today` when earlier) is published then.
    private func publishDate(_ date: CalendarTime?) -> FrontMatter.Value? {
        guard generator == .hugo, let instant = date?.instant(localZone: pages.agendaWriter.calendar.timeZone) else { return nil }
        let written = min(pages.agendaWriter.reference, Date())
        return instant > written ? .scalar(Self.utc(written)) : nil
    }

    private func recipeList(_ entries: some Sequence<(String, String)>, agenda: Bool) -> OutputFile {
        var blocks = ["# " + Self.recipesTitle, entries.map { Self.entry($0.0, $0.1 + "/") }.joined(separator: "\n")]
        if agenda { blocks.append("[" + AgendaWriter.title + "](../" + Self.eventsSection + "/)") }
        return listPage(Self.recipesSection, title: Self.recipesTitle, blocks: blocks)
    }

    /// The agenda: a `##` heading per period, each event a link to its page and when it is.
    private func agendaList(_ events: [(Event, String)], recipes: Bool) -> OutputFile {
        let placed = events.map { (event: $0.0, slug: $0.1, place: pages.agendaWriter.place(of: $0.0)) }
        let ordered = placed.enumerated().sorted { lhs, rhs in
            let (left, right) = (lhs.element.place, rhs.element.place)
            if left.period != right.period { return left.period < right.period }
            if let leftStart = left.instant, let rightStart = right.instant, leftStart != rightStart { return leftStart < rightStart }
            return lhs.offset < rhs.offset
        }.map(\.element)
        var blocks = ["# " + AgendaWriter.title]
        var period: Int?
        var lines: [String] = []
        for item in ordered {
            if item.place.period != period {
                if !lines.isEmpty { blocks.append(lines.joined(separator: "\n")) }
                lines = []
                period = item.place.period
                blocks.append(AgendaWriter.heading(AgendaWriter.periods[item.place.period]))
            }
            let when = AgendaWriter.when(item.event).map { ": " + MarkdownEscaper.escape($0) } ?? ""
            lines.append(Self.entry(item.event.title, item.slug + "/") + when)
        }
        if !lines.isEmpty { blocks.append(lines.joined(separator: "\n")) }
        if recipes { blocks.append("[" + Self.recipesTitle + "](../" + Self.recipesSection + "/)") }
        return listPage(Self.eventsSection, title: AgendaWriter.title, blocks: blocks)
    }

    private func listPage(_ section: String, title: String, blocks: [String]) -> OutputFile {
        var matter = FrontMatter()
        matter.set("title", .scalar(title))
        matter.set(MarkdownDocumentReader.partKey, .scalar(MarkdownDocumentReader.PartKind.index.rawValue))
        return page(section + "/" + generator.listPage, matter: matter, address: section + "/",
                    body: "\n" + blocks.joined(separator: "\n\n") + "\n", diagnostics: [])
    }

    /// The file at `path` under the content folder: `matter` with the generator's keys, then `body`.
    private func page(_ path: String, matter: FrontMatter, address: String, body: Substring, diagnostics: [Diagnostic]) -> OutputFile {
        var matter = matter
        for (key, value) in generator.pageKeys(path: address) { matter.replace(key, value) }
        let text = matter.rendered(plain: Self.plainKeys) + (generator == .hugo ? Self.withoutShortcodes(body) : body)
        return OutputFile(relativePath: generator.contentFolder + path, bytes: Array(text.utf8), diagnostics: diagnostics)
    }

    /// Hugo reads `{{%` and `{{<` in a page as a shortcode call: the `%` or `<` becomes a
    /// character reference, which Markdown reads as the same text.
    private static func withoutShortcodes(_ body: Substring) -> Substring {
        guard body.contains("{{") else { return body }
        return Substring(body.replacingOccurrences(of: "{{%", with: "{{&#37;").replacingOccurrences(of: "{{<", with: "{{&lt;"))
    }

    /// `- [Title](destination)`.
    private static func entry(_ title: String, _ destination: String) -> String {
        let text = MarkdownText.trimmed(title.replacingNewlines)
        return "- [" + MarkdownEscaper.escape(text.isEmpty ? "(untitled)" : text) + "](" + destination + ")"
    }

    private static func relinked(_ ingredients: [Ingredient], _ slugByID: [String: String]) -> [Ingredient] {
        ingredients.map { ingredient in
            guard let link = ingredient.link, let slug = slugByID[link] else { return ingredient }
            var linked = ingredient
            linked.link = "../" + slug + "/"
            return linked
        }
    }

    private static func relinked(_ group: IngredientGroup, _ slugByID: [String: String]) -> IngredientGroup {
        var group = group
        group.ingredients = relinked(group.ingredients, slugByID)
        group.ingredientGroups = group.ingredientGroups.map { relinked($0, slugByID) }
        return group
    }

    /// The recipe a task names: its whole text, or its end from a word on (`Make the camp
    /// chili` names Camp Chili), compared without case.
    private static func recipeNamed(in text: String, _ slugByTitle: [String: String]) -> String? {
        let words = Array(key(text).split(separator: " ", omittingEmptySubsequences: true))
        for start in words.indices {
            if let slug = slugByTitle[words[start...].joined(separator: " ")] { return slug }
        }
        return nil
    }

    /// A title as compared: lowercased, runs of blank space as one space.
    private static func key(_ title: String) -> String {
        title.lowercased().split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// JSON for a `<script>` block: `<` as `\u003c` (it only occurs in strings), so no
    /// text ends the block.
    private static func scriptSafe(_ json: String) -> String {
        json.contains("<") ? json.replacingOccurrences(of: "<", with: "\\u003c") : json
    }

    /// An instant as `2026-12-10T00:00:00Z`.
    private static func utc(_ date: Date) -> String {
        CalendarTimeText.format(.utc(CivilDateTime(secondsSinceEpoch: Int(date.timeIntervalSince1970.rounded(.down)))))
    }
}
