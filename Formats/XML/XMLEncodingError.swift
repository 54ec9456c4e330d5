import AlmanacCore

/// Why a document could not be written as almanac XML.
public enum XMLEncodingError: CodecError, Hashable {
    /// A character XML 1.0 cannot hold, even as a character reference: a C0 control
    /// other than tab, line feed and carriage return, or U+FFFE / U+FFFF.
    case unrepresentableCharacter(codePoint: UInt32, field: String)

    public var message: String {
        switch self {
        case .unrepresentableCharacter(let codePoint, let field):
            let hex = String(codePoint, radix: 16, uppercase: true)
            return "\(field) holds U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex), which XML 1.0 cannot hold; remove it or convert to a format that can (json)"
        }
    }

    public var position: SourcePosition? { nil }
}
