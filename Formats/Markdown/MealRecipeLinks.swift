import AlmanacCore

/// The recipes of a meal (``Event/recipes``) in an agenda: a `**Recipe:**` line (or
/// `**Recipes:**`) under the event, each recipe the document knows as a link to its page
/// with its title, an unknown one as its id:
///
/// - in one Markdown file, `[Camp Chili](#camp-chili)`: the recipe's heading in the same
///   file (its anchor is the slug of its title, as ``SlugMaker`` and GitHub make it);
/// - in a folder (`-d`), `[Camp Chili](camp-chili.md)`, the recipe's own page;
/// - on a site (`--site`), `[Camp Chili](../../recipes/camp-chili/)`;
/// - a recipe the document names but does not hold as an item (one a pipeline step
///   dropped) links to its source when that is a web address, else is its title.
///
/// The ids themselves are in the attribute line (`recipes="id1 id2"`), which reading
/// prefers; a hand-written agenda without it gives each linked page's slug, which the
/// document reader turns into the id of the recipe of that slug when it holds one.
struct MealRecipeLinks {
    /// A recipe as a meal's line shows it: its title and, when it has one, where it lives.
    struct Entry {
        var title: String
        /// Where the recipe lives; for one of the same file, its ``MealRecipeLinks/anchor(_:)``,
        /// made when a meal links to it (most recipes serve no meal).
        var destination: String? { anchored ? MealRecipeLinks.anchor(title: title) : place }
        fileprivate var place: String?
        fileprivate var anchored = false
    }

    static let singular = "**Recipe:**"
    static let plural = "**Recipes:**"

    private(set) var entries: [String: Entry] = [:]

    /// Adds the recipe `recipe` at `destination`, unless the recipe's id is known already.
    mutating func add(_ recipe: Recipe, destination: String?) {
        if entries[recipe.id] == nil { entries[recipe.id] = Entry(title: recipe.title, place: destination) }
    }

    /// Adds the recipe `recipe` at its heading in the same file (``anchor(_:)``), unless its id is known already.
    mutating func addAnchored(_ recipe: Recipe) {
        if entries[recipe.id] == nil { entries[recipe.id] = Entry(title: recipe.title, anchored: true) }
    }

    /// Adds a recipe the meals name that the document does not write: linked to its source when that is a web address.
    mutating func addReferenced(_ recipe: Recipe) {
        let source = recipe.source.map(MarkdownText.trimmed)
        let web = source.flatMap { $0.hasPrefix("https://") || $0.hasPrefix("http://") ? $0 : nil }
        add(recipe, destination: web)
    }

    /// The anchor of a recipe's heading in the same file.
    static func anchor(_ recipe: Recipe) -> String {
        anchor(title: recipe.title)
    }

    /// The anchor of the heading of a recipe titled `title`.
    static func anchor(title: String) -> String {
        "#" + SlugMaker.slug(title, fallback: ItemKind.recipe.rawValue)
    }

    /// The `**Recipe:** …` block of `event`, or `nil` when it serves none.
    func block(_ event: Event) -> String? {
        guard !event.recipes.isEmpty else { return nil }
        let shown = event.recipes.map { id -> String in
            guard let entry = entries[id] else { return MarkdownEscaper.escape(id.replacingNewlines, extra: [","]) }
            let title = MarkdownEscaper.escape(MarkdownText.trimmed(entry.title.replacingNewlines).isEmpty ? id : entry.title.replacingNewlines, extra: [","])
            guard let destination = entry.destination else { return title }
            return "[" + title + "](" + MarkdownEscaper.linkDestination(destination) + ")"
        }
        return (event.recipes.count == 1 ? Self.singular : Self.plural) + " " + shown.joined(separator: ", ")
    }

    /// Whether a paragraph is such a block.
    static func isBlock(_ text: String) -> Bool {
        text.hasPrefix(singular) || text.hasPrefix(plural)
    }

    /// What a block names, in order: each link's page slug (the last part of its
    /// destination, without `#`, `.md` or a trailing `/`), and each plain entry between
    /// commas as it is (an id).
    static func names(in text: String) -> [String] {
        let body = Array(text.unicodeScalars.dropFirst((text.hasPrefix(plural) ? plural : singular).unicodeScalars.count))
        var names: [String] = []
        var plain: [Unicode.Scalar] = []
        func endPlain() {
            let entry = MarkdownText.trimmed(MarkdownText.unescape(String(String.UnicodeScalarView(plain))))
            if !entry.isEmpty { names.append(entry) }
            plain = []
        }
        var index = 0
        while index < body.count {
            if body[index] == "[", let link = InlineLink.link(body, at: index, references: [:]) {
                endPlain()
                names.append(slug(of: link.destination))
                index = link.end
            } else if body[index] == "," {
                endPlain()
                index += 1
            } else {
                if body[index] == "\\", index + 1 < body.count {
                    plain.append(body[index])
                    index += 1
                }
                plain.append(body[index])
                index += 1
            }
        }
        endPlain()
        return names
    }

    /// `camp-chili` of `#camp-chili`, `camp-chili.md`, `../../recipes/camp-chili/` or a web page's address.
    static func slug(of destination: String) -> String {
        var path = Substring(destination)
        if let query = path.firstIndex(where: { $0 == "?" }) { path = path[..<query] }
        while path.hasSuffix("/") { path = path.dropLast() }
        if let slash = path.lastIndex(of: "/") { path = path[path.index(after: slash)...] }
        if path.hasPrefix("#") { path = path.dropFirst() }
        if let hash = path.firstIndex(of: "#") { path = path[path.index(after: hash)...] }
        if path.hasSuffix(".md") { path = path.dropLast(3) }
        return String(path)
    }
}
