import AlmanacCore
import AlmanacLibXML

/// Why a document could not be written as xCal: what XML cannot hold.
public enum XCalEncodingError: CodecError, Hashable {
    /// A character XML 1.0 cannot hold, even as a character reference: a C0 control
    /// other than tab, line feed and carriage return, or U+FFFE / U+FFFF.
    case unrepresentableCharacter(codePoint: UInt32, field: String)
    /// A component, property or parameter name XML cannot spell as an element name
    /// (one starting with a digit or a hyphen, say).
    case unrepresentableName(String, field: String)

    /// What went wrong, in one line.
    public var message: String {
        switch self {
        case .unrepresentableCharacter(let codePoint, let field):
            return XMLUnrepresentableCharacter.message(codePoint: codePoint, field: field)
        case .unrepresentableName(let name, let field):
            return "\(field): the name '\(name)' cannot be an xCal element name (it must start with a letter and hold only letters, digits and '-')"
        }
    }

    /// Where in the input, when known.
    public var position: SourcePosition? { nil }
}
