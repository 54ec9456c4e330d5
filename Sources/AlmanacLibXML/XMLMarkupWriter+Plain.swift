/// Which texts the markup writer stores whole: those with nothing to escape or refuse.
extension XMLMarkupWriter {
    /// Whether `utf8` goes out as it is in element content or, with `attribute`, in a quoted
    /// attribute value: nothing in it to replace or refuse. A byte 0xEF (U+FFFE and U+FFFF
    /// start with it) is left to ``appendEscaped(_:attribute:field:)`` to look at. Eight
    /// bytes at a time: only a word that may hold such a byte is looked at byte by byte.
    @inline(__always)
    static func isPlain(_ utf8: UnsafeBufferPointer<UInt8>, attribute: Bool) -> Bool {
        guard let base = utf8.baseAddress else { return true }
        let count = utf8.count
        var index = 0
        while index &+ 8 <= count {
            if mayNotBePlain(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self), attribute: attribute) {
                for offset in index..<(index &+ 8) where !isPlain(base[offset], attribute: attribute) { return false }
            }
            index &+= 8
        }
        while index < count {
            if !isPlain(base[index], attribute: attribute) { return false }
            index &+= 1
        }
        return true
    }

    @inline(__always)
    static func isPlain(_ byte: UInt8, attribute: Bool) -> Bool {
        if byte >= 0x40 { return byte != 0xEF }
        if byte >= 0x20 { return byte != UInt8(ascii: "&") && byte != UInt8(ascii: "<") && byte != UInt8(ascii: ">") && !(attribute && byte == UInt8(ascii: "\"")) }
        return !attribute && (byte == 0x09 || byte == 0x0A)
    }

    /// Whether one of the eight bytes of `word` may not be plain: a byte below 0x20, `&`,
    /// `<`, `>`, 0xEF, or for an attribute `"`. Each test is exact about whether there is
    /// one (a borrow only runs on past a byte that matched).
    @inline(__always)
    private static func mayNotBePlain(_ word: UInt64, attribute: Bool) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high = ones &* 0x80
        func holds(_ byte: UInt8) -> UInt64 {
            let zeroed = word ^ (ones &* UInt64(byte))
            return (zeroed &- ones) & ~zeroed
        }
        var found = (word &- ones &* 0x20) & ~word
        found |= holds(UInt8(ascii: "&")) | holds(UInt8(ascii: "<")) | holds(UInt8(ascii: ">")) | holds(0xEF)
        if attribute { found |= holds(UInt8(ascii: "\"")) }
        return found & high != 0
    }
}
