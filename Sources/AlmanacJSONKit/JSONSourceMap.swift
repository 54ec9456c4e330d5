import AlmanacCore

/// The bytes being read and where they sit in the whole input, so that an offset
/// in them becomes a line and column of the file (NDJSON reads one line at a time).
package struct JSONSourceMap {
    package let bytes: UnsafeBufferPointer<UInt8>
    /// Line number of `bytes[0]` in the whole input.
    package var lineBase = 1
    /// Offset of `bytes[0]` in the whole input.
    package var offsetBase = 0
    /// Column of `bytes[0]` on its line of the whole input (an element of a streamed
    /// document's array may start anywhere on a line).
    package var columnBase = 1
    /// Counts lines and columns once for all the positions asked for (warnings come one
    /// per item, and a document may be one line); `nil` for bytes short enough to count
    /// from their start each time (an NDJSON line, read without an allocation).
    private let locator: SourceLocator?

    package init(bytes: UnsafeBufferPointer<UInt8>, lineBase: Int = 1, offsetBase: Int = 0, columnBase: Int = 1) {
        self.bytes = bytes
        self.lineBase = lineBase
        self.offsetBase = offsetBase
        self.columnBase = columnBase
        locator = bytes.count > 4096 ? SourceLocator(bytes) : nil
    }

    /// Where byte `offset` of `bytes` is in the whole input.
    package func position(_ offset: Int) -> SourcePosition {
        whole(locator?.position(of: offset) ?? SourcePosition(offset: offset, in: bytes))
    }

    /// The positions of many offsets, in one pass over the bytes.
    package func positions(_ offsets: [Int]) -> [SourcePosition] {
        offsets.map { position($0) }
    }

    private func whole(_ local: SourcePosition) -> SourcePosition {
        SourcePosition(offset: local.offset + offsetBase, line: local.line + lineBase - 1, column: local.line == 1 ? local.column + columnBase - 1 : local.column)
    }
}
