/// What Cooklang text needs so that it reads back as the same text.
enum CooklangEscaper {
    /// `bytes` as step text: `@ # ~ \` behind a backslash, so are the `-` of `--` and the `[`
    /// of `[-`, and `=` or `>` at the start of a line; line breaks become spaces (a step is one
    /// paragraph).
    static func text(_ bytes: ArraySlice<UInt8>, atLineStart: Bool) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var previous: UInt8 = 0
        for (index, byte) in zip(bytes.indices, bytes) {
            var byte = byte
            if byte == 0x0A || byte == 0x0D { byte = 0x20 }
            let first = atLineStart && index == bytes.startIndex
            switch byte {
            case UInt8(ascii: "@"), UInt8(ascii: "#"), UInt8(ascii: "~"), UInt8(ascii: "\\"):
                out.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "-") where previous == UInt8(ascii: "-") || previous == UInt8(ascii: "["):
                out.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "=") where first, UInt8(ascii: ">") where first:
                out.append(UInt8(ascii: "\\"))
            default:
                break
            }
            out.append(byte)
            previous = byte
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether `name` can stand between `@` and `{`: not empty, no white space at its ends,
    /// none of `{ } @ # ~ ( )`, no line break, and no `--` or `[-` (a comment).
    static func isWritableName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, let last = name.unicodeScalars.last,
              !first.properties.isWhitespace, !last.properties.isWhitespace else { return false }
        return !name.contains(where: { "{}@#~\n\r\\".contains($0) }) && !name.contains("--") && !name.contains("[-")
    }

    /// Whether `text` can stand in braces: none of `{ } % ( )`, no line break, no comment, and
    /// no white space at the ends.
    static func isWritableBraces(_ text: String) -> Bool {
        guard !text.isEmpty else { return true }
        return isWritableName(text) && !text.contains("%")
    }
}
