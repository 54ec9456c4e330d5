/// Copies and fills of the few bytes a JSON writer stores at a time (a key, a short string,
/// an indent) with word loads and stores instead of a call to `memcpy` or `memset`, which
/// costs more than the bytes themselves at these sizes. Longer runs go to `memcpy`.
@usableFromInline enum ShortCopy {
    /// Copies `count` bytes from `source` to `target` (which do not overlap).
    @inlinable @inline(__always)
    static func copy(_ source: UnsafePointer<UInt8>, count: Int, to target: UnsafeMutablePointer<UInt8>) {
        if count > 16 {
            target.update(from: source, count: count)
        } else if count >= 8 {
            // Two words that overlap in the middle when fewer than 16.
            let from = UnsafeRawPointer(source)
            let to = UnsafeMutableRawPointer(target)
            let last = from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            to.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
            to.storeBytes(of: last, toByteOffset: count - 8, as: UInt64.self)
        } else {
            for index in 0..<count { target[index] = source[index] }
        }
    }

    /// Stores `count` spaces at `target`.
    @inlinable @inline(__always)
    static func spaces(_ count: Int, at target: UnsafeMutablePointer<UInt8>) {
        guard count >= 8 else {
            for index in 0..<count { target[index] = UInt8(ascii: " ") }
            return
        }
        let word: UInt64 = 0x2020_2020_2020_2020
        let to = UnsafeMutableRawPointer(target)
        var offset = 0
        while offset + 8 < count {
            to.storeBytes(of: word, toByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        to.storeBytes(of: word, toByteOffset: count - 8, as: UInt64.self)
    }
}
