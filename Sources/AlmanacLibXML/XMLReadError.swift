import AlmanacCore

/// Why ``XMLTextReader`` stopped: the input is not well-formed XML, or it is XML the
/// reader refuses (a DTD-declared entity, nesting too deep, text where elements
/// belong). Every case but ``inputTooLarge(byteCount:)`` says where.
///
/// A codec reading through ``XMLTextReader`` carries these in one case of its own error
/// type (such as `XMLDecodingError.read`), whose message names the dialect it reads
/// (``message(reading:)``).
public enum XMLReadError: CodecError, Hashable {
    /// libxml2 found the input not well-formed (or refused it, such as an entity
    /// expanding too far); the message is libxml2's own.
    case malformed(String, at: SourcePosition)
    /// Elements nested deeper than the reader's `maximumDepth`.
    case tooDeep(limit: Int, at: SourcePosition)
    /// A reference to an entity declared in a DTD (`&name;`), which is never expanded.
    case entityReference(String, at: SourcePosition)
    /// Text other than white space where only elements may stand; `in` names the parent (`<recipe>`).
    case unexpectedText(String, in: String, at: SourcePosition)
    /// An element inside an element that holds text only; `in` names the parent.
    case unexpectedElement(String, in: String, at: SourcePosition)
    /// An input larger than libxml2 takes in one piece (2 GiB).
    case inputTooLarge(byteCount: Int)

    /// What went wrong, in one line.
    public var message: String {
        switch self {
        case .malformed(let text, _): return "malformed XML: \(text)"
        case .tooDeep(let limit, _): return "elements nest deeper than \(limit) levels"
        case .entityReference(let name, _): return "entity reference '&\(name);' is not allowed: DTD entities are not read"
        case .unexpectedText(let text, let parent, _): return "unexpected text '\(Self.excerpt(text))' in \(parent)"
        case .unexpectedElement(let name, let parent, _): return "unexpected element <\(name)> in \(parent), which holds text only"
        case .inputTooLarge(let count): return "the input is \(count) bytes; almanac reads XML of at most 2 GiB"
        }
    }

    /// The message as a codec reading `dialect` (`almanac XML`, `xCal`) says it: the same,
    /// but that an entity reference is refused because `dialect` reads none.
    public func message(reading dialect: String) -> String {
        guard case .entityReference(let name, _) = self else { return message }
        return "entity reference '&\(name);' is not allowed: \(dialect) reads no DTD entities (use the text itself or a character reference)"
    }

    /// The depth limit the input went past, for ``tooDeep(limit:at:)``.
    public var depthLimit: Int? {
        if case .tooDeep(let limit, _) = self { return limit }
        return nil
    }

    /// Where in the input, when known.
    public var position: SourcePosition? {
        switch self {
        case .malformed(_, let at), .tooDeep(_, let at), .entityReference(_, let at),
             .unexpectedText(_, _, let at), .unexpectedElement(_, _, let at):
            return at
        case .inputTooLarge:
            return nil
        }
    }

    /// `text` shortened for a message: trimmed, on one line, at most 40 characters.
    public static func excerpt(_ text: String) -> String {
        let oneLine = text.trimmingXMLWhitespace().map { $0 == "\n" || $0 == "\r" || $0 == "\t" || $0 == "\r\n" ? " " : $0 }
        return oneLine.count > 40 ? String(oneLine.prefix(40)) + "…" : String(oneLine)
    }
}
