/// Ids for items that came without one: derived from the item's bytes in the
/// source and its place there, so the same input always gets the same ids.
package enum StableID {
    /// A UUID-shaped id (`8-4-4-4-12` hex digits) hashed from `bytes` and `salt`.
    package static func make(from bytes: some Sequence<UInt8>, salt: String) -> String {
        // Two 64-bit FNV-1a hashes with different offset bases make 128 bits.
        var first: UInt64 = 0xcbf2_9ce4_8422_2325
        var second: UInt64 = 0x84222325_cbf29ce4
        let prime: UInt64 = 0x0000_0100_0000_01B3
        for byte in salt.utf8 {
            first = (first ^ UInt64(byte)) &* prime
            second = (second ^ UInt64(byte)) &* prime
        }
        // Contiguous bytes (arrays, slices, buffers) are walked through a pointer, with the
        // hashes in locals so the loop does no more than the arithmetic.
        let state = (first, second)
        let mixed = bytes.withContiguousStorageIfAvailable { buffer in Self.mix(buffer, into: state) }
            ?? Self.mix(bytes, into: state)
        (first, second) = mixed
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for (index, shift) in stride(from: 60, through: 0, by: -4).enumerated() {
            if index == 8 || index == 12 { text.append(UInt8(ascii: "-")) }
            text.append(digits[Int((first >> UInt64(shift)) & 0xF)])
        }
        for (index, shift) in stride(from: 60, through: 0, by: -4).enumerated() {
            if index == 0 || index == 4 { text.append(UInt8(ascii: "-")) }
            text.append(digits[Int((second >> UInt64(shift)) & 0xF)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Both FNV-1a hashes advanced over `bytes` (the second over the bytes inverted).
    private static func mix(_ bytes: some Sequence<UInt8>, into state: (UInt64, UInt64)) -> (UInt64, UInt64) {
        let prime: UInt64 = 0x0000_0100_0000_01B3
        var (first, second) = state
        for byte in bytes {
            first = (first ^ UInt64(byte)) &* prime
            second = (second ^ UInt64(~byte)) &* prime
        }
        return (first, second)
    }
}
