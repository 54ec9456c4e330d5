/// A reader that can read one input in parts, each on its own and on any thread, once a
/// first look at the whole input has found what every part needs to know of the others
/// (iCalendar's time zones and the tasks that are not next to their events).
///
/// A streamed conversion of a long regular file reads the parts on all cores at once and
/// puts what each gives back in order: the items, their warnings and the bytes written
/// are those of one read from start to end (``ItemStreamDecoding``).
public protocol PartedItemStreamDecoding: ItemStreamDecoding {
    /// Looks at the whole of `source` (from where it stands) and cuts it into parts of
    /// about `partSize` bytes, each starting where an item starts; one part when its
    /// items cannot be read apart. `nil` when the source cannot be read again.
    func parts(of source: inout some RereadableByteSource, sourceName: String, limits: ReaderLimits, partSize: Int) throws -> (any ItemParts)?
}

/// The parts of one input (``PartedItemStreamDecoding``), in input order.
public protocol ItemParts: Sendable {
    /// What reading one part found besides its items; ``end(of:)`` joins them.
    associatedtype PartEnd: Sendable

    /// How many parts there are, 1 or more.
    var count: Int { get }

    /// Reads part `index` of a source of the same input (a file opened again, say, so that
    /// parts are read at once), passing its items with where each starts to `body`, in
    /// input order. Throws the codec's error at the first input it cannot read (the items
    /// before it have been passed on). Parts may be read on several threads at once.
    func decodeItems(part index: Int, from source: inout some RereadableByteSource, body: (Item, SourcePosition?) throws -> Void) throws -> PartEnd

    /// What the input held besides its items, from every part's end, in order: what a
    /// read of the whole input from start to end returns.
    func end(of parts: [PartEnd]) throws -> StreamEnd
}

/// At most `limit` bytes of a source, from where it stands: one part of an input.
public struct ByteRangeSource<Base: ByteSource>: ByteSource {
    public private(set) var base: Base
    private var remaining: Int

    public init(_ base: Base, limit: Int) {
        self.base = base
        remaining = max(limit, 0)
    }

    public mutating func read(into buffer: inout [UInt8], maximum: Int) throws -> Int {
        let count = try base.read(into: &buffer, maximum: min(maximum, remaining))
        remaining -= count
        return count
    }

    public mutating func read(into destination: UnsafeMutableRawBufferPointer) throws -> Int {
        let wanted = min(destination.count, remaining)
        guard wanted > 0 else { return 0 }
        let count = try base.read(into: UnsafeMutableRawBufferPointer(rebasing: destination[0..<wanted]))
        remaining -= count
        return count
    }

    public mutating func remainingByteCount() -> Int? {
        base.remainingByteCount().map { min($0, remaining) }
    }
}
