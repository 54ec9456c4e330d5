import AlmanacCore

/// Why the Markdown writer refused its options.
public enum MarkdownEncodingError: CodecError, Hashable {
    /// `--site` without `-d`: a site is a folder.
    case siteNeedsFolder

    public var message: String {
        switch self {
        case .siteNeedsFolder: return "--site writes a folder: give -d <site folder> instead of -o or standard output"
        }
    }

    public var position: SourcePosition? { nil }
}
