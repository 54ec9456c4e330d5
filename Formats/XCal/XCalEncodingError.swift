import AlmanacCore

/// Why a document could not be written as xCal.
public enum XCalEncodingError: CodecError, Hashable {
    /// The `dtstamp` setting is not a date-time.
    case invalidStamp(String)
    /// A character XML 1.0 cannot hold, even as a character reference: a C0 control
    /// other than tab, line feed and carriage return, or U+FFFE / U+FFFF.
    case unrepresentableCharacter(codePoint: UInt32, field: String)
    /// A component, property or parameter name XML cannot spell as an element name
    /// (one starting with a digit or a hyphen, say).
    case unrepresentableName(String, field: String)

    /// What went wrong, in one line.
    public var message: String {
        switch self {
        case .invalidStamp(let text):
            return "--dtstamp '\(text)' is not a date-time such as 2026-12-24T17:00:00Z"
        case .unrepresentableCharacter(let codePoint, let field):
            let hex = String(codePoint, radix: 16, uppercase: true)
            let padded = String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            return "\(field) holds U+\(padded), which XML 1.0 cannot hold; remove it or convert to a format that can (json)"
        case .unrepresentableName(let name, let field):
            return "\(field): the name '\(name)' cannot be an xCal element name (it must start with a letter and hold only letters, digits and '-')"
        }
    }

    /// Where in the input, when known.
    public var position: SourcePosition? { nil }
}
