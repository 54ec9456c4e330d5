/// A property or component name of up to 16 bytes as two words, case folded: each byte
/// with its 0x20 bit cleared, the bytes after the name zero. Among the bytes a name may
/// hold (``ContentLineShape/isNameByte(_:)``: letters, digits, `-`, `_`, `.`, `/`) only
/// a letter's two cases fold to the same byte, and none folds to zero, so two names are
/// equal in any case exactly when their keys are. Telling a line's name apart then takes
/// a load or two and a comparison, not a loop per name looked for.
package struct NameKey: Hashable, Sendable {
    /// The first eight bytes, little-endian.
    package var low: UInt64
    /// Bytes 8 to 15.
    package var high: UInt64

    private static let fold: UInt64 = 0xDFDF_DFDF_DFDF_DFDF

    /// The key made of a name's first 16 bytes folded as ``NameKey`` folds them: `low`, then `high`.
    package init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    /// The key of the name `0..<count` of `line` (name bytes only); `nil` when it is
    /// longer than 16 bytes, which no name looked for is.
    @inline(__always)
    package init?(_ line: UnsafeBufferPointer<UInt8>, count: Int) {
        guard count <= 16 else { return nil }
        if line.count >= 16 {
            let raw = UnsafeRawPointer(line.baseAddress!)
            let first = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
            let second = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            if count <= 8 {
                low = first & Self.mask(count) & Self.fold
                high = 0
            } else {
                low = first & Self.fold
                high = second & Self.mask(count - 8) & Self.fold
            }
            return
        }
        var low: UInt64 = 0
        var high: UInt64 = 0
        for index in 0..<count {
            let byte = UInt64(line[index] & 0xDF)
            if index < 8 { low |= byte << (8 * UInt64(index)) } else { high |= byte << (8 * UInt64(index - 8)) }
        }
        self.low = low
        self.high = high
    }

    /// The key of an upper-case ASCII name (for tests and tables).
    package init?(_ name: String) {
        var name = name
        guard let key = name.withUTF8({ NameKey($0, count: $0.count) }) else { return nil }
        self = key
    }

    /// The low `count` bytes of a word set (`count` from 0 to 8).
    @inline(__always)
    private static func mask(_ count: Int) -> UInt64 {
        count >= 8 ? ~0 : (1 << (8 * UInt64(count))) &- 1
    }

    /// Whether it is the key of `BEGIN` (compared in line: `==` on an optional key goes
    /// through `Equatable`'s generic witness).
    @inline(__always)
    package var isBegin: Bool { low == 0x0000_004E_4947_4542 && high == 0 }
    /// Whether it is the key of `END`.
    @inline(__always)
    package var isEnd: Bool { low == 0x0000_0000_0044_4E45 && high == 0 }

    /// `BEGIN`.
    package static let begin = NameKey(low: 0x0000_004E_4947_4542, high: 0)
    /// `END`.
    package static let end = NameKey(low: 0x0000_0000_0044_4E45, high: 0)
}
