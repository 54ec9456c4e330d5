/// Limits on the shape of what a reader accepts, so that hostile input ends in an error
/// rather than a stack overflow or a runaway allocation.
///
/// Each codec has its own default depth, suited to its format (JSON 256 levels of
/// arrays and objects, Markdown 32 levels of lists and block quotes, iCalendar 64 levels
/// of components, XML 256 elements); a limit set here replaces it for every format.
public struct ReaderLimits: Sendable, Hashable {
    /// The deepest nesting accepted, or `nil` for each format's own default.
    public var maximumDepth: Int?

    /// Limits that keep every format's defaults.
    public init(maximumDepth: Int? = nil) {
        self.maximumDepth = maximumDepth
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
