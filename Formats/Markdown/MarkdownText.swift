/// Reading Markdown inline text as plain text: backslash escapes and entity
/// references are resolved, code spans are kept as written.
enum MarkdownText {
    static func isASCIIPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E: return true
        default: return false
        }
    }

    /// The text a reader sees: `\*` is `*`, `&amp;` is `&`; inside a code span
    /// (`` `a\*b` ``) nothing changes.
    static func unescape(_ text: String) -> String {
        guard mayNeedUnescaping(text) else { return text }
        let scalars = Array(text.unicodeScalars)
        var output = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "`" {
                var end = index
                while end < scalars.count && scalars[end] == "`" { end += 1 }
                let length = end - index
                if let close = closingBackticks(scalars, from: end, length: length) {
                    output.append(contentsOf: scalars[index..<(close + length)])
                    index = close + length
                } else {
                    output.append(contentsOf: scalars[index..<end])
                    index = end
                }
                continue
            }
            if scalar == "\\", index + 1 < scalars.count, isASCIIPunctuation(scalars[index + 1]) {
                output.append(scalars[index + 1])
                index += 2
                continue
            }
            if scalar == "&", let (decoded, length) = entity(scalars, at: index) {
                output.append(decoded)
                index += length
                continue
            }
            output.append(scalar)
            index += 1
        }
        return String(output)
    }

    /// Whether `text` holds a byte that starts an escape, an entity or a code span;
    /// text without any reads as written.
    static func mayNeedUnescaping(_ text: String) -> Bool {
        text.utf8.contains { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "`") }
    }

    /// Splits at commas that are not escaped and not between two digits (`1,5` stays whole),
    /// as RecipeMD splits tags and yields; each part is trimmed.
    static func splitList(_ text: [Unicode.Scalar]) -> [[Unicode.Scalar]] {
        var parts: [[Unicode.Scalar]] = []
        var current: [Unicode.Scalar] = []
        var index = 0
        while index < text.count {
            let scalar = text[index]
            if scalar == "\\", index + 1 < text.count {
                current.append(scalar)
                current.append(text[index + 1])
                index += 2
                continue
            }
            if scalar == ",", !(index > 0 && isDigit(text[index - 1]) && index + 1 < text.count && isDigit(text[index + 1])) {
                parts.append(trimmed(current))
                current = []
            } else {
                current.append(scalar)
            }
            index += 1
        }
        parts.append(trimmed(current))
        return parts
    }

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x30 && scalar.value <= 0x39
    }

    /// Without whitespace (including line breaks) at both ends.
    static func trimmed(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var start = 0
        var end = scalars.count
        while start < end && InlineEmphasis.isWhitespace(scalars[start]) { start += 1 }
        while end > start && InlineEmphasis.isWhitespace(scalars[end - 1]) { end -= 1 }
        return Array(scalars[start..<end])
    }

    /// `text` without whitespace (including line breaks) at both ends.
    static func trimmed(_ text: String) -> String {
        // Most text starts and ends with a visible ASCII character: nothing to trim.
        if let first = text.utf8.first, let last = text.utf8.last, isVisibleASCII(first), isVisibleASCII(last) { return text }
        // Nor when neither end is whitespace (a text ending in a letter of another script).
        if let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
           !InlineEmphasis.isWhitespace(first), !InlineEmphasis.isWhitespace(last) { return text }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: trimmed(Array(text.unicodeScalars)))
        return String(scalars)
    }

    private static func isVisibleASCII(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte < 0x7F
    }

    private static func closingBackticks(_ scalars: [Unicode.Scalar], from start: Int, length: Int) -> Int? {
        var index = start
        while index < scalars.count {
            guard scalars[index] == "`" else { index += 1; continue }
            var end = index
            while end < scalars.count && scalars[end] == "`" { end += 1 }
            if end - index == length { return index }
            index = end
        }
        return nil
    }

    private static func entity(_ scalars: [Unicode.Scalar], at index: Int) -> (Unicode.Scalar, Int)? {
        var cursor = index + 1
        var name = ""
        while cursor < scalars.count, cursor - index <= 32, scalars[cursor] != ";" {
            let scalar = scalars[cursor]
            guard scalar.isASCII, scalar.properties.isAlphabetic || isDigit(scalar) || scalar == "#" else { return nil }
            name.unicodeScalars.append(scalar)
            cursor += 1
        }
        guard cursor < scalars.count, scalars[cursor] == ";", !name.isEmpty else { return nil }
        let length = cursor - index + 1
        if name.hasPrefix("#x") || name.hasPrefix("#X") {
            guard let value = UInt32(name.dropFirst(2), radix: 16) else { return nil }
            return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
        }
        if name.hasPrefix("#") {
            guard let value = UInt32(name.dropFirst()) else { return nil }
            return (Unicode.Scalar(value == 0 ? 0xFFFD : value) ?? "\u{FFFD}", length)
        }
        guard let scalar = namedEntities[name] else { return nil }
        return (scalar, length)
    }

    private static let namedEntities: [String: Unicode.Scalar] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
        "copy": "©", "reg": "®", "deg": "°", "times": "×", "divide": "÷", "hellip": "…",
        "ndash": "–", "mdash": "—", "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”",
        "frac12": "½", "frac14": "¼", "frac34": "¾", "middot": "·", "euro": "€",
    ]
}

extension MarkdownText {
    /// ``unescape(_:)`` for several lines of Markdown, leaving fenced code as written.
    static func unescapeBlock(_ text: String) -> String {
        guard mayNeedUnescaping(text) else { return text }
        var output: [String] = []
        var fence: (character: UInt8, length: Int)?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let bytes = Array(line.utf8)
            if let open = fence {
                if LineScanner.closesFence(bytes, character: open.character, length: open.length) { fence = nil }
                output.append(String(line))
            } else if let opening = LineScanner.fenceOpening(bytes) {
                fence = opening
                output.append(String(line))
            } else {
                output.append(unescape(String(line)))
            }
        }
        return output.joined(separator: "\n")
    }
}
