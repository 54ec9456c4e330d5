/// How a writer is asked to write: what every writer understands (``compact``) and what
/// particular writers do, each a typed field with its default, never a string to parse.
///
/// A writer reads the fields it knows and leaves the others alone; which those are, and how
/// `almanac convert` spells them, its ``FormatDescriptor/writeOptions`` say (``FormatOption``).
/// The command line reads and checks their text once, before anything is read.
///
/// ```swift
/// var options = EncodingOptions(frontMatter: true)
/// options.today = CivilDate(year: 2026, month: 12, day: 1)
/// let markdown = try codec.encode(document, options: options)
/// ```
public struct EncodingOptions: Sendable, Hashable {
    /// Write as compactly as the format allows (JSON: one line per document). Default `false`.
    public var compact: Bool
    /// Markdown: YAML front matter before each recipe and the agenda, for Hugo and Jekyll,
    /// with the fields RecipeMD has no place for (`--front-matter`). Default `false`; a
    /// ``site`` implies it.
    public var frontMatter: Bool
    /// Markdown written as a folder (`-d`): the static-site generator to write a site for
    /// (`--site`); `nil`, the default, writes plain RecipeMD pages. A site is a folder: a
    /// writer of one file refuses it.
    public var site: SiteGenerator?
    /// Markdown: the day the agenda's periods (Past, Next 7 Days, …) are counted from, at
    /// its midnight (`--today`); `nil`, the default, counts from now.
    public var today: CivilDate?
    /// iCalendar writers (`ics`, `jcal`, `xcal`): the DTSTAMP put on every VEVENT and
    /// VTODO, a UTC date-time (`--dtstamp`); `nil`, the default, takes `$SOURCE_DATE_EPOCH`
    /// (seconds since 1970, for reproducible output) or else now.
    public var stamp: CivilDateTime?

    /// Options with every field at its default unless given.
    public init(compact: Bool = false, frontMatter: Bool = false, site: SiteGenerator? = nil, today: CivilDate? = nil, stamp: CivilDateTime? = nil) {
        self.compact = compact
        self.frontMatter = frontMatter
        self.site = site
        self.today = today
        self.stamp = stamp
    }
}
