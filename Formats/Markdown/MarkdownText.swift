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
    ///
    /// Works on the UTF-8 bytes: every delimiter is ASCII, and a byte of a multi-byte
    /// character is never one, so such characters are copied as they are.
    static func unescape(_ text: String) -> String {
        guard mayNeedUnescaping(text) else { return text }
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "`") {
                var end = index
                while end < bytes.count && bytes[end] == UInt8(ascii: "`") { end += 1 }
                let length = end - index
                let stop = closingBackticks(bytes, from: end, length: length).map { $0 + length } ?? end
                output.append(contentsOf: bytes[index..<stop])
                index = stop
                continue
            }
            if byte == UInt8(ascii: "\\"), index + 1 < bytes.count, isASCIIPunctuation(bytes[index + 1]) {
                output.append(bytes[index + 1])
                index += 2
                continue
            }
            if byte == UInt8(ascii: "&"), let (decoded, length) = entity(bytes, at: index) {
                output.append(contentsOf: decoded.utf8)
                index += length
                continue
            }
            output.append(byte)
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// ``isASCIIPunctuation(_:)`` for one UTF-8 byte (a byte of a multi-byte character is none).
    static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E: return true
        default: return false
        }
    }

    /// Whether `text` holds a byte that starts an escape, an entity or a code span;
    /// text without any reads as written.
    static func mayNeedUnescaping(_ text: String) -> Bool {
        withBytes(text) { bytes in bytes.contains { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "`") } }
    }

    /// Splits at commas that are not escaped and not between two digits (`1,5` stays whole),
    /// as RecipeMD splits tags and yields; each part is trimmed.
    static func splitList(_ text: [Unicode.Scalar]) -> [[Unicode.Scalar]] {
        var parts: [[Unicode.Scalar]] = []
        var current: [Unicode.Scalar] = []
        current.reserveCapacity(text.count)
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
                current.removeAll(keepingCapacity: true)
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
        // Trimmed on the bytes: a new string only when there is something to trim.
        let trimmed = withBytes(text) { bytes -> String? in
            // Most text starts and ends with a visible ASCII character: nothing to trim.
            guard let first = bytes.first, let last = bytes.last, !(isVisibleASCII(first) && isVisibleASCII(last)) else { return nil }
            // Nor when the first and last characters are others that are surely not whitespace.
            var lastLead = bytes.count - 1
            while lastLead > 0 && bytes[lastLead] & 0xC0 == 0x80 { lastLead -= 1 }
            if startsNoWhitespace(first) && startsNoWhitespace(bytes[lastLead]) { return nil }
            let visible = PlainTextLines.visibleRange(of: bytes, from: 0, to: bytes.count)
            guard visible.count < bytes.count else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[visible]), as: UTF8.self)
        }
        return trimmed ?? text
    }

    /// Appends the UTF-8 of `text` in one copy (`String.UTF8View` is copied a piece at a time).
    static func append(utf8Of text: String, to out: inout [UInt8]) {
        withBytes(text) { out.append(contentsOf: $0) }
    }

    /// Whether a character whose UTF-8 starts with `byte` is surely not whitespace
    /// (``InlineEmphasis/isWhitespace(_:)``): a visible ASCII character, or one whose lead byte
    /// no space separator has (U+00A0: C2; U+1680: E1; U+2000–U+200A, U+202F, U+205F: E2; U+3000: E3).
    static func startsNoWhitespace(_ byte: UInt8) -> Bool {
        isVisibleASCII(byte) || (byte >= 0xC0 && byte != 0xC2 && byte != 0xE1 && byte != 0xE2 && byte != 0xE3)
    }

    static func isVisibleASCII(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte < 0x7F
    }

    private static func closingBackticks(_ bytes: [UInt8], from start: Int, length: Int) -> Int? {
        var index = start
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "`") else { index += 1; continue }
            var end = index
            while end < bytes.count && bytes[end] == UInt8(ascii: "`") { end += 1 }
            if end - index == length { return index }
            index = end
        }
        return nil
    }

    /// The character an entity reference at `index` (`&amp;`, `&#38;`, `&#x26;`) stands
    /// for, and its length in bytes; `nil` when none starts there.
    private static func entity(_ bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
        var cursor = index + 1
        while cursor < bytes.count, cursor - index <= 32, bytes[cursor] != UInt8(ascii: ";") {
            let byte = bytes[cursor]
            guard LineScanner.isAlphanumeric(byte) || byte == UInt8(ascii: "#") else { return nil }
            cursor += 1
        }
        guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: ";"), cursor > index + 1 else { return nil }
        let name = String(decoding: bytes[(index + 1)..<cursor], as: UTF8.self)
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
        // Without a carriage return every `\n` byte ends a line (no `\r\n` character
        // holds one), and splitting the bytes is much faster than splitting characters.
        let lines: [Substring] = contains(text, byte: UInt8(ascii: "\r"))
            ? text.split(separator: "\n", omittingEmptySubsequences: false)
            : text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Substring($0) }
        for line in lines {
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
