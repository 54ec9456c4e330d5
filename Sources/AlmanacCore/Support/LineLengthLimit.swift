/// Refuses lines longer than a limit, so that a reader never holds a runaway line.
///
/// A line's length is counted in bytes without its line end. For a ``LineStructure/folded``
/// format the limit applies to the unfolded line: a line feed followed by a space or a tab
/// continues the line, and that space or tab is not counted.
package struct LineLengthLimit: Sendable {
    /// The longest line accepted, in bytes.
    package let maximum: Int
    package let structure: LineStructure

    /// The number of the physical line the next byte is on.
    private var physicalLine = 1
    /// Where the current line started: its physical line and its offset in the input.
    private var lineStart = (line: 1, offset: 0)
    /// Bytes of the current line so far.
    private var length = 0
    /// The last byte seen was a line feed; the next byte says whether the line goes on.
    private var afterLineFeed = false
    /// The input offset of the next byte.
    private var offset = 0

    /// A check of an input, or, with `line` and `offset`, of the part of one that starts
    /// at the start of that line.
    package init(maximum: Int, structure: LineStructure, line: Int = 1, offset: Int = 0) {
        self.maximum = maximum
        self.structure = structure
        physicalLine = line
        lineStart = (line, offset)
        self.offset = offset
    }

    /// Checks the next bytes of the input; throws at the first line that grows past ``maximum``.
    package mutating func check(_ bytes: UnsafeBufferPointer<UInt8>) throws(LineTooLong) {
        guard structure != .none else { return }
        var index = 0
        while index < bytes.count {
            if afterLineFeed {
                afterLineFeed = false
                if structure == .folded, bytes[index] == 0x20 || bytes[index] == 0x09 {
                    index += 1
                    continue
                }
                lineStart = (physicalLine, offset + index)
                length = 0
            }
            let lineFeed = ByteSearch.firstIndex(of: 0x0A, in: bytes, from: index)
            let end = lineFeed ?? bytes.count
            length += end - index
            if let lineFeed, lineFeed > index, bytes[lineFeed - 1] == 0x0D { length -= 1 }
            if length > maximum {
                throw LineTooLong(limit: maximum, line: lineStart.line, offset: lineStart.offset)
            }
            guard let lineFeed else { break }
            physicalLine += 1
            afterLineFeed = true
            index = lineFeed + 1
        }
        offset += bytes.count
    }

    /// Checks a whole input.
    package static func check(_ bytes: [UInt8], maximum: Int, structure: LineStructure) throws(LineTooLong) {
        var limit = LineLengthLimit(maximum: maximum, structure: structure)
        try bytes.withUnsafeBufferPointer { (buffer) throws(LineTooLong) in try limit.check(buffer) }
    }
}

/// A line longer than the limit: where it starts.
package struct LineTooLong: Error, Sendable, Hashable {
    package var limit: Int
    /// Where the line starts: its first byte, in column 1.
    package var position: SourcePosition

    /// The line numbered `line` (from 1), whose first byte is at `offset`, is longer than `limit`.
    package init(limit: Int, line: Int, offset: Int) {
        self.limit = limit
        position = SourcePosition(offset: offset, line: line, column: 1)
    }

    /// The line's number, from 1.
    package var line: Int { position.line }
    /// The offset of the line's first byte.
    package var offset: Int { position.offset }
}

/// A byte source that checks each line as it passes through (see ``LineLengthLimit``),
/// so that a streamed input with a runaway line stops before the line fills memory.
package struct LineLimitedSource<Base: ByteSource>: ByteSource {
    package private(set) var base: Base
    private var limit: LineLengthLimit
    /// The offset of the next byte read, and how far the bytes have been checked: a second
    /// pass over the same bytes (``setReadPosition(_:)``) is not checked again.
    private var position = 0
    private var checked = 0
    /// Whether the reader checks the lines itself (``handOverLineLengthCheck(structure:)``).
    private var handedOver = false

    package init(_ base: Base, maximum: Int, structure: LineStructure) {
        self.base = base
        limit = LineLengthLimit(maximum: maximum, structure: structure)
    }

    package mutating func read(into buffer: inout [UInt8], maximum: Int) throws -> Int {
        let start = buffer.count
        let count = try base.read(into: &buffer, maximum: maximum)
        try buffer.withUnsafeBytes { try check(UnsafeRawBufferPointer(rebasing: $0[start..<(start + count)])) }
        return count
    }

    package mutating func read(into destination: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = try base.read(into: destination)
        try check(UnsafeRawBufferPointer(rebasing: destination[0..<count]))
        return count
    }

    /// Checks the bytes just read (those a pass before this one has not checked), unless
    /// the check was handed over.
    private mutating func check(_ read: UnsafeRawBufferPointer) throws(LineTooLong) {
        guard !handedOver else { return }
        let unchecked = max(checked - position, 0)
        if unchecked < read.count {
            try limit.check(UnsafeBufferPointer(rebasing: read.assumingMemoryBound(to: UInt8.self)[unchecked...]))
        }
        position += read.count
        checked = max(checked, position)
    }

    /// Hands the check of lines of `structure` over to the reader: it checks no more.
    package mutating func handOverLineLengthCheck(structure: LineStructure) -> Int? {
        guard !handedOver, structure != .none, structure == limit.structure else { return nil }
        handedOver = true
        return limit.maximum
    }

    package mutating func remainingByteCount() -> Int? { base.remainingByteCount() }
}

extension LineLimitedSource: RereadableByteSource where Base: RereadableByteSource {
    package mutating func readPosition() -> Int? { base.readPosition() }

    /// Goes back to `position` (the start, for a reader's second pass). The bytes up to where
    /// an earlier pass got were checked then; a position past them starts the count afresh.
    package mutating func setReadPosition(_ position: Int) throws {
        try base.setReadPosition(position)
        if position > checked {
            limit = LineLengthLimit(maximum: limit.maximum, structure: limit.structure)
            checked = position
        }
        self.position = position
    }
}
