import AlmanacCore

/// Why the Markdown writer refused its options.
public enum MarkdownEncodingError: CodecError, Hashable {
    /// `--today` is not a date `YYYY-MM-DD`.
    case invalidToday(String)
    /// `--site` names no generator almanac writes a site for.
    case unknownSite(String)
    /// `--site` without `-d`: a site is a folder.
    case siteNeedsFolder

    public var message: String {
        switch self {
        case .invalidToday(let text): return "--today must be a date YYYY-MM-DD, got '\(text)'"
        case .unknownSite(let name):
            return "--site must be one of \(SiteGenerator.allCases.map(\.rawValue).joined(separator: ", ")), got '\(name)'"
        case .siteNeedsFolder: return "--site writes a folder: give -d <site folder> instead of -o or standard output"
        }
    }

    public var position: SourcePosition? { nil }
}
