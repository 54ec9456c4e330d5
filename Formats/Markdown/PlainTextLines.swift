/// The UTF-8 bytes ``MarkdownPlainText`` renders plain text into, and the trimming of
/// their lines, on the bytes: what splitting the text into a string per line and trimming
/// each gives, at a cost linear in the text's length.
enum PlainTextLines {
    /// Appends `scalar` as UTF-8.
    @inline(__always)
    static func append(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
        if scalar.isASCII {
            bytes.append(UInt8(truncatingIfNeeded: scalar.value))
        } else {
            bytes.append(contentsOf: scalar.utf8)
        }
    }

    /// Appends `scalars` as UTF-8.
    static func append(_ scalars: some Sequence<Unicode.Scalar>, to bytes: inout [UInt8]) {
        for scalar in scalars { append(scalar, to: &bytes) }
    }

    /// The text of `bytes` (well-formed UTF-8) with each line trimmed of whitespace at both
    /// ends (``InlineEmphasis/isWhitespace(_:)``), lines joined by `\n` as they were. The
    /// trimmed lines are moved to the front of `bytes` in place (they are never longer).
    ///
    /// A line ends at a `\n` that does not follow a `\r`: `\r\n` is one character, which is
    /// no `\n`, so splitting the text's characters does not split there either.
    static func trimmed(_ bytes: inout [UInt8]) -> String {
        let kept = bytes.withUnsafeMutableBufferPointer { bytes -> Int in
            let input = UnsafeBufferPointer(bytes)
            let count = bytes.count
            var written = 0
            var start = 0
            var index = 0
            while index <= count {
                if index < count && (bytes[index] != UInt8(ascii: "\n") || (index > 0 && bytes[index - 1] == UInt8(ascii: "\r"))) {
                    index += 1
                    continue
                }
                let visible = visibleRange(of: input, from: start, to: index)
                let (first, end) = (visible.lowerBound, visible.upperBound)
                // The separator is written after the line it ends is read: `written` stays at or
                // before `first`, so no byte is overwritten before it is read.
                if start > 0 {
                    bytes[written] = UInt8(ascii: "\n")
                    written += 1
                }
                for offset in first..<end {
                    bytes[written] = bytes[offset]
                    written += 1
                }
                index += 1
                start = index
            }
            return written
        }
        return String(decoding: bytes[..<kept], as: UTF8.self)
    }

    /// The bytes `start..<end` of `bytes` (well-formed UTF-8 there) without whitespace
    /// (``InlineEmphasis/isWhitespace(_:)``) at both ends.
    static func visibleRange(of bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Range<Int> {
        var first = start
        var end = end
        while first < end {
            let (scalar, length) = scalar(in: bytes, at: first)
            guard InlineEmphasis.isWhitespace(scalar) else { break }
            first += length
        }
        while end > first {
            var lead = end - 1
            while lead > first && bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
            guard InlineEmphasis.isWhitespace(scalar(in: bytes, at: lead).scalar) else { break }
            end = lead
        }
        return first..<end
    }

    /// The scalar whose UTF-8 starts at `index`, and its length in bytes.
    @inline(__always)
    private static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (scalar: Unicode.Scalar, length: Int) {
        let lead = UInt32(bytes[index])
        if lead < 0x80 { return (Unicode.Scalar(UInt8(lead)), 1) }
        let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        var value = lead & (0x7F >> UInt32(length))
        for offset in 1..<length { value = value << 6 | (UInt32(bytes[index + offset]) & 0x3F) }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }
}
