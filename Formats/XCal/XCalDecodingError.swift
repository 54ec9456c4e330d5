import AlmanacCore
import AlmanacLibXML

/// Why an xCal input could not be read: it is not well-formed XML, XML the reader
/// refuses (a DTD entity, nesting too deep), or not RFC 6321's shape of components,
/// properties, parameters and values. Every case says where (line and column), but a
/// ``read(_:)`` of an input too large.
public enum XCalDecodingError: CodecError, Hashable {
    /// What the XML kit's reader refused: XML that is not well-formed (libxml2's message),
    /// a DTD entity, elements nested deeper than the reader allows, text where only
    /// elements may stand (directly inside `<vevent>`), an element inside a value that
    /// holds text only (`<text><b>…</b></text>`), an input of 2 GiB or more.
    case read(XMLReadError)
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

    /// What went wrong, in one line.
    public var message: String {
        switch self {
        case .read(let error): return error.message(reading: "xCal")
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
        }
    }

    /// Where in the input, when known.
    public var position: SourcePosition? {
        switch self {
        case .read(let error):
            return error.position
        case .notXCal(_, let at), .noCalendar(let at), .misplacedElement(_, _, _, let at),
             .invalidName(_, let at), .unknownValueType(_, _, let at), .missingValue(_, let at), .mixedValueTypes(_, _, _, let at),
             .emptyParameter(_, let at), .invalidValue(_, _, _, let at):
            return at
        }
    }
}

extension XCalDecodingError {
    /// The depth limit the input went past, for tooDeep(limit:at:).
    public var depthLimit: Int? {
        if case .read(let error) = self { return error.depthLimit }
        return nil
    }
}
