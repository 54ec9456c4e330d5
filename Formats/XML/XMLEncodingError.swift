import AlmanacCore
import AlmanacLibXML

/// Why a document could not be written as almanac XML.
public enum XMLEncodingError: CodecError, Hashable {
    /// A character XML 1.0 cannot hold, even as a character reference: a C0 control
    /// other than tab, line feed and carriage return, or U+FFFE / U+FFFF.
    case unrepresentableCharacter(codePoint: UInt32, field: String)

    public var message: String {
        switch self {
        case .unrepresentableCharacter(let codePoint, let field):
            return XMLUnrepresentableCharacter.message(codePoint: codePoint, field: field)
        }
    }

    public var position: SourcePosition? { nil }
}
