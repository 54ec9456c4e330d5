/// A YAML double-quoted scalar, as the front matter writers write one (the Markdown
/// recipe's and Cooklang's): quotes and backslashes escaped, line feeds and tabs as `\n`
/// and `\t`, and the other control characters as `controls` says.
package enum YAMLDoubleQuoted {
    /// What stands for a control character other than a line feed or a tab.
    package enum Controls: Sendable {
        /// A space: for readers that take no `\u` escapes (Cooklang's YAML). U+0085,
        /// U+2028, U+2029 and U+FEFF stay as they are.
        case space
        /// `\r`, or a `\u` escape, for those and for U+0085, U+2028, U+2029 and U+FEFF,
        /// which YAML would read as line breaks or drop (the result is a JSON string too).
        case escaped
    }

    /// `text` between double quotes.
    package static func quote(_ text: String, controls: Controls) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\t": output += "\\t"
            default:
                let control = scalar.value < 0x20 || scalar.value == 0x7F
                switch controls {
                case .space:
                    output.unicodeScalars.append(control ? " " : scalar)
                case .escaped where scalar == "\r":
                    output += "\\r"
                case .escaped where control || scalar.value == 0x85 || scalar.value == 0x2028 || scalar.value == 0x2029 || scalar.value == 0xFEFF:
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    output += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                case .escaped:
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output + "\""
    }
}
