import AlmanacCore

/// What the Markdown writer is asked for, from ``EncodingOptions/settings``:
/// `front-matter` (`"true"`) and `today` (`YYYY-MM-DD`).
public struct MarkdownWriteOptions: Sendable, Hashable {
    /// Write YAML front matter before each recipe (and the agenda).
    public var frontMatter: Bool
    /// The day agenda periods are counted from (at its midnight); `nil` means now.
    public var today: CivilDate?

    public init(frontMatter: Bool = false, today: CivilDate? = nil) {
        self.frontMatter = frontMatter
        self.today = today
    }

    /// Reads the settings the CLI passes; throws ``MarkdownEncodingError/invalidToday(_:)``
    /// when `today` is not a date.
    public init(settings: [String: String]) throws {
        frontMatter = settings["front-matter"] == "true"
        if let text = settings["today"] {
            guard case .date(let date)? = ISO8601Text.parseCalendarTime(Array(text.utf8)) else {
                throw MarkdownEncodingError.invalidToday(text)
            }
            today = date
        }
    }
}
