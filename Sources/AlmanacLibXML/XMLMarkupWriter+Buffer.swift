extension XMLMarkupWriter {
    /// The bytes a markup writer has written: the first ``count`` of ``storage``, then spare
    /// bytes (zeros when added) that the next bytes are stored over in place
    /// (``put(_:_:)``): one room check a piece, not an array append a byte.
    struct Buffer {
        private(set) var storage: [UInt8]
        private(set) var count: Int

        /// A buffer that goes on after `bytes`.
        init(_ bytes: [UInt8]) {
            storage = bytes
            count = bytes.count
        }

        /// The written bytes, the spare ones left out.
        var bytes: [UInt8] { storage.count == count ? storage : Array(storage[..<count]) }

        /// The last byte written, `nil` when there is none.
        var last: UInt8? { count > 0 ? storage[count - 1] : nil }

        /// Hands over the written bytes and goes on from `bytes`.
        mutating func exchange(with bytes: inout [UInt8]) {
            storage.removeLast(storage.count - count)
            swap(&storage, &bytes)
            count = storage.count
        }

        mutating func reserveCapacity(_ capacity: Int) {
            storage.reserveCapacity(capacity)
        }

        /// Forgets the bytes from `count` on (they become spare bytes to store over).
        @inline(__always)
        mutating func truncate(to count: Int) {
            self.count = count
        }

        /// Calls `body` with the bytes written (and maybe spare bytes after them).
        @inline(__always)
        func read<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
            storage.withUnsafeBufferPointer(body)
        }

        /// Stores the `needed` bytes `body` writes at the end, in place.
        @inline(__always)
        mutating func put(_ needed: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Void) {
            if storage.count &- count < needed { makeRoom(needed) }
            let start = count
            storage.withUnsafeMutableBufferPointer { body($0.baseAddress.unsafelyUnwrapped + start) }
            count &+= needed
        }

        /// Stores `utf8` whole.
        @inline(__always)
        mutating func append(_ utf8: UnsafeBufferPointer<UInt8>) {
            put(utf8.count) { _ = Buffer.store(utf8, at: $0) }
        }

        @inline(__always)
        mutating func append(_ byte: UInt8) {
            put(1) { $0[0] = byte }
        }

        /// Adds spare zeros for at least `needed` more bytes, a kilobyte or more at a time
        /// (the array's capacity grows as an array's does, so bytes given to go on from keep theirs).
        private mutating func makeRoom(_ needed: Int) {
            var missing = Swift.max(count + needed - storage.count, Self.zeros.count)
            while missing > 0 {
                let added = Swift.min(missing, Self.zeros.count)
                Self.zeros.withUnsafeBufferPointer { storage.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<added])) }
                missing -= added
            }
        }

        private static let zeros = [UInt8](repeating: 0, count: 1_024)

        /// Stores `utf8` at `target`; returns where the bytes after it go. Up to sixteen
        /// bytes (names, most short texts) as two words or halves that may overlap, with
        /// no call; longer ones with one copy.
        @inline(__always)
        static func store(_ utf8: UnsafeBufferPointer<UInt8>, at target: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
            let count = utf8.count
            guard let source = utf8.baseAddress else { return target }
            let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(target)
            if count > 16 {
                target.update(from: source, count: count)
            } else if count >= 8 {
                to.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
                (to + (count &- 8)).storeBytes(of: (from + (count &- 8)).loadUnaligned(as: UInt64.self), as: UInt64.self)
            } else if count >= 4 {
                to.storeBytes(of: from.loadUnaligned(as: UInt32.self), as: UInt32.self)
                (to + (count &- 4)).storeBytes(of: (from + (count &- 4)).loadUnaligned(as: UInt32.self), as: UInt32.self)
            } else if count > 0 {
                target[0] = source[0]
                target[count >> 1] = source[count >> 1]
                target[count &- 1] = source[count &- 1]
            }
            return target + count
        }

        /// Stores `layout` (a line feed when it has one, then spaces) at `target`; returns
        /// where the bytes after it go.
        @inline(__always)
        static func store(_ layout: Layout, at target: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
            let lineFeed = layout.lineFeed ? 1 : 0
            let spaces = layout.count &- lineFeed
            if spaces < indent.utf8CodeUnitCount {
                return store(UnsafeBufferPointer(start: indent.utf8Start + (1 &- lineFeed), count: layout.count), at: target)
            }
            if lineFeed == 1 { target[0] = 0x0A }
            (target + lineFeed).update(repeating: UInt8(ascii: " "), count: spaces)
            return target + layout.count
        }

        /// A line feed and the spaces of indents up to 64 levels deep (deeper ones are filled).
        private static let indent: StaticString = "\n                                                                                                                                "
    }

    /// What goes before a tag when pretty: `count` bytes, a line feed first when `lineFeed`,
    /// then spaces.
    struct Layout {
        var count: Int
        var lineFeed: Bool

        static let none = Layout(count: 0, lineFeed: false)
    }
}
