/// Limits on the shape of what a reader accepts, so that hostile input ends in an error
/// rather than a stack overflow or a runaway allocation.
///
/// Each codec has its own default depth, suited to its format (JSON 256 levels of
/// arrays and objects, Markdown 32 levels of lists and block quotes, iCalendar 64 levels
/// of components, XML 256 elements); a limit set here replaces it for every format.
/// It also carries ``defaultKind``, the one reading choice every decoder receives with it.
public struct ReaderLimits: Sendable, Hashable {
    /// The deepest nesting accepted, or `nil` for each format's own default.
    public var maximumDepth: Int?
    /// The kind of an item that neither says nor tells what it is, for the formats whose
    /// items carry their kind (an NDJSON line, an element of a bare JSON array of items);
    /// `nil` makes such an item an error. An item's own `kind` comes first, then its fields
    /// when only one kind has them (`start`, `end`, `tasks`, `recurrence` make an event;
    /// `ingredients`, `ingredientGroups`, `directions`, `directionGroups`, `yields` a
    /// recipe), and this settles the rest, so a stream that mixes kinds keeps them apart.
    /// The CLI sets it with `--kind`; formats whose items have one kind ignore it.
    public var defaultKind: ItemKind?

    /// Limits that keep every format's defaults.
    public init(maximumDepth: Int? = nil, defaultKind: ItemKind? = nil) {
        self.maximumDepth = maximumDepth
        self.defaultKind = defaultKind
    }

    /// Every format's own defaults.
    public static let formatDefaults = ReaderLimits()

    /// The depth to use: the one set here, else the format's `default`.
    public func depth(default formatDefault: Int) -> Int {
        maximumDepth ?? formatDefault
    }
}

/// How a format is cut into lines, for the line-length limit (see ``LineLengthLimit``).
public enum LineStructure: String, Sendable, Hashable {
    /// Lines do not structure the format (JSON, XML): no line-length limit applies.
    case none
    /// Each line ends at a line feed (NDJSON records, Markdown lines).
    case plain
    /// A line that starts with a space or tab continues the one before (iCalendar's
    /// folding, RFC 5545 section 3.1): the limit applies to the unfolded line.
    case folded
}
