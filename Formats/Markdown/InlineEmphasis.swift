/// Finds CommonMark emphasis (`*em*`, `**strong**`, `_em_`) in inline text with the
/// delimiter-run rules (left/right flanking, the rule of 3), and nothing else:
/// as RecipeMD's reference reader does, code spans and links do not hide delimiters.
/// Backslash-escaped `\*` and `\_` are text, as CommonMark says.
enum InlineEmphasis {
    /// One matched pair of delimiters; offsets index the text's Unicode scalars.
    struct Match {
        var open: Range<Int>
        var close: Range<Int>
        var isStrong: Bool
    }

    private struct Delimiter {
        var character: Unicode.Scalar
        var start: Int
        var length: Int
        var remaining: Int
        var canOpen: Bool
        var canClose: Bool
        /// How many of the run's delimiters closed spans (taken from its start).
        var usedFromStart = 0
        /// How many of the run's delimiters opened spans (taken from its end).
        var usedFromEnd = 0
    }

    /// Every emphasis pair in `text`.
    static func matches(in text: [Unicode.Scalar]) -> [Match] {
        var delimiters = scan(text)
        var matches: [Match] = []
        var closer = 0
        while closer < delimiters.count {
            guard delimiters[closer].canClose, delimiters[closer].remaining > 0 else { closer += 1; continue }
            var found: Int?
            var candidate = closer - 1
            while candidate >= 0 {
                let opener = delimiters[candidate]
                if opener.character == delimiters[closer].character, opener.canOpen, opener.remaining > 0, !breaksRuleOfThree(opener, delimiters[closer]) {
                    found = candidate
                    break
                }
                candidate -= 1
            }
            guard let openerIndex = found else { closer += 1; continue }
            let use = delimiters[openerIndex].remaining >= 2 && delimiters[closer].remaining >= 2 ? 2 : 1
            let openEnd = delimiters[openerIndex].start + delimiters[openerIndex].length - delimiters[openerIndex].usedFromEnd
            let closeStart = delimiters[closer].start + delimiters[closer].usedFromStart
            matches.append(Match(open: (openEnd - use)..<openEnd, close: closeStart..<(closeStart + use), isStrong: use == 2))
            delimiters[openerIndex].remaining -= use
            delimiters[openerIndex].usedFromEnd += use
            delimiters[closer].remaining -= use
            delimiters[closer].usedFromStart += use
            for between in (openerIndex + 1)..<closer { delimiters[between].remaining = 0 }
        }
        return matches
    }

    /// When the whole text is one emphasis or strong span: which, and the text inside it.
    static func wholeSpan(_ text: [Unicode.Scalar]) -> (isStrong: Bool, inner: [Unicode.Scalar])? {
        guard startsWithDelimiter(text) else { return nil }
        if let span = plainWholeSpan(text) { return span }
        return delimitedWholeSpan(text)
    }

    /// ``wholeSpan(_:)`` found by matching the text's delimiter runs.
    static func delimitedWholeSpan(_ text: [Unicode.Scalar]) -> (isStrong: Bool, inner: [Unicode.Scalar])? {
        guard startsWithDelimiter(text) else { return nil }
        guard let match = matches(in: text).first(where: { $0.open.lowerBound == 0 }), match.close.upperBound == text.count else { return nil }
        return (match.isStrong, Array(text[match.open.upperBound..<match.close.lowerBound]))
    }

    /// ``wholeSpan(_:)`` of the usual `*tags*` and `**yields**` without matching runs: one or
    /// two `*` (or `_`) at both ends around text that holds no `*`, `_` or backslash and neither
    /// starts nor ends with white space. Those are the text's only delimiter runs; the text's
    /// ends count as white space, so the first run can open (and not close) and the last can
    /// close (and not open), the rule of three does not apply, and they match each other whole.
    /// `nil` for anything else, which the runs decide.
    private static func plainWholeSpan(_ text: [Unicode.Scalar]) -> (isStrong: Bool, inner: [Unicode.Scalar])? {
        let delimiter = text[0]
        let length = text.count > 1 && text[1] == delimiter ? 2 : 1
        guard text.count > 2 * length else { return nil }
        let inner = text[length..<(text.count - length)]
        guard text[(text.count - length)...].allSatisfy({ $0 == delimiter }),
              !inner.contains(where: { $0 == "*" || $0 == "_" || $0 == "\\" }),
              let first = inner.first, let last = inner.last, !isWhitespace(first), !isWhitespace(last) else { return nil }
        return (length == 2, Array(inner))
    }

    /// When the text starts with `*emphasis*` (not strong): the text inside it and the text after it.
    static func leadingEmphasis(_ text: [Unicode.Scalar]) -> (inner: [Unicode.Scalar], rest: [Unicode.Scalar])? {
        guard startsWithDelimiter(text), let match = matches(in: text).first(where: { $0.open.lowerBound == 0 }), !match.isStrong else { return nil }
        return (Array(text[match.open.upperBound..<match.close.lowerBound]), Array(text[match.close.upperBound...]))
    }

    /// Whether `text` starts with `*` or `_`, as a span that opens at its start must.
    private static func startsWithDelimiter(_ text: [Unicode.Scalar]) -> Bool {
        text.first == "*" || text.first == "_"
    }

    private static func breaksRuleOfThree(_ opener: Delimiter, _ closer: Delimiter) -> Bool {
        guard opener.canClose || closer.canOpen else { return false }
        return (opener.length + closer.length) % 3 == 0 && !(opener.length % 3 == 0 && closer.length % 3 == 0)
    }

    private static func scan(_ text: [Unicode.Scalar]) -> [Delimiter] {
        var delimiters: [Delimiter] = []
        var index = 0
        while index < text.count {
            let scalar = text[index]
            if scalar == "\\", index + 1 < text.count, MarkdownText.isASCIIPunctuation(text[index + 1]) {
                index += 2
                continue
            }
            guard scalar == "*" || scalar == "_" else { index += 1; continue }
            var end = index
            while end < text.count && text[end] == scalar { end += 1 }
            let before: Unicode.Scalar = index > 0 ? text[index - 1] : " "
            let after: Unicode.Scalar = end < text.count ? text[end] : " "
            let beforeSpace = isWhitespace(before), afterSpace = isWhitespace(after)
            let beforePunct = isPunctuation(before), afterPunct = isPunctuation(after)
            let left = !afterSpace && (!afterPunct || beforeSpace || beforePunct)
            let right = !beforeSpace && (!beforePunct || afterSpace || afterPunct)
            let canOpen = scalar == "*" ? left : left && (!right || beforePunct)
            let canClose = scalar == "*" ? right : right && (!left || afterPunct)
            delimiters.append(Delimiter(character: scalar, start: index, length: end - index, remaining: end - index, canOpen: canOpen, canClose: canClose))
            index = end
        }
        return delimiters
    }

    /// Whether `scalar` is whitespace to CommonMark: space, tab, line ends, form feed, or any space separator.
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            // The only ASCII space separator is the space itself.
            return scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}"
        }
        return scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}" || scalar.properties.generalCategory == .spaceSeparator
    }

    /// Whether `scalar` is punctuation or a symbol, as CommonMark's flanking rules count them.
    static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        // Every ASCII punctuation mark and symbol is in the ASCII punctuation ranges.
        if scalar.isASCII { return MarkdownText.isASCIIPunctuation(scalar) }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation,
             .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            return true
        default:
            return false
        }
    }
}
