import AlmanacCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The whole input of a streamed XML reader, read from a ``ByteSource`` into memory of its
/// own: for an input of known size (a regular file), a private anonymous mapping asked for
/// in huge pages where the system has them, filled a small chunk at a time, so that the
/// bytes cost a few page faults instead of one per 4 KiB page (the reader needs them all at
/// once: its fast path checks the whole document before its first event); otherwise an array.
package enum XMLInput {
    /// How many bytes are read from the source at a time, straight into the mapping.
    static let chunkSize = 64 * 1024
    /// The smallest input put in a mapping of its own (smaller ones go to an array).
    static let mappedMinimum = 1 << 20
    /// The size a mapping is rounded up to: a huge page's.
    static let hugePageSize = 2 << 20

    /// Runs `body` with all the bytes of `source`, which are valid only meanwhile.
    package static func withBytes<Source: ByteSource, Result>(of source: inout Source, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) throws -> Result {
        guard let size = source.remainingByteCount(), size >= mappedMinimum else {
            return try FileIO.readAll(from: &source).withUnsafeBufferPointer(body)
        }
        // One byte more than the size, so that reading to the end needs no other chunk.
        let capacity = (size + 1 + hugePageSize - 1) / hugePageSize * hugePageSize
        guard let region = map(capacity) else {
            return try FileIO.readAll(from: &source).withUnsafeBufferPointer(body)
        }
        defer { munmap(region, capacity) }
        var filled = 0
        while filled < capacity {
            let count = try source.read(into: UnsafeMutableRawBufferPointer(start: region + filled, count: min(chunkSize, capacity - filled)))
            guard count > 0 else {
                return try body(UnsafeBufferPointer(start: region.assumingMemoryBound(to: UInt8.self), count: filled))
            }
            filled += count
        }
        // The mapping is full: the file grew since its size was asked. The rest goes to an
        // array, as for a pipe.
        var bytes = Array(UnsafeRawBufferPointer(start: region, count: filled))
        while try source.read(into: &bytes, maximum: 1 << 20) > 0 {}
        return try bytes.withUnsafeBufferPointer(body)
    }

    /// A private anonymous mapping of `capacity` bytes, in huge pages where the system has
    /// them; `nil` when the system refuses it.
    private static func map(_ capacity: Int) -> UnsafeMutableRawPointer? {
        guard let region = mmap(nil, capacity, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), region != MAP_FAILED else { return nil }
        #if os(Linux)
        _ = madvise(region, capacity, MADV_HUGEPAGE)
        #endif
        return region
    }
}
