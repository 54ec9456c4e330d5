import AlmanacCore

/// Why the Markdown writer refused its options.
public enum MarkdownEncodingError: CodecError, Hashable {
    /// `--today` is not a date `YYYY-MM-DD`.
    case invalidToday(String)

    public var message: String {
        switch self {
        case .invalidToday(let text): return "--today must be a date YYYY-MM-DD, got '\(text)'"
        }
    }

    public var position: SourcePosition? { nil }
}
