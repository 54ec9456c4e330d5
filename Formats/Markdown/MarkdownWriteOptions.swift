import AlmanacCore

/// What the Markdown writer is asked for: the fields of ``EncodingOptions`` it reads
/// (``EncodingOptions/frontMatter``, ``EncodingOptions/today``, ``EncodingOptions/site``).
public struct MarkdownWriteOptions: Sendable, Hashable {
    /// Write YAML front matter before each recipe (and the agenda).
    public var frontMatter: Bool
    /// The day agenda periods are counted from (at its midnight); `nil` means now.
    public var today: CivilDate?
    /// The static-site generator `-d` writes a site for (front matter is implied); `nil`
    /// writes plain RecipeMD pages.
    public var site: SiteGenerator?

    /// Options as given; a `site` implies front matter.
    public init(frontMatter: Bool = false, today: CivilDate? = nil, site: SiteGenerator? = nil) {
        self.frontMatter = frontMatter || site != nil
        self.today = today
        self.site = site
    }

    /// The Markdown writer's share of a writer's options.
    public init(_ options: EncodingOptions) {
        self.init(frontMatter: options.frontMatter, today: options.today, site: options.site)
    }
}
