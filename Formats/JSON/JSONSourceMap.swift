import AlmanacCore

/// The bytes being read and where they sit in the whole input, so that an offset
/// in them becomes a line and column of the file (NDJSON reads one line at a time).
struct JSONSourceMap {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Line number of `bytes[0]` in the whole input.
    var lineBase = 1
    /// Offset of `bytes[0]` in the whole input.
    var offsetBase = 0

    /// Where byte `offset` of `bytes` is in the whole input.
    func position(_ offset: Int) -> SourcePosition {
        let local = SourcePosition(offset: offset, in: bytes)
        return SourcePosition(offset: local.offset + offsetBase, line: local.line + lineBase - 1, column: local.column)
    }

    /// The positions of many offsets, in one pass over the bytes.
    func positions(_ offsets: [Int]) -> [SourcePosition] {
        let order = offsets.indices.sorted { offsets[$0] < offsets[$1] }
        let sorted = SourcePosition.positions(ofOffsets: order.map { offsets[$0] }, in: bytes)
        var result = [SourcePosition](repeating: SourcePosition(offset: 0, line: 1, column: 1), count: offsets.count)
        for (rank, index) in order.enumerated() {
            let local = sorted[rank]
            result[index] = SourcePosition(offset: local.offset + offsetBase, line: local.line + lineBase - 1, column: local.column)
        }
        return result
    }
}
