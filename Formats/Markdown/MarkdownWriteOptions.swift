import AlmanacCore

/// What the Markdown writer is asked for, from ``EncodingOptions/settings``:
/// `front-matter` (`"true"`), `today` (`YYYY-MM-DD`) and `site` (`hugo`, `jekyll`).
public struct MarkdownWriteOptions: Sendable, Hashable {
    /// Write YAML front matter before each recipe (and the agenda).
    public var frontMatter: Bool
    /// The day agenda periods are counted from (at its midnight); `nil` means now.
    public var today: CivilDate?
    /// The static-site generator `-d` writes a site for (front matter is implied); `nil`
    /// writes plain RecipeMD pages.
    public var site: SiteGenerator?

    public init(frontMatter: Bool = false, today: CivilDate? = nil, site: SiteGenerator? = nil) {
        self.frontMatter = frontMatter || site != nil
        self.today = today
        self.site = site
    }

    /// Reads the settings the CLI passes; throws ``MarkdownEncodingError/invalidToday(_:)``
    /// when `today` is not a date, ``MarkdownEncodingError/unknownSite(_:)`` for a `site`
    /// almanac writes no site for.
    public init(settings: [String: String]) throws {
        if let name = settings["site"] {
            guard let generator = SiteGenerator(rawValue: name) else { throw MarkdownEncodingError.unknownSite(name) }
            site = generator
        }
        frontMatter = settings["front-matter"] == "true" || site != nil
        if let text = settings["today"] {
            guard case .date(let date)? = ISO8601Text.parseCalendarTime(Array(text.utf8)) else {
                throw MarkdownEncodingError.invalidToday(text)
            }
            today = date
        }
    }
}
