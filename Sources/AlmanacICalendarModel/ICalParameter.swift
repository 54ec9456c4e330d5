/// One parameter of a property: `CN="Doe, Jane"`, `MEMBER="a","b"`.
public struct ICalParameter: Sendable, Hashable {
    /// The name, upper-cased.
    public var name: String
    /// The values (most parameters have one), unquoted and RFC 6868-decoded.
    public var values: [String]

    public init(name: String, values: [String]) {
        self.name = name
        self.values = values
    }

    /// A value as a content line must spell it: RFC 6868 caret escapes for `^`,
    /// newlines and `"`, and double quotes around it when it holds `;`, `:` or `,`.
    public static func quoted(_ value: String) -> String {
        var escaped = ""
        var needsQuotes = false
        for scalar in value.unicodeScalars {
            switch scalar {
            case "^": escaped += "^^"
            case "\n": escaped += "^n"
            case "\r": continue
            case "\"": escaped += "^'"
            case ";", ":", ",":
                needsQuotes = true
                escaped.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 && scalar != "\t" { continue }
                escaped.unicodeScalars.append(scalar)
            }
        }
        return needsQuotes ? "\"" + escaped + "\"" : escaped
    }
}
