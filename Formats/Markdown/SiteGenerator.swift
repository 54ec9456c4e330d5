import AlmanacCore

/// What the Markdown writer knows of a static-site generator it writes a site folder for
/// (`-d SITE --site NAME`): where the pages go, what their front matter needs, and the one
/// layout that prints a page (its title in `<title>`, its JSON-LD, its content) in a site
/// without a theme.
///
/// Both put a page at `/recipes/SLUG/` (Hugo by its default pretty URLs, Jekyll by the
/// page's `permalink`), so links between pages are the same relative links in both.
extension SiteGenerator {
    /// The name of almanac's layout, in every page's `layout`.
    static let layoutName = "almanac"

    /// The folder under the site root that holds the sections (`recipes/`, `events/`).
    var contentFolder: String {
        switch self {
        case .hugo: return "content/"
        case .jekyll: return ""
        }
    }

    /// The name of a section's list page.
    var listPage: String {
        switch self {
        case .hugo: return "_index.md"
        case .jekyll: return "index.md"
        }
    }

    /// Files almanac writes once, when they are missing: the layout, and for Hugo the
    /// taxonomies (tags, categories, favorites), merged with the site's own configuration.
    var siteFiles: [(path: String, text: String)] {
        switch self {
        case .hugo:
            return [
                ("layouts/_default/\(Self.layoutName).html", Self.hugoLayout),
                ("config/_default/taxonomies.toml", "tag = \"tags\"\ncategory = \"categories\"\nfavorite = \"favorites\"\n"),
            ]
        case .jekyll:
            return [("_layouts/\(Self.layoutName).html", Self.jekyllLayout)]
        }
    }

    /// Keys a page needs beyond its own: the layout, and for Jekyll the page's address and
    /// no Liquid in the page's text (a recipe may say `{{`).
    func pageKeys(path: String) -> [(key: String, value: FrontMatter.Value)] {
        var keys: [(String, FrontMatter.Value)] = [("layout", .scalar(Self.layoutName))]
        if self == .jekyll {
            keys.append(("permalink", .scalar("/" + path)))
            keys.append(("render_with_liquid", .scalar("false")))
        }
        return keys
    }

    private static let hugoLayout = page(
        language: #"{{ site.LanguageCode | default "en" }}"#,
        title: "{{ .Title }}{{ with site.Title }} · {{ . }}{{ end }}",
        jsonLD: #"{{ with .Params.jsonld }}<script type="application/ld+json">{{ . | safeJS }}</script>{{ end }}"#,
        content: "{{ .Content }}"
    )

    private static let jekyllLayout = page(
        language: #"{{ site.lang | default: "en" }}"#,
        title: "{{ page.title | escape }}{% if site.title %} · {{ site.title | escape }}{% endif %}",
        jsonLD: #"{% if page.jsonld %}<script type="application/ld+json">{{ page.jsonld }}</script>{% endif %}"#,
        content: "{{ content }}"
    )

    /// The one HTML page both generators' layouts are, with each one's template expressions
    /// for the language, the title, the JSON-LD block and the content.
    private static func page(language: String, title: String, jsonLD: String, content: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="\(language)">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(title)</title>
        \(jsonLD)
        </head>
        <body>
        <main>
        \(content)
        </main>
        </body>
        </html>

        """
    }
}
