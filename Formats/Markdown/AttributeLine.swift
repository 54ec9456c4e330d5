/// The hidden line that keeps what an agenda shows only in part or not at all:
/// `<!-- almanac:event id="…" start="…" tasks="…" -->`, an HTML comment that
/// renderers leave out of the page.
///
/// Values are percent-encoded where they hold `%`, `"`, `<`, `>`, `&`, control
/// characters or their list separator, so a value can never end the comment.
enum AttributeLine {
    static let eventPrefix = "<!-- almanac:event"

    /// `<!-- almanac:event key="value" … -->`.
    static func render(_ pairs: [(key: String, value: String)]) -> String {
        eventPrefix + pairs.map { " \($0.key)=\"\($0.value)\"" }.joined() + " -->"
    }

    /// The pairs of an attribute line, or `nil` when `line` is not one.
    static func parse(_ line: String) -> [(key: String, value: String)]? {
        guard line.hasPrefix(eventPrefix), line.hasSuffix("-->") else { return nil }
        let scalars = Array(line.unicodeScalars.dropFirst(eventPrefix.unicodeScalars.count).dropLast(3))
        var pairs: [(key: String, value: String)] = []
        var index = 0
        while true {
            while index < scalars.count && scalars[index] == " " { index += 1 }
            guard index < scalars.count else { return pairs }
            var key = ""
            while index < scalars.count && scalars[index] != "=" && scalars[index] != " " {
                key.unicodeScalars.append(scalars[index])
                index += 1
            }
            guard index + 1 < scalars.count, scalars[index] == "=", scalars[index + 1] == "\"" else { return nil }
            index += 2
            var value = ""
            while index < scalars.count && scalars[index] != "\"" {
                value.unicodeScalars.append(scalars[index])
                index += 1
            }
            guard index < scalars.count else { return nil }
            index += 1
            pairs.append((key, value))
        }
    }

    /// `value` with the characters an attribute cannot hold percent-encoded.
    static func encode(_ value: String, separator: Unicode.Scalar? = nil) -> String {
        // Most values hold nothing to encode (every such character is ASCII).
        let isEncoded = { (byte: UInt8) in
            byte == UInt8(ascii: "%") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
                || byte == UInt8(ascii: "&") || byte < 0x20 || byte == 0x7F || separator.map { $0.value == UInt32(byte) } == true
        }
        if separator?.isASCII ?? true, !value.utf8.contains(where: isEncoded) { return value }
        var output = ""
        for scalar in value.unicodeScalars {
            if scalar == "%" || scalar == "\"" || scalar == "<" || scalar == ">" || scalar == "&" || scalar == separator
                || scalar.value < 0x20 || scalar.value == 0x7F {
                for byte in String(scalar).utf8 {
                    let hex = String(byte, radix: 16, uppercase: true)
                    output += "%" + (hex.count == 1 ? "0" : "") + hex
                }
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// `value` with `%XX` sequences decoded (invalid ones are kept as written).
    static func decode(_ value: String) -> String {
        let bytes = Array(value.utf8)
        var output: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
               let byte = UInt8(String(decoding: bytes[(index + 1)...(index + 2)], as: UTF8.self), radix: 16) {
                output.append(byte)
                index += 3
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// A list joined with `separator`, each element encoded.
    static func encodeList(_ items: [String], separator: Unicode.Scalar) -> String {
        items.map { encode($0, separator: separator) }.joined(separator: String(separator))
    }

    /// The elements of a list written by ``encodeList(_:separator:)``.
    static func decodeList(_ text: String, separator: Character) -> [String] {
        text.isEmpty ? [] : text.split(separator: separator, omittingEmptySubsequences: false).map { decode(String($0)) }
    }
}
