import AlmanacCore

/// Turns byte offsets, asked for in ascending order, into lines and columns in one
/// pass over the input (columns count Unicode scalars, as ``SourcePosition`` does; a
/// byte-order mark is not a column). An offset out of order is counted from the start.
public struct JSONPositions {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var offset = 0
    private var line = 1
    private var column = 1

    /// Positions in `bytes`, which must outlive this value.
    public init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { offset = 3 }
    }

    /// The position of byte `target`.
    public mutating func position(of target: Int) -> SourcePosition {
        guard target >= offset else { return SourcePosition(offset: target, in: bytes) }
        let end = min(target, bytes.count)
        while offset < end {
            let byte = bytes[offset]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            offset += 1
        }
        return SourcePosition(offset: end, line: line, column: column)
    }

    /// The position where `value` starts.
    public mutating func position(of value: JSONValue) -> SourcePosition {
        position(of: value.offset)
    }
}
