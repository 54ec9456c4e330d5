/// The one JSON string escaping of almanac: ``append(_:to:)`` quotes and escapes text for
/// every writer, ``unescapedString(_:)`` resolves the escapes of a string the reader has checked.
///
/// Escaping looks at eight bytes at a time: a string without a byte to escape (most of
/// them) is measured by ``escapedCount(_:)`` in one pass over its words and copied whole.
package enum JSONStringEscapes {
    private static let hexDigits: StaticString = "0123456789abcdef"

    /// Appends `text` quoted, escaping `"` and `\`, and control characters (U+0000 to
    /// U+001F, as RFC 8259 requires) as `\n`, `\t` and friends or `\u00XX`. Everything
    /// else, DEL and non-ASCII included, goes as UTF-8.
    package static func append(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        withUTF8(of: text) { utf8 in
            let count = escapedCount(utf8)
            if count == utf8.count {
                bytes.append(contentsOf: utf8)
            } else {
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { escaped in
                    writeEscaped(utf8, to: escaped.baseAddress!)
                    bytes.append(contentsOf: UnsafeBufferPointer(escaped))
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Calls `body` with the UTF-8 of `text`, without a copy when it is stored as UTF-8.
    @inlinable package static func withUTF8<Result>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var text = text
        return try text.withUTF8(body)
    }

    /// How many bytes `utf8` takes escaped, without the quotes: its count when nothing in it
    /// is escaped, which is found a word at a time.
    package static func escapedCount(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = utf8.baseAddress else { return 0 }
        let count = utf8.count
        guard mayNeedEscape(base, count: count) else { return count }
        // Some byte is escaped: the words that hold one are counted byte by byte.
        let raw = UnsafeRawPointer(base)
        var escaped = count
        var offset = 0
        while offset + 8 <= count {
            if mayNeedEscape(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) {
                for index in offset..<(offset + 8) { escaped += extraCount(base[index]) }
            }
            offset += 8
        }
        for index in offset..<count { escaped += extraCount(base[index]) }
        return escaped
    }

    /// Whether any of the `count` bytes at `base` is escaped, eight at a time: the last word
    /// overlaps the one before it, and fewer than eight bytes are one word padded with spaces.
    @inline(__always)
    private static func mayNeedEscape(_ base: UnsafePointer<UInt8>, count: Int) -> Bool {
        let raw = UnsafeRawPointer(base)
        guard count >= 8 else {
            var word: UInt64 = 0x2020_2020_2020_2020
            for index in 0..<count { word = word << 8 | UInt64(base[index]) }
            return mayNeedEscape(word)
        }
        var offset = 0
        while offset + 8 < count {
            if mayNeedEscape(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) { return true }
            offset += 8
        }
        return mayNeedEscape(raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
    }

    /// Writes `utf8` escaped at `target`, which has room for its ``escapedCount(_:)`` bytes:
    /// runs of bytes that need no escape are copied whole.
    package static func writeEscaped(_ utf8: UnsafeBufferPointer<UInt8>, to target: UnsafeMutablePointer<UInt8>) {
        guard let base = utf8.baseAddress else { return }
        let count = utf8.count
        var out = target
        var runStart = 0
        var index = 0
        while true {
            while index + 8 <= count, !mayNeedEscape(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) { index += 8 }
            while index < count, extraCount(base[index]) == 0 { index += 1 }
            ShortCopy.copy(base + runStart, count: index - runStart, to: out)
            out += index - runStart
            guard index < count else { return }
            out = writeEscape(of: base[index], to: out)
            index += 1
            runStart = index
        }
    }

    /// How many more bytes than one `byte` takes escaped: 1 (`\n`, `\"`), 5 (`\u0001`) or none.
    @inline(__always)
    private static func extraCount(_ byte: UInt8) -> Int {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x08, 0x09, 0x0A, 0x0C, 0x0D: return 1
        case 0..<0x20: return 5
        default: return 0
        }
    }

    /// Whether any of the eight bytes of `word` is escaped: a byte below 0x20, or one equal
    /// to `"` or `\`. Each test is exact about whether there is one (a borrow only ever runs
    /// on past a byte that matched).
    @inline(__always)
    private static func mayNeedEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let control = (word &- ones &* 0x20) & ~word
        let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
        let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
        let zeros = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
        return (control | zeros) & (ones &* 0x80) != 0
    }

    /// Writes the escape of `byte` at `target`; returns the pointer past it.
    private static func writeEscape(of byte: UInt8, to target: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        target[0] = UInt8(ascii: "\\")
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): target[1] = byte
        case 0x0A: target[1] = UInt8(ascii: "n")
        case 0x0D: target[1] = UInt8(ascii: "r")
        case 0x09: target[1] = UInt8(ascii: "t")
        case 0x08: target[1] = UInt8(ascii: "b")
        case 0x0C: target[1] = UInt8(ascii: "f")
        default:
            let hex = hexDigits.utf8Start
            target[1] = UInt8(ascii: "u")
            target[2] = UInt8(ascii: "0")
            target[3] = UInt8(ascii: "0")
            target[4] = hex[Int(byte >> 4)]
            target[5] = hex[Int(byte & 0xF)]
            return target + 6
        }
        return target + 2
    }
}
