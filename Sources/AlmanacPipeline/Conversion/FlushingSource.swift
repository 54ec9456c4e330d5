import AlmanacCore

/// A source that calls `beforeRead` before each read of its base: a streamed conversion
/// hands the items read so far to its writing thread there, before a read that may wait
/// (a pipe that a slow producer fills), so that each item is out as soon as it was read.
struct FlushingSource<Base: ByteSource>: ByteSource {
    private var base: Base
    private let beforeRead: () throws -> Void

    init(_ base: Base, beforeRead: @escaping () throws -> Void) {
        self.base = base
        self.beforeRead = beforeRead
    }

    mutating func read(into buffer: inout [UInt8], maximum: Int) throws -> Int {
        try beforeRead()
        return try base.read(into: &buffer, maximum: maximum)
    }

    mutating func remainingByteCount() -> Int? { base.remainingByteCount() }
}

/// A regular file stays one a reader can go back in (the ics reader's two passes).
extension FlushingSource: RereadableByteSource where Base: RereadableByteSource {
    mutating func readPosition() -> Int? { base.readPosition() }

    mutating func setReadPosition(_ position: Int) throws {
        try base.setReadPosition(position)
    }
}
