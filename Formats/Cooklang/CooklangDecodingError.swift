import AlmanacCore

/// Why a Cooklang input could not be read. Every case carries where.
public enum CooklangDecodingError: CodecError, Hashable {
    /// Bytes that are not UTF-8.
    case invalidUTF8(at: SourcePosition)
    /// Cookware written with braces but no name, `#{}`.
    case cookwareWithoutName(at: SourcePosition)
    /// A timer with neither a name nor a quantity, `~{}`.
    case emptyTimer(at: SourcePosition)
    /// A unit without a quantity, such as `@flour{%g}`.
    case unitWithoutQuantity(String, at: SourcePosition)
    /// A front matter line that is not `key: value`, a list item or an indented continuation.
    case invalidFrontMatter(String, at: SourcePosition)

    public var message: String {
        switch self {
        case .invalidUTF8(let at): return "invalid UTF-8 byte sequence at byte \(at.offset)"
        case .cookwareWithoutName: return "cookware needs a name: '#{}' names none"
        case .emptyTimer: return "a timer needs a name or a duration: '~{}' has neither"
        case .unitWithoutQuantity(let unit, _): return "unit '\(unit)' has no quantity before its '%'"
        case .invalidFrontMatter(let reason, _): return "front matter: \(reason)"
        }
    }

    public var position: SourcePosition? {
        switch self {
        case .invalidUTF8(let at), .cookwareWithoutName(let at), .emptyTimer(let at),
             .unitWithoutQuantity(_, let at), .invalidFrontMatter(_, let at):
            return at
        }
    }
}
