/// Byte-level pieces of the fast path (``XMLFastScanner``): the names, white space,
/// references and line breaks of the subset of XML the fast path reads (ASCII names without a colon, no carriage return).
enum XMLFastBytes {
    /// Flags of a byte in ``classes``.
    struct ByteClass: OptionSet {
        let rawValue: UInt16
        /// Not a character of the subset by itself: a control other than tab and line feed
        /// (carriage return included), or any byte of a non-ASCII character.
        static let other = ByteClass(rawValue: 1 << 0)
        static let lessThan = ByteClass(rawValue: 1 << 1)
        static let ampersand = ByteClass(rawValue: 1 << 2)
        static let closingBracket = ByteClass(rawValue: 1 << 3)
        static let doubleQuote = ByteClass(rawValue: 1 << 4)
        static let singleQuote = ByteClass(rawValue: 1 << 5)
        static let hyphen = ByteClass(rawValue: 1 << 6)
        /// May start a name of the subset: an ASCII letter or `_`.
        static let nameStart = ByteClass(rawValue: 1 << 7)
        /// May go on a name of the subset: a start byte, a digit, `.` or `-`.
        static let name = ByteClass(rawValue: 1 << 8)
        /// White space of the subset: space, tab or line feed.
        static let space = ByteClass(rawValue: 1 << 9)
        /// Where text stops for a closer look.
        static let textStop: ByteClass = [.other, .lessThan, .ampersand, .closingBracket]
    }

    /// The class of every byte, made once and never written again (so shared safely);
    /// readers keep the pointer at hand.
    nonisolated(unsafe) static let classes: UnsafePointer<ByteClass> = {
        let table = UnsafeMutablePointer<ByteClass>.allocate(capacity: 256)
        for byte in 0..<256 {
            var flags: ByteClass = []
            switch byte {
            case 0x09, 0x0A, 0x20: flags.insert(.space)
            case 0x00..<0x20, 0x80...0xFF: flags.insert(.other)
            case 0x3C: flags.insert(.lessThan)
            case 0x26: flags.insert(.ampersand)
            case 0x5D: flags.insert(.closingBracket)
            case 0x22: flags.insert(.doubleQuote)
            case 0x27: flags.insert(.singleQuote)
            case 0x2D: flags.formUnion([.hyphen, .name])
            case 0x41...0x5A, 0x61...0x7A, 0x5F: flags.formUnion([.nameStart, .name])
            case 0x30...0x39, 0x2E: flags.insert(.name)
            default: break
            }
            table[byte] = flags
        }
        return UnsafePointer(table)
    }()

    /// Where the name starting at `index` ends (`index` itself when none starts there).
    @inline(__always)
    static func nameEnd(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int, _ classes: UnsafePointer<ByteClass>) -> Int {
        guard index < bytes.count, classes[Int(bytes[index])].contains(.nameStart) else { return index }
        var end = index + 1
        while end < bytes.count, classes[Int(bytes[end])].contains(.name) { end += 1 }
        return end
    }

    /// Where the white space starting at `index` ends.
    @inline(__always)
    static func spaceEnd(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int, _ classes: UnsafePointer<ByteClass>) -> Int {
        var end = index
        while end < bytes.count, classes[Int(bytes[end])].contains(.space) { end += 1 }
        return end
    }

    /// Whether `bytes` holds `literal` at `index`.
    @inline(__always)
    static func has(_ literal: StaticString, in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index >= 0, index + count <= bytes.count else { return false }
        let text = literal.utf8Start
        for offset in 0..<count where bytes[index + offset] != text[offset] { return false }
        return true
    }

    /// Whether the bytes `first..<last` equal those at `other` (same length): eight bytes
    /// at a time, the last eight overlapping, or one masked word for a short name with
    /// room after it.
    @inline(__always)
    static func same(_ bytes: UnsafeBufferPointer<UInt8>, _ first: Int, _ last: Int, as other: Int) -> Bool {
        let count = last - first
        guard let base = bytes.baseAddress, count > 0 else { return true }
        if count > 8 {
            var index = 0
            while index + 8 < count {
                guard word(base, first + index) == word(base, other + index) else { return false }
                index += 8
            }
            return word(base, last - 8) == word(base, other + count - 8)
        }
        if max(first, other) + 8 <= bytes.count {
            let mask: UInt64 = count == 8 ? ~0 : (1 << UInt64(count * 8)) &- 1
            return (word(base, first) ^ word(base, other)) & mask == 0
        }
        for index in 0..<count where base[first + index] != base[other + index] { return false }
        return true
    }

    /// The eight bytes at `offset`, which must lie inside the input.
    @inline(__always)
    static func word(_ base: UnsafePointer<UInt8>, _ offset: Int) -> UInt64 {
        UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
    }

    /// Whether `scalar` is an XML 1.0 `Char`.
    @inline(__always)
    static func isChar(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }

    /// The reference starting with `&` at `index`: one of the five predefined entities or a
    /// character reference to an XML `Char`, as its scalar and the offset after its `;`;
    /// `nil` for anything else.
    static func reference(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (scalar: UInt32, end: Int)? {
        if has("&lt;", in: bytes, at: index) { return (0x3C, index + 4) }
        if has("&gt;", in: bytes, at: index) { return (0x3E, index + 4) }
        if has("&amp;", in: bytes, at: index) { return (0x26, index + 5) }
        if has("&apos;", in: bytes, at: index) { return (0x27, index + 6) }
        if has("&quot;", in: bytes, at: index) { return (0x22, index + 6) }
        guard has("&#", in: bytes, at: index) else { return nil }
        var cursor = index + 2
        let hex = cursor < bytes.count && bytes[cursor] == UInt8(ascii: "x")
        if hex { cursor += 1 }
        var value: UInt32 = 0
        let digitsStart = cursor
        while cursor < bytes.count, cursor - digitsStart < 8 {
            let byte = bytes[cursor]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default:
                guard byte == UInt8(ascii: ";"), cursor > digitsStart, isChar(value) else { return nil }
                return (value, cursor + 1)
            }
            value = value * (hex ? 16 : 10) + digit
            cursor += 1
        }
        return nil
    }

    /// Appends `scalar` (a valid one) as UTF-8.
    @inline(__always)
    static func appendUTF8(_ scalar: UInt32, to output: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            output.append(UInt8(scalar))
        case 0x80..<0x800:
            output.append(UInt8(0xC0 | (scalar >> 6)))
            output.append(UInt8(0x80 | (scalar & 0x3F)))
        case 0x800..<0x10000:
            output.append(UInt8(0xE0 | (scalar >> 12)))
            output.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            output.append(UInt8(0x80 | (scalar & 0x3F)))
        default:
            output.append(UInt8(0xF0 | (scalar >> 18)))
            output.append(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
            output.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            output.append(UInt8(0x80 | (scalar & 0x3F)))
        }
    }

    /// The number of line feeds in `first..<last`, sixteen bytes at a time.
    static func lineFeeds(_ bytes: UnsafeBufferPointer<UInt8>, _ first: Int, _ last: Int) -> Int {
        guard let base = bytes.baseAddress, first < last else { return 0 }
        let lineFeed = SIMD16<UInt8>(repeating: 0x0A)
        var count = 0
        var index = first
        while index + 16 <= last {
            // Up to 255 blocks, their line feeds counted per byte lane (a lane of a
            // comparison's mask is -1 where it holds), then added up.
            var lanes = SIMD16<Int8>()
            let stop = min(last - 15, index + 255 * 16)
            while index < stop {
                let block = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt8>.self)
                lanes &-= (block .== lineFeed)._storage
                index += 16
            }
            for lane in 0..<16 { count += Int(UInt8(bitPattern: lanes[lane])) }
        }
        while index < last {
            if base[index] == 0x0A { count += 1 }
            index += 1
        }
        return count
    }
}
