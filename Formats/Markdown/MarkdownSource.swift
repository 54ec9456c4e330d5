import AlmanacCore
import Foundation

/// A Markdown input split into lines, with the byte offset where each line starts,
/// so that blocks can point at their source lines and errors at their position.
///
/// The lines are kept as offsets into ``bytes`` (one integer a line), not as an array
/// each: a line's bytes are copied out when asked for (``lines``), so that what the reader
/// holds for the whole input is a small multiple of its size however short its lines are.
struct MarkdownSource {
    /// The input without a leading byte-order mark.
    let bytes: [UInt8]
    /// The byte offset of each line's first byte in ``bytes``.
    let lineOffsets: [Int]
    /// Bytes skipped at the start (a UTF-8 byte-order mark), added back to positions.
    private let skipped: Int

    /// Each line's bytes without its line ending (`\n` or `\r\n`), copied out when read.
    var lines: Lines { Lines(bytes: bytes, starts: lineOffsets) }

    /// The lines of a source as arrays of bytes, each made when it is read.
    struct Lines: RandomAccessCollection {
        fileprivate let bytes: [UInt8]
        fileprivate let starts: [Int]

        var startIndex: Int { 0 }
        var endIndex: Int { starts.count }

        subscript(index: Int) -> [UInt8] {
            Array(bytes[starts[index]..<MarkdownSource.lineEnd(index, bytes: bytes, starts: starts)])
        }
    }

    /// The offset after line `index`'s last byte, without its line ending (`\n` or `\r\n`):
    /// the next line starts after a `\n`, and the last line may end with one.
    @inline(__always)
    fileprivate static func lineEnd(_ index: Int, bytes: [UInt8], starts: [Int]) -> Int {
        let start = starts[index]
        var end = index + 1 < starts.count ? starts[index + 1] : bytes.count
        if end > start && bytes[end - 1] == UInt8(ascii: "\n") { end -= 1 }
        if end > start && bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return end
    }

    /// Line `index`'s bytes without its line ending, where they are in ``bytes`` (not copied).
    func line(_ index: Int) -> ArraySlice<UInt8> {
        bytes[lineOffsets[index]..<lineEnd(index)]
    }

    /// The offset after line `index`'s last byte, without its line ending.
    private func lineEnd(_ index: Int) -> Int {
        Self.lineEnd(index, bytes: bytes, starts: lineOffsets)
    }

    /// Splits `input` into lines; throws ``MarkdownDecodingError/invalidUTF8(at:)`` for bytes that are not UTF-8.
    init(_ input: [UInt8]) throws {
        var bytes = input
        skipped = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        if skipped > 0 { bytes.removeFirst(skipped) }
        if let bad = Self.firstInvalidUTF8(bytes) {
            throw MarkdownDecodingError.invalidUTF8(at: SourcePosition(offset: bad + skipped, in: input))
        }
        var offsets: [Int] = []
        // Room for lines of 32 bytes on average (recipes' are longer): the array seldom grows.
        offsets.reserveCapacity(bytes.count / 32 + 1)
        var start = 0
        bytes.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return }
            // `memchr` finds each line end far faster than a loop over the bytes.
            while start < bytes.count, let found = memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start) {
                offsets.append(start)
                start = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
            }
            if start < bytes.count { offsets.append(start) }
        }
        self.bytes = bytes
        self.lineOffsets = offsets
    }

    /// Calls `body` with the bytes of lines `range` (their line ends between them, without the
    /// last one's) where they are, not copied.
    func withLines<Result>(_ range: ClosedRange<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let end = lineEnd(range.upperBound)
        return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[lineOffsets[range.lowerBound]..<end])) }
    }

    /// Calls `body` with the bytes of line `index` (without its line ending) where they are, not copied.
    func withLine<Result>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withLines(index...index, body)
    }

    /// The first byte of line `index` that is no space or tab, or `nil` when the line is blank;
    /// read in place, without copying the line.
    func firstVisibleByte(line index: Int) -> UInt8? {
        var cursor = lineOffsets[index]
        let end = lineEnd(index)
        while cursor < end && (bytes[cursor] == LineScanner.space || bytes[cursor] == LineScanner.tab) { cursor += 1 }
        return cursor < end ? bytes[cursor] : nil
    }

    /// Whether line `index` holds only spaces and tabs (``LineScanner/isBlank(_:)``), read in place.
    func isBlank(line index: Int) -> Bool {
        firstVisibleByte(line: index) == nil
    }

    /// The position of the first byte of line `index` (from 0), or of the end of the input.
    func position(line index: Int) -> SourcePosition {
        guard index < lineOffsets.count else {
            return SourcePosition(offset: bytes.count + skipped, in: [UInt8](repeating: 0, count: skipped) + bytes)
        }
        return SourcePosition(offset: lineOffsets[index] + skipped, line: index + 1, column: 1)
    }

    /// Lines `range` joined with `\n`, as text.
    func text(_ range: ClosedRange<Int>) -> String {
        var joined: [UInt8] = []
        joined.reserveCapacity(lineEnd(range.upperBound) - lineOffsets[range.lowerBound])
        for index in range {
            if index > range.lowerBound { joined.append(UInt8(ascii: "\n")) }
            joined.append(contentsOf: bytes[lineOffsets[index]..<lineEnd(index)])
        }
        return String(decoding: joined, as: UTF8.self)
    }

    /// The offset of the first byte that breaks UTF-8, or `nil` when all is well formed.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { bytes in
            var index = 0
            while index < bytes.count {
                // Runs of ASCII (most text) are passed over eight bytes at a time.
                if index + 8 <= bytes.count,
                   UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                    index += 8
                    continue
                }
                let lead = bytes[index]
                let count: Int
                var lower: UInt8 = 0x80
                var upper: UInt8 = 0xBF
                switch lead {
                case 0x00...0x7F: index += 1; continue
                case 0xC2...0xDF: count = 1
                case 0xE0: count = 2; lower = 0xA0
                case 0xE1...0xEC, 0xEE...0xEF: count = 2
                case 0xED: count = 2; upper = 0x9F
                case 0xF0: count = 3; lower = 0x90
                case 0xF1...0xF3: count = 3
                case 0xF4: count = 3; upper = 0x8F
                default: return index
                }
                for step in 1...count {
                    guard index + step < bytes.count else { return index }
                    let byte = bytes[index + step]
                    let (low, high) = step == 1 ? (lower, upper) : (UInt8(0x80), UInt8(0xBF))
                    guard byte >= low && byte <= high else { return index }
                }
                index += count + 1
            }
            return nil
        }
    }
}
