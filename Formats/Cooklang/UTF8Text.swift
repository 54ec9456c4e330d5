import AlmanacCore

/// The UTF-8 a Cooklang reader needs at byte level: checking the input, decoding one scalar
/// where a byte is not ASCII, and telling word characters from white space and punctuation.
enum UTF8Text {
    /// The offset of the first byte that does not start or continue a well-formed UTF-8
    /// sequence (overlong forms, surrogates and values past U+10FFFF included), or `nil`.
    static func firstInvalid(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            guard let length = UTF8Sequence.length(in: bytes, at: index) else { return index }
            index += length
        }
        return nil
    }

    /// The scalar starting at `index` of well-formed UTF-8 and its length in bytes.
    @inline(__always)
    static func scalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (scalar: Unicode.Scalar, length: Int) {
        let lead = bytes[index]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    /// Whether the scalar at `index` ends a single-word name: white space or punctuation
    /// (Unicode's, so `⸫` and a thin space do; an emoji does not). Returns its length too.
    @inline(__always)
    static func endsWord(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (ends: Bool, length: Int) {
        let byte = bytes[index]
        if byte < 0x80 {
            let isLetterOrDigit = (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
            return (!isLetterOrDigit, 1)
        }
        let (scalar, length) = scalar(bytes, at: index)
        if scalar.properties.isWhitespace { return (true, length) }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation, .spaceSeparator,
             .lineSeparator, .paragraphSeparator, .control:
            return (true, length)
        default:
            return (false, length)
        }
    }

    /// Whether the byte is a space or a tab.
    @inline(__always)
    static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
}
