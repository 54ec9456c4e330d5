/// The bytes a ``ContentLineWriter`` has written: memory of its own, written through a
/// pointer (a line's pieces are put in place with no check but the one for room) and
/// grown by doubling.
final class ContentLineOutput {
    /// The first byte; ``count`` of them are written.
    private(set) var base: UnsafeMutablePointer<UInt8>
    /// How many bytes are written (set lower to drop the last ones).
    var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 256)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// Another output holding the same bytes.
    func copy() -> ContentLineOutput {
        let copy = ContentLineOutput(capacity: capacity)
        copy.base.initialize(from: base, count: count)
        copy.count = count
        return copy
    }

    /// Where `extra` more bytes go, with room made for them (``count`` is left to the caller).
    @inline(__always)
    func room(_ extra: Int) -> UnsafeMutablePointer<UInt8> {
        if count &+ extra > capacity { grow(to: count + extra) }
        return base + count
    }

    @inline(never)
    private func grow(to needed: Int) {
        var larger = 2 * capacity
        while larger < needed { larger *= 2 }
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.initialize(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
    }

    @inline(__always)
    func append(_ byte: UInt8) {
        room(1).initialize(to: byte)
        count &+= 1
    }

    @inline(__always)
    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress else { return }
        room(bytes.count).initialize(from: start, count: bytes.count)
        count &+= bytes.count
    }

    /// The bytes written, as an array.
    func array() -> [UInt8] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }

    /// Appends the bytes written to `bytes` and forgets them.
    func move(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
        count = 0
    }
}
