/// Turns byte offsets of one input into ``SourcePosition``s, counting lines and columns
/// once: offsets asked for in ascending order cost one pass over the input together, and
/// an offset behind the furthest one asked for is counted from the nearest checkpoint
/// (kept every 4 KiB of the pass) before it, so that no position is counted from the
/// start of its line or of the input, however long the line (a JSON document on one line).
///
/// Columns count Unicode scalars (a tab counts as one); a byte-order mark at the very
/// start is not a column.
public final class SourceLocator {
    /// The input: borrowed, or an array kept.
    private let borrowed: UnsafeBufferPointer<UInt8>?
    private let kept: [UInt8]
    private let count: Int
    /// How far the pass has counted, and the line and column there.
    private var offset: Int
    private var line = 1
    private var column = 1
    /// Where the pass was every ``spacing`` bytes, in ascending order.
    private var checkpoints: [(offset: Int, line: Int, column: Int)] = []
    private var nextCheckpoint: Int
    private static let spacing = 4096

    /// A locator over `bytes`, which must outlive it.
    public init(_ bytes: UnsafeBufferPointer<UInt8>) {
        borrowed = bytes
        kept = []
        count = bytes.count
        offset = Self.firstColumn(bytes)
        nextCheckpoint = offset
    }

    /// A locator over `bytes` (the array is kept, not copied).
    public init(_ bytes: [UInt8]) {
        borrowed = nil
        kept = bytes
        count = bytes.count
        offset = bytes.withUnsafeBufferPointer { Self.firstColumn($0) }
        nextCheckpoint = offset
    }

    /// Where column 1 of line 1 is: after a byte-order mark.
    private static func firstColumn(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    }

    /// The position of byte `target` (clamped to the input).
    public func position(of target: Int) -> SourcePosition {
        if let borrowed { return position(of: target, in: borrowed) }
        return kept.withUnsafeBufferPointer { position(of: target, in: $0) }
    }

    private func position(of target: Int, in bytes: UnsafeBufferPointer<UInt8>) -> SourcePosition {
        let end = min(max(target, 0), count)
        if end >= offset {
            advance(to: end, in: bytes)
            return SourcePosition(offset: end, line: line, column: column)
        }
        // Behind the pass: count on from the last checkpoint at or before `end`.
        var low = 0
        var high = checkpoints.count
        while low < high {
            let middle = (low + high) / 2
            if checkpoints[middle].offset <= end { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return SourcePosition(offset: end, line: 1, column: 1) }
        var (index, line, column) = checkpoints[low - 1]
        Self.count(bytes, from: &index, to: end, line: &line, column: &column)
        return SourcePosition(offset: end, line: line, column: column)
    }

    /// Moves the pass on to `end`, leaving checkpoints behind.
    private func advance(to end: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        while offset < end {
            if offset >= nextCheckpoint {
                checkpoints.append((offset, line, column))
                nextCheckpoint = offset + Self.spacing
            }
            Self.count(bytes, from: &offset, to: min(end, nextCheckpoint), line: &line, column: &column)
        }
    }

    /// Counts lines and columns (Unicode scalars) over `bytes[index..<end]`, moving `index` to `end`.
    @inline(__always)
    private static func count(_ bytes: UnsafeBufferPointer<UInt8>, from index: inout Int, to end: Int, line: inout Int, column: inout Int) {
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
    }
}
