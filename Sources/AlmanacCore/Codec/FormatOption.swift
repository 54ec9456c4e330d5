/// An option a codec's writer understands: the field of ``EncodingOptions`` it sets, which
/// `almanac convert` offers as `--NAME` (a flag) or `--NAME VALUE`, and its help line.
///
/// A codec lists its options in ``FormatDescriptor/writeOptions``; the command line offers
/// each once, reads its value into the typed field and checks it before anything is read.
public struct FormatOption: Hashable, Sendable {
    /// A field of ``EncodingOptions`` that a writer reads besides ``EncodingOptions/compact``.
    public enum Field: Hashable, Sendable, CaseIterable {
        /// ``EncodingOptions/frontMatter``: `--front-matter`, a flag.
        case frontMatter
        /// ``EncodingOptions/site``: `--site hugo|jekyll`.
        case site
        /// ``EncodingOptions/today``: `--today <date>`.
        case today
        /// ``EncodingOptions/stamp``: `--dtstamp <date-time>`.
        case stamp

        /// The option's name on the command line, without dashes, such as `front-matter`.
        public var name: String {
            switch self {
            case .frontMatter: return "front-matter"
            case .site: return "site"
            case .today: return "today"
            case .stamp: return "dtstamp"
            }
        }

        /// The value's placeholder, such as `<date>`; `nil` for a flag.
        public var valueName: String? {
            switch self {
            case .frontMatter: return nil
            case .site: return SiteGenerator.allCases.map(\.rawValue).joined(separator: "|")
            case .today: return "<date>"
            case .stamp: return "<date-time>"
            }
        }
    }

    /// The field the option sets.
    public var field: Field
    /// One line for `almanac convert --help`.
    public var help: String

    /// The option's name without dashes, such as `front-matter` (``Field/name``).
    public var name: String { field.name }
    /// The value's placeholder, such as `<date>`; `nil` for a flag (``Field/valueName``).
    public var valueName: String? { field.valueName }

    /// An option that sets `field`, with its help line.
    public init(_ field: Field, help: String) {
        self.field = field
        self.help = help
    }
}
