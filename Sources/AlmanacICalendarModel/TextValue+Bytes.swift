import AlmanacCore

/// TEXT values written straight into bytes, for the RFC 5545 writer
/// (``ContentLineWriter``) without a string per value; ``TextValue/escape(_:)`` makes its string from them.
extension TextValue {
    /// Whether TEXT must escape or leave out `byte`: `\`, `;`, `,`, line breaks, and the
    /// control characters other than tab.
    @inline(__always)
    static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 ? byte != 0x09 : (byte == UInt8(ascii: "\\") || byte == UInt8(ascii: ";") || byte == UInt8(ascii: ",") || byte == 0x7F)
    }

    /// The bytes of `word` that may need escaping (``needsEscape(_:)``; a tab says yes too),
    /// each flagged by its high bit. The lowest flag always marks such a byte; flags above
    /// it may be false ones (the tests borrow across bytes).
    @inline(__always)
    private static func escapeFlags(_ word: UInt64) -> UInt64 {
        ByteWords.controls(word) | ByteWords.equal(UInt8(ascii: "\\"), word) | ByteWords.equal(UInt8(ascii: ";"), word)
            | ByteWords.equal(UInt8(ascii: ","), word)
    }

    /// Whether `text` holds a byte TEXT escapes or leaves out (``needsEscape(_:)``, or a
    /// tab: a value with one takes the longer way, which copies the tab as it is), tested
    /// eight bytes at a time.
    static func holdsEscapable(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index + 8 <= text.count {
            if escapeFlags(ByteWords.load(text, at: index)) != 0 { return true }
            index += 8
        }
        if text.count >= 8 { return escapeFlags(ByteWords.load(text, at: text.count - 8)) != 0 }
        while index < text.count {
            if needsEscape(text[index]) { return true }
            index += 1
        }
        return false
    }

    /// Appends `text` as an escaped TEXT value; returns whether control characters TEXT
    /// cannot hold were left out.
    public static func appendEscaped(_ text: String, to bytes: inout [UInt8]) -> Bool {
        var text = text
        return text.withUTF8 { appendEscaped($0, to: &bytes) }
    }

    /// Appends the UTF-8 `source` as an escaped TEXT value (``appendReporting(_:to:)``);
    /// returns whether control characters TEXT cannot hold were left out.
    static func appendEscaped(_ source: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) -> Bool {
        appendReporting(source, to: &bytes).dropped
    }

    /// What ``appendReporting(_:to:)`` met besides ordinary bytes.
    struct EscapeReport {
        /// Control characters TEXT cannot hold were left out.
        var dropped = false
        /// The text holds a carriage return (so it needs ``breakLetters(of:)``).
        var carriageReturn = false
    }

    /// Appends the UTF-8 `source` as an escaped TEXT value: runs of ordinary bytes are
    /// copied whole, each special byte (ASCII) is written escaped or left out. Eight bytes
    /// are looked at a time, and a word with a special byte is entered at its first one.
    /// `bytes` is an array or a writer's output (``ByteOutput``), written to straight.
    static func appendReporting<Output: ByteOutput>(_ source: UnsafeBufferPointer<UInt8>, to bytes: inout Output) -> EscapeReport {
        var report = EscapeReport()
        var copied = 0
        var index = 0
        let count = source.count
        while index < count {
            if index + 8 <= count {
                let flags = escapeFlags(ByteWords.load(source, at: index))
                guard flags != 0 else {
                    index += 8
                    continue
                }
                // Every byte before the lowest flag is ordinary.
                index += flags.trailingZeroBitCount >> 3
            } else if count >= 8 {
                // The last bytes, in the word that ends the text; the bytes before `index` shifted out.
                let flags = escapeFlags(ByteWords.load(source, at: count - 8)) >> UInt64((index - (count - 8)) * 8)
                guard flags != 0 else { break }
                index += flags.trailingZeroBitCount >> 3
            }
            let byte = source[index]
            guard needsEscape(byte) else {
                index += 1
                continue
            }
            if index > copied { bytes.append(UnsafeBufferPointer(rebasing: source[copied..<index])) }
            switch byte {
            case UInt8(ascii: "\\"), UInt8(ascii: ";"), UInt8(ascii: ","):
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(byte)
            case UInt8(ascii: "\n"):
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(UInt8(ascii: "n"))
            case UInt8(ascii: "\r"):
                report.carriageReturn = true
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(UInt8(ascii: "n"))
                // CR LF is one break.
                if index + 1 < count && source[index + 1] == UInt8(ascii: "\n") { index += 1 }
            default:
                report.dropped = true
            }
            index += 1
            copied = index
        }
        if count > copied { bytes.append(UnsafeBufferPointer(rebasing: source[copied..<count])) }
        return report
    }

    /// The `X-ALMANAC-BREAKS` letters of `text` (`c` for CR LF, `r` for a lone CR, `n`
    /// for LF, in order), or `nil` when it holds no carriage return.
    public static func breakLetters(of text: String) -> String? {
        var text = text
        return text.withUTF8 { source in
            guard ByteSearch.firstIndex(of: UInt8(ascii: "\r"), in: source) != nil else { return nil }
            var letters = ""
            var index = 0
            while index < source.count {
                switch source[index] {
                case UInt8(ascii: "\n"): letters += "n"
                case UInt8(ascii: "\r"):
                    if index + 1 < source.count && source[index + 1] == UInt8(ascii: "\n") {
                        letters += "c"
                        index += 1
                    } else {
                        letters += "r"
                    }
                default: break
                }
                index += 1
            }
            return letters
        }
    }
}

extension TextValue {
    /// ``splitList(_:breaks:)`` of the UTF-8 value bytes `value`, in one pass over the
    /// bytes: each part is cut at a comma no backslash escapes and unescaped straight from
    /// its bytes. Bytes that are not valid UTF-8 take the string path, which repairs them first.
    static func splitList(_ value: UnsafeBufferPointer<UInt8>, breaks: String?) -> [String] {
        guard ContentLineParser.isValidUTF8(value) else {
            return splitList(String(decoding: value, as: UTF8.self), breaks: breaks)
        }
        var parts: [String] = []
        // Room for a usual list's few parts, so that it is not regrown part by part.
        parts.reserveCapacity(4)
        var remaining = Substring(breaks ?? "")
        var partStart = 0
        var lineBreaks = 0
        var index = 0
        func cut(at end: Int) {
            let part = UnsafeBufferPointer(rebasing: value[partStart..<end])
            var mine: String?
            if breaks != nil {
                mine = String(remaining.prefix(lineBreaks))
                remaining = remaining.dropFirst(lineBreaks)
            }
            parts.append(unescape(part, breaks: mine))
        }
        while index < value.count {
            switch value[index] {
            case UInt8(ascii: "\\"):
                if index + 1 < value.count, value[index + 1] == UInt8(ascii: "n") || value[index + 1] == UInt8(ascii: "N") { lineBreaks += 1 }
                index += 2
            case UInt8(ascii: ","):
                cut(at: index)
                index += 1
                partStart = index
                lineBreaks = 0
            default:
                index += 1
            }
        }
        cut(at: value.count)
        return parts
    }
}
