/// Writes plain text as Markdown that reads back as the same text in almanac, in
/// CommonMark renderers and in pandoc: characters that could start emphasis, code,
/// links, images, raw HTML or entities are backslash-escaped, and so is whatever at the
/// start of a line could open a block (`#`, `-`, `+`, `=`, `1.`, `>`).
enum MarkdownEscaper {
    /// Escaped everywhere.
    private static let always: Set<Unicode.Scalar> = ["\\", "*", "_", "`", "[", "]", "<", ">", "~"]

    /// `text` escaped for inline use. Line breaks stay; the caller indents the lines
    /// after the first as its container needs.
    /// - Parameters:
    ///   - heading: also escape every `#` (a heading's closing sequence) and write line breaks as spaces.
    ///   - extra: more characters to escape, such as `,` in tags.
    static func escape(_ text: String, heading: Bool = false, extra: Set<Unicode.Scalar> = []) -> String {
        let scalars = Array(text.unicodeScalars)
        var output = String.UnicodeScalarView()
        var lineStart = true
        var index = 0
        while index < scalars.count {
            var scalar = scalars[index]
            if scalar == "\n" && heading { scalar = " " }
            if scalar == "\n" {
                output.append(scalar)
                lineStart = true
                index += 1
                continue
            }
            var escapeIt = always.contains(scalar) || extra.contains(scalar) || (heading && scalar == "#")
            if lineStart && scalar != " " && scalar != "\t" {
                lineStart = false
                if scalar == "#" || scalar == "-" || scalar == "+" || scalar == "=" {
                    escapeIt = true
                } else if MarkdownText.isDigit(scalar) {
                    var end = index
                    while end < scalars.count && MarkdownText.isDigit(scalars[end]) { end += 1 }
                    if end < scalars.count && (scalars[end] == "." || scalars[end] == ")") {
                        output.append(contentsOf: scalars[index..<end])
                        output.append("\\")
                        output.append(scalars[end])
                        index = end + 1
                        continue
                    }
                }
            }
            if escapeIt {
                output.append("\\")
            } else if scalar == "&", index + 1 < scalars.count,
                      scalars[index + 1] == "#" || (scalars[index + 1].isASCII && scalars[index + 1].properties.isAlphabetic) {
                output.append("\\")
            }
            output.append(scalar)
            index += 1
        }
        return String(output)
    }

    /// A link destination: bare when it is simple, else in angle brackets.
    static func linkDestination(_ destination: String) -> String {
        let simple = !destination.isEmpty && destination.unicodeScalars.allSatisfy {
            $0.value > 0x20 && $0 != "<" && $0 != ">" && $0 != "(" && $0 != ")" && $0 != "\\" && $0.value != 0x7F
        }
        if simple { return destination }
        var output = "<"
        for character in destination {
            switch character {
            case "<", ">", "\\": output += "\\\(character)"
            case "\n": output += "%0A"
            case "\r": output += "%0D"
            default: output.append(character)
            }
        }
        return output + ">"
    }

    /// `lines` indented by `columns` spaces after the first; blank lines stay empty.
    static func indentContinuation(_ text: String, columns: Int) -> String {
        let pad = String(repeating: " ", count: columns)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for index in lines.indices.dropFirst() where !lines[index].allSatisfy({ $0 == " " || $0 == "\t" }) {
            lines[index] = pad + lines[index]
        }
        return lines.joined(separator: "\n")
    }
}
