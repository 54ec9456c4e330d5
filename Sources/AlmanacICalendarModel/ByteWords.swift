/// Tests on eight bytes at once (one `UInt64` loaded from a line), so that the writer's
/// scans for the few bytes that need work skip whole words of ordinary text. Each test
/// is exact as a whole: it is non-zero exactly when some byte of the word matches.
/// `public` and `@inlinable` so that the format modules' scanners (the ics reader's
/// first pass) inline it too: a `package` type's members are not inlined across modules.
public enum ByteWords {
    @inlinable static var ones: UInt64 { 0x0101_0101_0101_0101 }
    @inlinable static var highs: UInt64 { 0x8080_8080_8080_8080 }

    /// The word at `index` of `bytes`, which must hold eight bytes from there.
    @inlinable @inline(__always)
    public static func load(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self))
    }

    /// Non-zero when a byte of `word` is below 0x20 (a control character, tab included) or is 0x7F.
    @inlinable @inline(__always)
    public static func controls(_ word: UInt64) -> UInt64 {
        below(0x20, word) | equal(0x7F, word)
    }

    /// Non-zero when a byte of `word` is below `limit` (at most 0x80).
    @inlinable @inline(__always)
    public static func below(_ limit: UInt8, _ word: UInt64) -> UInt64 {
        (word &- ones &* UInt64(limit)) & ~word & highs
    }

    /// Non-zero when a byte of `word` is `byte`.
    @inlinable @inline(__always)
    public static func equal(_ byte: UInt8, _ word: UInt64) -> UInt64 {
        let zeroed = word ^ (ones &* UInt64(byte))
        return (zeroed &- ones) & ~zeroed & highs
    }
}
