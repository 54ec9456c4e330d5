/// The one JSON string escaping of almanac: ``append(_:to:)`` quotes and escapes text for
/// every writer, ``unescapedString(_:)`` resolves the escapes of a string the reader has checked.
///
/// Escaping looks at eight bytes at a time: ``writeEscaped(_:to:)`` copies a string without a
/// byte to escape (most of them) a word at a time as it checks it, in one pass, into room
/// reserved for the worst case (``escapedRoom(_:)``) or measured first (``escapedCount(_:)``).
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
                    _ = writeEscaped(utf8, to: escaped.baseAddress!)
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

    /// The most bytes ``writeEscaped(_:to:)`` stores for `count` bytes: six each (`\u0001`).
    /// A writer that reserves this much needs no ``escapedCount(_:)`` pass first.
    @inlinable package static func escapedRoom(_ count: Int) -> Int {
        count &* 6
    }

    /// Writes `utf8` escaped at `target`, which has room for its ``escapedCount(_:)`` bytes
    /// (or ``escapedRoom(_:)``); returns how many it stored, never more than its escaped
    /// count. One pass, a word of eight bytes at a time, stored as it is before it is looked
    /// at: a clean word is kept whole (two at a time when both are), and a word with a byte
    /// to escape keeps the bytes before that byte, its escape follows, and the next word
    /// starts after it. The last bytes of a string of eight or more are the word that ends
    /// it, overlapping the one before when it is clean (whose bytes went out as they are).
    package static func writeEscaped(_ utf8: UnsafeBufferPointer<UInt8>, to target: UnsafeMutablePointer<UInt8>) -> Int {
        guard let base = utf8.baseAddress else { return 0 }
        let count = utf8.count
        let source = UnsafeRawPointer(base)
        var out = target
        var index = 0
        while index &+ 16 <= count {
            let first = UInt64(littleEndian: source.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let second = UInt64(littleEndian: source.loadUnaligned(fromByteOffset: index &+ 8, as: UInt64.self))
            let to = UnsafeMutableRawPointer(out)
            to.storeBytes(of: first.littleEndian, as: UInt64.self)
            to.storeBytes(of: second.littleEndian, toByteOffset: 8, as: UInt64.self)
            let firstBits = escapeBits(first)
            if firstBits | escapeBits(second) == 0 {
                out += 16
                index &+= 16
            } else {
                // The first escaped byte is in one of the two words: the bytes before it are kept.
                let clean = firstBits != 0 ? firstBits.trailingZeroBitCount &>> 3 : 8 &+ escapeBits(second).trailingZeroBitCount &>> 3
                out = writeEscape(of: base[index &+ clean], to: out + clean)
                index &+= clean &+ 1
            }
        }
        while index &+ 8 <= count {
            let word = UInt64(littleEndian: source.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            UnsafeMutableRawPointer(out).storeBytes(of: word.littleEndian, as: UInt64.self)
            let bits = escapeBits(word)
            if bits == 0 {
                out += 8
                index &+= 8
            } else {
                let clean = bits.trailingZeroBitCount &>> 3
                out = writeEscape(of: base[index &+ clean], to: out + clean)
                index &+= clean &+ 1
            }
        }
        if index < count, count >= 8 {
            let word = source.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            if escapeBits(UInt64(littleEndian: word)) == 0 {
                UnsafeMutableRawPointer(out - (index &- (count &- 8))).storeBytes(of: word, as: UInt64.self)
                return out - target + (count &- index)
            }
        } else if count < 8, count >= 2, escapeBits(shortWord(source, count: count)) == 0 {
            // Fewer than eight bytes, none to escape: two loads and two stores that overlap.
            let to = UnsafeMutableRawPointer(target)
            if count >= 4 {
                let last = source.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
                to.storeBytes(of: source.loadUnaligned(as: UInt32.self), as: UInt32.self)
                to.storeBytes(of: last, toByteOffset: count &- 4, as: UInt32.self)
            } else {
                let last = source.loadUnaligned(fromByteOffset: count &- 2, as: UInt16.self)
                to.storeBytes(of: source.loadUnaligned(as: UInt16.self), as: UInt16.self)
                to.storeBytes(of: last, toByteOffset: count &- 2, as: UInt16.self)
            }
            return count
        }
        while index < count {
            let byte = base[index]
            if extraCount(byte) == 0 {
                out[0] = byte
                out += 1
            } else {
                out = writeEscape(of: byte, to: out)
            }
            index &+= 1
        }
        return out - target
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

    /// The 2 to 7 bytes at `source` as a word (the first lowest), made of two loads that
    /// overlap, the rest spaces: the word ``escapeBits(_:)`` tests for a short string.
    @inline(__always)
    private static func shortWord(_ source: UnsafeRawPointer, count: Int) -> UInt64 {
        let head: UInt64
        let tail: UInt64
        let tailShift: Int
        if count >= 4 {
            head = UInt64(UInt32(littleEndian: source.loadUnaligned(as: UInt32.self)))
            tail = UInt64(UInt32(littleEndian: source.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)))
            tailShift = (count &- 4) &* 8
        } else {
            head = UInt64(UInt16(littleEndian: source.loadUnaligned(as: UInt16.self)))
            tail = UInt64(UInt16(littleEndian: source.loadUnaligned(fromByteOffset: count &- 2, as: UInt16.self)))
            tailShift = (count &- 2) &* 8
        }
        return head | tail &<< UInt64(tailShift) | 0x2020_2020_2020_2020 &<< UInt64(count &* 8)
    }

    /// Whether any of the eight bytes of `word` is escaped (``escapeBits(_:)``).
    @inline(__always)
    private static func mayNeedEscape(_ word: UInt64) -> Bool {
        escapeBits(UInt64(littleEndian: word)) != 0
    }

    /// The high bit of each byte of `word` (the first byte in memory lowest) that is escaped:
    /// below 0x20, or equal to `"` or `\`; zero when none is. A borrow only ever runs on
    /// past a byte that matched, so zero is exact, and so is the lowest bit set: the first
    /// byte to escape. (`~word` stands for each of the three tests' own complement: `"` and
    /// `\` leave a byte's high bit as it is.)
    @inline(__always)
    private static func escapeBits(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
        let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
        return ((word &- ones &* 0x20) | (quote &- ones) | (backslash &- ones)) & ~word & (ones &* 0x80)
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
