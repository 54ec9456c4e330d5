import AlmanacCore
import AlmanacLibXML

/// Why an almanac XML input could not be read. Every case says where, but a
/// ``read(_:)`` of an input too large.
public enum XMLDecodingError: CodecError, Hashable {
    /// What the XML kit's reader refused: XML that is not well-formed (libxml2's message),
    /// a DTD entity, elements nested deeper than ``XMLDecodingOptions/maximumDepth``, text
    /// where only elements may stand (directly inside `<recipe>`), an element inside a
    /// field that holds text only (`<title><b>…</b></title>`), an input of 2 GiB or more.
    case read(XMLReadError)
    /// The root element is not `<almanac>` in the almanac namespace (or in none).
    case notAlmanac(found: String, at: SourcePosition)
    /// A document of a newer format version than this almanac reads.
    case unsupportedVersion(String, at: SourcePosition)
    /// A field given twice in one item.
    case duplicateElement(String, in: String, at: SourcePosition)
    /// A required field is absent.
    case missingField(String, in: String, at: SourcePosition)
    /// A field whose text does not mean anything, such as `2026-13-01` for a time.
    case invalidValue(field: String, reason: String, at: SourcePosition)

    public var message: String {
        switch self {
        case .read(let error): return error.message(reading: "almanac XML")
        case .notAlmanac(let found, _):
            return "the root element must be <almanac> in namespace \(XMLVocabulary.namespace), found \(found)"
        case .unsupportedVersion(let version, _): return "unsupported almanac XML version '\(version)'; this almanac reads version 1"
        case .duplicateElement(let name, let parent, _): return "<\(name)> is given twice in \(parent)"
        case .missingField(let name, let parent, _): return "\(parent) has no <\(name)>"
        case .invalidValue(let field, let reason, _): return "'\(field)': \(reason)"
        }
    }

    public var position: SourcePosition? {
        switch self {
        case .read(let error):
            return error.position
        case .notAlmanac(_, let at), .unsupportedVersion(_, let at), .duplicateElement(_, _, let at),
             .missingField(_, _, let at), .invalidValue(_, _, let at):
            return at
        }
    }

    /// The depth limit the input went past, when it nests too deep.
    public var depthLimit: Int? {
        if case .read(let error) = self { return error.depthLimit }
        return nil
    }
}
