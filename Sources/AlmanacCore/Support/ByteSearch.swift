#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finding a byte with `memchr`, which scans many bytes per step.
package enum ByteSearch {
    /// The index of the first `byte` in `bytes[from...]`, or `nil`.
    @inline(__always)
    package static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress,
              let found = memchr(base + start, Int32(byte), bytes.count - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// The UTF-8 offset of the first `byte` in `text` at or after offset `from`, or `nil`.
    package static func firstOffset(of byte: UInt8, in text: String, from start: Int = 0) -> Int? {
        if let found = text.utf8.withContiguousStorageIfAvailable({ firstIndex(of: byte, in: $0, from: start) }) {
            return found
        }
        let utf8 = text.utf8
        return utf8.dropFirst(start).firstIndex(of: byte).map { utf8.distance(from: utf8.startIndex, to: $0) }
    }
}
