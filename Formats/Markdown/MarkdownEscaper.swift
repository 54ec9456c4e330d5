/// Writes plain text as Markdown that reads back as the same text in almanac, in
/// CommonMark renderers and in pandoc: characters that could start emphasis, code,
/// links, images, raw HTML or entities are backslash-escaped, and so is whatever at the
/// start of a line could open a block (`#`, `-`, `+`, `=`, `1.`, `>`). A carriage return,
/// which would read as a line end, is written as the reference `&#13;`.
enum MarkdownEscaper {
    /// Escaped everywhere.
    private static let always: Set<Unicode.Scalar> = ["\\", "*", "_", "`", "[", "]", "<", ">", "~"]

    /// `text` escaped for inline use. Line breaks stay; the caller indents the lines
    /// after the first as its container needs.
    /// - Parameters:
    ///   - heading: also escape every `#` (a heading's closing sequence) and write line breaks as spaces.
    ///   - extra: more characters to escape, such as `,` in tags.
    static func escape(_ text: String, heading: Bool = false, extra: Set<Unicode.Scalar> = []) -> String {
        if extra.allSatisfy(\.isASCII),
           let escaped = text.utf8.withContiguousStorageIfAvailable({ escape(text, bytes: $0, heading: heading, extra: extra.map { UInt8($0.value) }) }) {
            return escaped
        }
        return escapeScalars(text, heading: heading, extra: extra)
    }

    /// ``escape(_:heading:extra:)`` on the UTF-8 bytes of `text`: every character that
    /// can need a backslash is ASCII, so runs of other bytes are copied whole.
    private static func escape(_ text: String, bytes: UnsafeBufferPointer<UInt8>, heading: Bool, extra: [UInt8]) -> String {
        let utf8 = text.utf8
        func index(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
        var output = ""
        /// The offset of the first byte not yet copied to `output` (always on a character boundary).
        var copied = 0
        func copy(upTo end: Int, then insert: String) {
            output += text[index(copied)..<index(end)]
            output += insert
        }
        var lineStart = true
        var cursor = 0
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "\n") {
                if heading {
                    copy(upTo: cursor, then: " ")
                    copied = cursor + 1
                } else {
                    lineStart = true
                }
                cursor += 1
                continue
            }
            if byte == UInt8(ascii: "\r") {
                // A carriage return would read as (part of) a line end: write it as a reference.
                copy(upTo: cursor, then: "&#13;")
                copied = cursor + 1
                cursor += 1
                continue
            }
            guard byte < 0x80 else {
                // A byte of a non-ASCII character: never escaped, but it starts the line's text.
                lineStart = false
                cursor += 1
                continue
            }
            var escapeIt = alwaysBytes.contains(byte) || extra.contains(byte) || (heading && byte == UInt8(ascii: "#"))
            if lineStart && byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") {
                lineStart = false
                switch byte {
                case UInt8(ascii: "#"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "="):
                    escapeIt = true
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    var end = cursor
                    while end < bytes.count && bytes[end] >= UInt8(ascii: "0") && bytes[end] <= UInt8(ascii: "9") { end += 1 }
                    if end < bytes.count && (bytes[end] == UInt8(ascii: ".") || bytes[end] == UInt8(ascii: ")")) {
                        // `1.` or `1)` would open a list: escape its delimiter.
                        copy(upTo: end, then: "\\")
                        copied = end
                        cursor = end + 1
                        continue
                    }
                default:
                    break
                }
            }
            if !escapeIt && byte == UInt8(ascii: "&") && cursor + 1 < bytes.count {
                // `&#…` and `&name` could read as an entity.
                let next = bytes[cursor + 1]
                escapeIt = next == UInt8(ascii: "#") || (next | 0x20 >= UInt8(ascii: "a") && next | 0x20 <= UInt8(ascii: "z"))
            }
            if escapeIt {
                copy(upTo: cursor, then: "\\")
                copied = cursor
            }
            cursor += 1
        }
        output += text[index(copied)...]
        return output
    }

    /// The bytes of ``always``.
    private static let alwaysBytes: [UInt8] = always.map { UInt8($0.value) }

    /// ``escape(_:heading:extra:)`` scalar by scalar, for a text whose bytes are not at hand.
    private static func escapeScalars(_ text: String, heading: Bool, extra: Set<Unicode.Scalar>) -> String {
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
            if scalar == "\r" {
                output.append(contentsOf: "&#13;".unicodeScalars)
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
        // Most steps are one line: nothing to indent, and no need to split into Characters.
        guard text.utf8.contains(UInt8(ascii: "\n")) else { return text }
        let pad = String(repeating: " ", count: columns)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for index in lines.indices.dropFirst() where !lines[index].allSatisfy({ $0 == " " || $0 == "\t" }) {
            lines[index] = pad + lines[index]
        }
        return lines.joined(separator: "\n")
    }
}
