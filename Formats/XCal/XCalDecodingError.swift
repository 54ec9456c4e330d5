import AlmanacCore
import AlmanacLibXML

/// Why an xCal input could not be read: it is not well-formed XML, XML the reader
/// refuses (a DTD entity, nesting too deep), or not RFC 6321's shape of components,
/// properties, parameters and values. Every case but ``inputTooLarge(byteCount:)``
/// says where (line and column).
public enum XCalDecodingError: CodecError, Hashable {
    /// libxml2 found the input not well-formed (or refused it, such as an entity
    /// expanding too far); the message is libxml2's own.
    case malformed(String, at: SourcePosition)
    /// Elements nested deeper than the reader allows.
    case tooDeep(limit: Int, at: SourcePosition)
    /// A reference to an entity declared in a DTD: xCal is read without DTD entities.
    case entityReference(String, at: SourcePosition)
    /// Text where only elements may stand, such as directly inside `<vevent>`.
    case unexpectedText(String, in: String, at: SourcePosition)
    /// An element inside a value that holds text only, such as `<text><b>…</b></text>`.
    case unexpectedElement(String, in: String, at: SourcePosition)
    /// The root element is not `<icalendar>` (or `<vcalendar>`) in the xCal namespace.
    case notXCal(found: String, at: SourcePosition)
    /// `<icalendar>` holds no `<vcalendar>`.
    case noCalendar(at: SourcePosition)
    /// An element where another one belongs, such as `<summary>` directly in `<vevent>`.
    case misplacedElement(String, in: String, expected: String, at: SourcePosition)
    /// A component, property or parameter name iCalendar cannot spell (letters, digits, `-`).
    case invalidName(String, at: SourcePosition)
    /// An element in a property that is not a value type (`<text>`, `<date-time>`, …).
    case unknownValueType(String, property: String, at: SourcePosition)
    /// A property without a value element.
    case missingValue(property: String, at: SourcePosition)
    /// A property with values of two different types.
    case mixedValueTypes(property: String, first: String, second: String, at: SourcePosition)
    /// A parameter without a value element.
    case emptyParameter(name: String, at: SourcePosition)
    /// A value its type cannot have, such as `<boolean>maybe</boolean>` or a `<period>` without a start.
    case invalidValue(property: String, type: String, reason: String, at: SourcePosition)
    /// An input larger than libxml2 takes in one piece (2 GiB).
    case inputTooLarge(byteCount: Int)

    /// What went wrong, in one line.
    public var message: String {
        switch self {
        case .malformed(let text, _): return "malformed XML: \(text)"
        case .tooDeep(let limit, _): return "elements nest deeper than \(limit) levels"
        case .entityReference(let name, _):
            return "entity reference '&\(name);' is not allowed: xCal is read without DTD entities (use the text itself or a character reference)"
        case .unexpectedText(let text, let parent, _): return "unexpected text '\(XMLReadError.excerpt(text))' in \(parent)"
        case .unexpectedElement(let name, let parent, _): return "unexpected element <\(name)> in \(parent), which holds text only"
        case .notXCal(let found, _):
            return "the root element must be <icalendar> in namespace \(XCalVocabulary.namespace), found \(found)"
        case .noCalendar: return "<icalendar> holds no <vcalendar>"
        case .misplacedElement(let name, let parent, let expected, _): return "<\(name)> cannot stand in \(parent): expected \(expected)"
        case .invalidName(let name, _): return "<\(name)> is not an iCalendar name (ASCII letters, digits and '-')"
        case .unknownValueType(let name, let property, _):
            return "<\(name)> in <\(property.lowercased())> is not an xCal value type (text, date-time, recur, …)"
        case .missingValue(let property, _): return "<\(property.lowercased())> has no value element"
        case .mixedValueTypes(let property, let first, let second, _):
            return "<\(property.lowercased())> holds values of two types, <\(first)> and <\(second)>"
        case .emptyParameter(let name, _): return "parameter <\(name.lowercased())> has no value element"
        case .invalidValue(let property, let type, let reason, _): return "<\(property.lowercased())>: a \(type) value \(reason)"
        case .inputTooLarge(let count): return "the input is \(count) bytes; almanac reads xCal of at most 2 GiB"
        }
    }

    /// Where in the input, when known.
    public var position: SourcePosition? {
        switch self {
        case .malformed(_, let at), .tooDeep(_, let at), .entityReference(_, let at), .unexpectedText(_, _, let at),
             .unexpectedElement(_, _, let at), .notXCal(_, let at), .noCalendar(let at), .misplacedElement(_, _, _, let at),
             .invalidName(_, let at), .unknownValueType(_, _, let at), .missingValue(_, let at), .mixedValueTypes(_, _, _, let at),
             .emptyParameter(_, let at), .invalidValue(_, _, _, let at):
            return at
        case .inputTooLarge:
            return nil
        }
    }
}

extension XCalDecodingError {
    /// The xCal error for what the shared libxml2 reader refused.
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

extension XCalDecodingError {
    /// The depth limit the input went past, for tooDeep(limit:at:).
    public var depthLimit: Int? {
        if case .tooDeep(let limit, _) = self { return limit }
        return nil
    }
}
