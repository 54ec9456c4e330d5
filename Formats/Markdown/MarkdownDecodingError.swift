import AlmanacCore

/// Why a Markdown input could not be read. Every case carries where.
public enum MarkdownDecodingError: CodecError, Hashable {
    /// Bytes that are not UTF-8.
    case invalidUTF8(at: SourcePosition)
    /// A recipe must start with a level-1 heading, its title.
    case missingTitle(found: String, at: SourcePosition)
    /// A `---` divider is required before the ingredients, and before instructions.
    case missingDivider(before: String, found: String, at: SourcePosition)
    /// A second *tags* or **yields** paragraph.
    case repeated(String, at: SourcePosition)
    /// An amount or yield that does not start with a number, such as `*a pinch*`.
    case amountWithoutNumber(String, at: SourcePosition)
    /// A fraction such as `1/0`.
    case divisionByZero(String, at: SourcePosition)
    /// A list item in the ingredients with no name.
    case ingredientWithoutName(at: SourcePosition)
    /// YAML front matter almanac cannot read, or with a value of the wrong kind.
    case invalidFrontMatter(String, at: SourcePosition)
    /// An `<!-- almanac:event … -->` attribute line with a value that does not mean anything.
    case invalidAttribute(name: String, reason: String, at: SourcePosition)
    /// Lists and block quotes nested deeper than the reader follows.
    case tooDeep(limit: Int, at: SourcePosition)

    public var message: String {
        switch self {
        case .invalidUTF8(let at): return "invalid UTF-8 byte sequence at byte \(at.offset)"
        case .missingTitle(let found, _): return "a recipe starts with its title as a level-1 heading ('# Title'); found \(found)"
        case .missingDivider(let before, let found, _): return "expected '---' before \(before); found \(found)"
        case .repeated(let what, _): return "\(what) may be given only once"
        case .amountWithoutNumber(let text, _): return "amount '\(text)' must start with a number"
        case .divisionByZero(let text, _): return "amount '\(text)' divides by zero"
        case .ingredientWithoutName: return "ingredient has no name"
        case .invalidFrontMatter(let reason, _): return "front matter: \(reason)"
        case .invalidAttribute(let name, let reason, _): return "event attribute '\(name)': \(reason)"
        case .tooDeep(let limit, _): return "lists and block quotes nest deeper than \(limit) levels"
        }
    }

    public var position: SourcePosition? {
        switch self {
        case .invalidUTF8(let at), .missingTitle(_, let at), .missingDivider(_, _, let at), .repeated(_, let at),
             .amountWithoutNumber(_, let at), .divisionByZero(_, let at), .ingredientWithoutName(let at),
             .invalidFrontMatter(_, let at), .invalidAttribute(_, _, let at), .tooDeep(_, let at):
            return at
        }
    }
}

extension MarkdownDecodingError {
    /// The depth limit the input went past, for tooDeep(limit:at:).
    public var depthLimit: Int? {
        if case .tooDeep(let limit, _) = self { return limit }
        return nil
    }
}
