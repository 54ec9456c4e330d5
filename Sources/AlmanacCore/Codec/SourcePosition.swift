/// A place in an input: a byte offset, and the line and column a person counts.
public struct SourcePosition: Hashable, Sendable, Codable, Comparable {
    /// Offset of the byte from the start of the input.
    public var offset: Int
    /// Line, from 1.
    public var line: Int
    /// Column, from 1, counted in Unicode scalars (a tab counts as one).
    public var column: Int

    public init(offset: Int, line: Int, column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// The position of byte `offset` in `bytes`. Counts from the start, so call it
    /// when reporting, not while parsing.
    public init(offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        let end = min(max(offset, 0), bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<end where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        var column = 1
        for index in Self.columnStart(lineStart, in: bytes)..<max(end, Self.columnStart(lineStart, in: bytes)) where bytes[index] & 0xC0 != 0x80 {
            column += 1
        }
        self.init(offset: end, line: line, column: column)
    }

    /// The positions of many offsets in one pass over `bytes`: lines and columns are
    /// counted on from the offset before, never from the start of a line, so that many
    /// offsets on one long line cost one pass (an offset out of order is counted from a
    /// checkpoint near it, see ``SourceLocator``).
    public static func positions(ofOffsets offsets: [Int], in bytes: UnsafeBufferPointer<UInt8>) -> [SourcePosition] {
        let locator = SourceLocator(bytes)
        return offsets.map { locator.position(of: $0) }
    }

    /// The position of byte `offset` in `bytes`.
    public init(offset: Int, in bytes: [UInt8]) {
        self = bytes.withUnsafeBufferPointer { SourcePosition(offset: offset, in: $0) }
    }

    /// Where columns start counting on the line starting at `lineStart`: after a
    /// byte-order mark at the very start of the input, which is not a column.
    private static func columnStart(_ lineStart: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        if lineStart == 0, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { return 3 }
        return lineStart
    }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}
