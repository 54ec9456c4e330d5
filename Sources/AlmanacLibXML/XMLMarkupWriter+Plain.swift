/// Which texts the markup writer stores whole: those with nothing to escape or refuse.
extension XMLMarkupWriter {
    /// Whether `utf8` goes out as it is in element content or, with `attribute`, in a quoted
    /// attribute value: nothing in it to replace or refuse. A byte 0xEF (U+FFFE and U+FFFF
    /// start with it) is left to ``appendEscaped(_:attribute:field:)`` to look at. Each
    /// byte's flags (``specialBytes``) are gathered eight at a time, with no branch per byte.
    /// Not inlined: one copy of the loop.
    @inline(never)
    static func isPlain(_ utf8: UnsafeBufferPointer<UInt8>, attribute: Bool) -> Bool {
        guard let base = utf8.baseAddress else { return true }
        let table = specialBytes
        let count = utf8.count
        var found: UInt8 = 0
        var index = 0
        while index &+ 8 <= count {
            let at = base + index
            found |= table[Int(at[0])] | table[Int(at[1])] | table[Int(at[2])] | table[Int(at[3])]
            found |= table[Int(at[4])] | table[Int(at[5])] | table[Int(at[6])] | table[Int(at[7])]
            index &+= 8
        }
        while index < count {
            found |= table[Int(base[index])]
            index &+= 1
        }
        return found & (attribute ? inAttribute | inText : inText) == 0
    }

    /// The flag of a byte that is escaped or refused in element content, and so in an attribute value too.
    private static let inText: UInt8 = 1
    /// The flag of a byte that is escaped only in an attribute value.
    private static let inAttribute: UInt8 = 2

    /// The flags of every byte: ``inText`` for `&`, `<`, `>`, controls other than tab and
    /// line feed, and 0xEF; ``inAttribute`` for `"`, tab and line feed. Made once and never
    /// written again (so shared safely).
    nonisolated(unsafe) private static let specialBytes: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        for byte in 0..<256 {
            switch byte {
            case 0x09, 0x0A, 0x22: table[byte] = inAttribute
            case 0x00..<0x20, 0x26, 0x3C, 0x3E, 0xEF: table[byte] = inText
            default: table[byte] = 0
            }
        }
        return UnsafePointer(table)
    }()
}
