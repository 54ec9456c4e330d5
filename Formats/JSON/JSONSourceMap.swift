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
}
