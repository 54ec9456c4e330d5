/// Reads an ingredient that is only a link: `[Pie crust](pie-crust.md)`, with an
/// optional title, a destination in angle brackets, or (beyond what RecipeMD's
/// reference reader does) a reference `[Pie crust][crust]` to a definition
/// `[crust]: pie-crust.md` elsewhere in the recipe.
enum InlineLink {
    struct Link {
        /// The link text, raw.
        var text: [Unicode.Scalar]
        /// The destination with escapes and entities resolved.
        var destination: String
    }

    /// The link when `text` (trimmed) is exactly one link, else `nil`.
    static func whole(_ text: [Unicode.Scalar], references: [String: String]) -> Link? {
        let scalars = MarkdownText.trimmed(text)
        guard let link = link(scalars, at: 0, references: references), link.end == scalars.count else { return nil }
        return Link(text: Array(scalars[link.text]), destination: link.destination)
    }

    /// The link that starts at `start` (a `[`): inline `[text](destination "title")`, or a
    /// full, collapsed or shortcut reference to one of `references`. Returns where its text
    /// lies, its destination (escapes resolved) and the offset after it.
    ///
    /// With a `memo` for the text, looking for links at every `[` of a text costs no more than
    /// the text is long: brackets are matched once, a title's end is not searched for again
    /// where a search failed, and no inline destination is tried inside one tried before
    /// (in a pathological `[a](b[c](d)` the inner link is then text).
    static func link(_ scalars: [Unicode.Scalar], at start: Int, references: [String: String],
                     memo: InlineScanMemo? = nil) -> (text: Range<Int>, destination: String, end: Int)? {
        func closing(_ open: Int) -> Int? { memo.map { $0.closers[open] } ?? closingBracket(scalars, from: open) }
        guard start < scalars.count, scalars[start] == "[", let close = closing(start) else { return nil }
        let label = (start + 1)..<close
        var index = close + 1
        if index < scalars.count && scalars[index] == "(" && index > (memo?.scannedUntil ?? -1) {
            index += 1
            skipSpace(scalars, &index)
            let found = destination(scalars, &index)
            if found == nil { memo?.scannedUntil = max(memo?.scannedUntil ?? -1, index) }
            if let destination = found {
                let hadSpace = skipSpace(scalars, &index)
                var titled = true
                if hadSpace, index < scalars.count, let closer = titleCloser(scalars[index]) {
                    if let memo {
                        index = memo.titleEnd(closer, from: index + 1) ?? scalars.count
                    } else {
                        index += 1
                        while index < scalars.count && scalars[index] != closer {
                            if scalars[index] == "\\" { index += 1 }
                            index += 1
                        }
                    }
                    titled = index < scalars.count
                    index += 1
                    skipSpace(scalars, &index)
                }
                memo?.scannedUntil = max(memo?.scannedUntil ?? -1, min(index, scalars.count))
                if titled, index < scalars.count, scalars[index] == ")" {
                    return (label, MarkdownText.unescape(destination), index + 1)
                }
            }
            index = close + 1
        }
        var key = Array(scalars[label])
        var end = close + 1
        if index < scalars.count && scalars[index] == "[", let keyEnd = closing(index) {
            if keyEnd > index + 1 { key = Array(scalars[(index + 1)..<keyEnd]) }
            end = keyEnd + 1
        }
        guard let target = references[normalizedLabel(key)] else { return nil }
        return (label, target, end)
    }

    /// The link reference definitions (`[label]: destination`) among paragraph texts.
    static func definitions(in paragraphs: [String]) -> [String: String] {
        var result: [String: String] = [:]
        // A definition is `[label]: destination`; a paragraph without `]:` holds none.
        for paragraph in paragraphs where MarkdownText.containsPair(paragraph, UInt8(ascii: "]"), UInt8(ascii: ":")) {
            for line in paragraph.split(separator: "\n") {
                let scalars = MarkdownText.trimmed(Array(line.unicodeScalars))
                guard scalars.first == "[", let close = closingBracket(scalars, from: 0),
                      close + 1 < scalars.count, scalars[close + 1] == ":" else { continue }
                var index = close + 2
                skipSpace(scalars, &index)
                guard let destination = destination(scalars, &index), !destination.isEmpty else { continue }
                let key = normalizedLabel(Array(scalars[1..<close]))
                if result[key] == nil { result[key] = MarkdownText.unescape(destination) }
            }
        }
        return result
    }

    /// Labels match case-insensitively, with runs of whitespace as one space.
    static func normalizedLabel(_ label: [Unicode.Scalar]) -> String {
        var words: [String] = []
        var current = ""
        for scalar in label {
            if InlineEmphasis.isWhitespace(scalar) {
                if !current.isEmpty { words.append(current); current = "" }
            } else {
                current.unicodeScalars.append(scalar)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words.joined(separator: " ").lowercased()
    }

    private static func closingBracket(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var depth = 0
        var index = start
        while index < scalars.count {
            switch scalars[index] {
            case "\\": index += 1
            case "[": depth += 1
            case "]":
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
            index += 1
        }
        return nil
    }

    @discardableResult
    private static func skipSpace(_ scalars: [Unicode.Scalar], _ index: inout Int) -> Bool {
        let start = index
        while index < scalars.count && InlineEmphasis.isWhitespace(scalars[index]) { index += 1 }
        return index > start
    }

    /// A destination, `<…>` or bare with balanced parentheses; raw (escapes still in).
    private static func destination(_ scalars: [Unicode.Scalar], _ index: inout Int) -> String? {
        var text = String.UnicodeScalarView()
        if index < scalars.count && scalars[index] == "<" {
            index += 1
            while index < scalars.count && scalars[index] != ">" {
                if scalars[index] == "\n" || scalars[index] == "<" { return nil }
                if scalars[index] == "\\" && index + 1 < scalars.count {
                    text.append(scalars[index])
                    index += 1
                }
                text.append(scalars[index])
                index += 1
            }
            guard index < scalars.count else { return nil }
            index += 1
            return String(text)
        }
        var depth = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar.value <= 0x20 || scalar.value == 0x7F { break }
            if scalar == "\\" && index + 1 < scalars.count {
                text.append(scalar)
                text.append(scalars[index + 1])
                index += 2
                continue
            }
            if scalar == "(" { depth += 1 }
            if scalar == ")" {
                if depth == 0 { break }
                depth -= 1
            }
            text.append(scalar)
            index += 1
        }
        return depth == 0 ? String(text) : nil
    }

    private static func titleCloser(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar {
        case "\"": return "\""
        case "'": return "'"
        case "(": return ")"
        default: return nil
        }
    }
}

/// What ``InlineLink/link(_:at:references:memo:)`` learns about one text as it looks for
/// links at each of its `[`, so that the looking stays linear in the text's length.
final class InlineScanMemo {
    let scalars: [Unicode.Scalar]
    /// Where each `[` closes, found in one pass (brackets counted as ``InlineLink`` counts them).
    let closers: [Int: Int]
    /// The offset an inline destination was last scanned to.
    var scannedUntil = -1
    /// For a title's closing character: a search for it from this offset on found none.
    private var titleMissing: [Unicode.Scalar: Int] = [:]

    init(_ scalars: [Unicode.Scalar]) {
        self.scalars = scalars
        var closers: [Int: Int] = [:]
        var open: [Int] = []
        var index = 0
        while index < scalars.count {
            switch scalars[index] {
            case "\\": index += 1
            case "[": open.append(index)
            case "]": if let start = open.popLast() { closers[start] = index }
            default: break
            }
            index += 1
        }
        self.closers = closers
    }

    /// Where a link title closed by `closer` ends, from `start` on (escaped characters skipped).
    func titleEnd(_ closer: Unicode.Scalar, from start: Int) -> Int? {
        if let missing = titleMissing[closer], start >= missing { return nil }
        var index = start
        while index < scalars.count && scalars[index] != closer {
            if scalars[index] == "\\" { index += 1 }
            index += 1
        }
        if index < scalars.count { return index }
        titleMissing[closer] = min(titleMissing[closer] ?? start, start)
        return nil
    }
}
