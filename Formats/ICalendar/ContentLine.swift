/// One unfolded content line, `NAME;PARAM=value:value`, as the reader found it.
struct ContentLine: Sendable, Hashable {
    /// The property or keyword name, upper-cased (`DTSTART`, `BEGIN`, `X-WR-CALNAME`).
    var name: String
    /// The parameters in source order, names upper-cased, values unquoted and
    /// RFC 6868-decoded.
    var parameters: [ContentParameter]
    /// The value exactly as written (TEXT escapes still in place).
    var value: String
    /// The whole unfolded line as written, for writing it back unchanged.
    var raw: String
    /// The line (from 1) where the content line starts.
    var line: Int
    /// The byte offset where the content line starts.
    var offset: Int

    /// The first value of parameter `name` (upper-case), or `nil`.
    func parameter(_ name: String) -> String? {
        parameters.first { $0.name == name }?.values.first
    }

    /// The `VALUE` parameter, upper-cased, or `nil`.
    var valueType: String? { parameter("VALUE")?.uppercased() }

    /// The line re-serialized from its parts (parameters quoted and escaped as needed).
    var serialized: String {
        var text = name
        for parameter in parameters {
            text += ";" + parameter.name + "=" + parameter.values.map(ContentParameter.quoted).joined(separator: ",")
        }
        return text + ":" + value
    }

    /// A copy with parameter `name` set to the single value `value`.
    func replacingParameter(_ name: String, with value: String) -> ContentLine {
        var copy = self
        if let index = copy.parameters.firstIndex(where: { $0.name == name }) {
            copy.parameters[index].values = [value]
        } else {
            copy.parameters.append(ContentParameter(name: name, values: [value]))
        }
        copy.raw = copy.serialized
        return copy
    }
}

/// One parameter of a content line: `CN="Doe, Jane"`, `MEMBER="a","b"`.
struct ContentParameter: Sendable, Hashable {
    var name: String
    var values: [String]

    /// A value as it must be written: RFC 6868 caret escapes for `^`, newlines and
    /// `"`, and double quotes around it when it holds `;`, `:` or `,`.
    static func quoted(_ value: String) -> String {
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
