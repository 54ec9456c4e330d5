import AlmanacCore
import AlmanacLibXML

/// Why an almanac XML input could not be read. Every case but ``inputTooLarge(byteCount:)``
/// carries where.
public enum XMLDecodingError: CodecError, Hashable {
    /// libxml2 found the input not well-formed (or refused it, such as an entity
    /// expanding too far); the message is libxml2's own.
    case malformed(String, at: SourcePosition)
    /// Elements nested deeper than ``XMLDecodingOptions/maximumDepth``.
    case tooDeep(limit: Int, at: SourcePosition)
    /// The root element is not `<almanac>` in the almanac namespace (or in none).
    case notAlmanac(found: String, at: SourcePosition)
    /// A document of a newer format version than this almanac reads.
    case unsupportedVersion(String, at: SourcePosition)
    /// A reference to an entity declared in a DTD: almanac XML reads no DTD entities.
    case entityReference(String, at: SourcePosition)
    /// Text where only elements may stand, such as directly inside `<recipe>`.
    case unexpectedText(String, in: String, at: SourcePosition)
    /// An element inside a field that holds text only, such as `<title><b>…</b></title>`.
    case unexpectedElement(String, in: String, at: SourcePosition)
    /// A field given twice in one item.
    case duplicateElement(String, in: String, at: SourcePosition)
    /// A required field is absent.
    case missingField(String, in: String, at: SourcePosition)
    /// A field whose text does not mean anything, such as `2026-13-01` for a time.
    case invalidValue(field: String, reason: String, at: SourcePosition)
    /// An input larger than libxml2 can take in one piece (2 GiB).
    case inputTooLarge(byteCount: Int)

    public var message: String {
        switch self {
        case .malformed(let text, _): return "malformed XML: \(text)"
        case .tooDeep(let limit, _): return "elements nest deeper than \(limit) levels"
        case .notAlmanac(let found, _):
            return "the root element must be <almanac> in namespace \(XMLVocabulary.namespace), found \(found)"
        case .unsupportedVersion(let version, _): return "unsupported almanac XML version '\(version)'; this almanac reads version 1"
        case .entityReference(let name, _):
            return "entity reference '&\(name);' is not allowed: almanac XML reads no DTD entities (use the text itself or a character reference)"
        case .unexpectedText(let text, let parent, _): return "unexpected text '\(Self.excerpt(text))' in \(parent)"
        case .unexpectedElement(let name, let parent, _): return "unexpected element <\(name)> in \(parent), which holds text only"
        case .duplicateElement(let name, let parent, _): return "<\(name)> is given twice in \(parent)"
        case .missingField(let name, let parent, _): return "\(parent) has no <\(name)>"
        case .invalidValue(let field, let reason, _): return "'\(field)': \(reason)"
        case .inputTooLarge(let count): return "the input is \(count) bytes; almanac reads XML of at most 2 GiB"
        }
    }

    public var position: SourcePosition? {
        switch self {
        case .malformed(_, let at), .tooDeep(_, let at), .notAlmanac(_, let at), .unsupportedVersion(_, let at),
             .entityReference(_, let at), .unexpectedText(_, _, let at), .unexpectedElement(_, _, let at),
             .duplicateElement(_, _, let at), .missingField(_, _, let at), .invalidValue(_, _, let at):
            return at
        case .inputTooLarge:
            return nil
        }
    }

    /// The first 40 characters of `text`, trimmed, on one line.
    private static func excerpt(_ text: String) -> String {
        let trimmed = text.trimmingXMLWhitespace().map { $0 == "\n" || $0 == "\r" || $0 == "\t" ? " " : $0 }
        return trimmed.count > 40 ? String(trimmed.prefix(40)) + "…" : String(trimmed)
    }
}

extension XMLDecodingError {
    /// The almanac XML error for what the shared libxml2 reader refused.
    init(_ error: XMLReadError) {
        switch error {
        case .malformed(let text, let at): self = .malformed(text, at: at)
        case .tooDeep(let limit, let at): self = .tooDeep(limit: limit, at: at)
        case .entityReference(let name, let at): self = .entityReference(name, at: at)
        case .unexpectedText(let text, let parent, let at): self = .unexpectedText(text, in: parent, at: at)
        case .unexpectedElement(let name, let parent, let at): self = .unexpectedElement(name, in: parent, at: at)
        case .inputTooLarge(let count): self = .inputTooLarge(byteCount: count)
        }
    }
}

extension XMLDecodingError {
    /// The depth limit the input went past, for tooDeep(limit:at:).
    public var depthLimit: Int? {
        if case .tooDeep(let limit, _) = self { return limit }
        return nil
    }
}
