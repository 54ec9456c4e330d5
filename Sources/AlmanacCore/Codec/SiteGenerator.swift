/// A static-site generator almanac writes a site folder for (``EncodingOptions/site``,
/// `almanac convert … -d SITE --site NAME`). The Markdown writer knows what each needs
/// (where the pages go, their front matter, a layout).
public enum SiteGenerator: String, Sendable, Hashable, CaseIterable {
    /// Hugo: pages under `content/`, a section's list page is its `_index.md`.
    case hugo
    /// Jekyll: pages at the site root, a folder's list page is its `index.md`.
    case jekyll
}
