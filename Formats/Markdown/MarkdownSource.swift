import AlmanacCore

/// A Markdown input split into lines, with the byte offset where each line starts,
/// so that blocks can point at their source lines and errors at their position.
struct MarkdownSource {
    /// The input without a leading byte-order mark.
    let bytes: [UInt8]
    /// Each line's bytes without its line ending (`\n` or `\r\n`).
    let lines: [[UInt8]]
    /// The byte offset of each line's first byte in ``bytes``.
    let lineOffsets: [Int]
    /// Bytes skipped at the start (a UTF-8 byte-order mark), added back to positions.
    private let skipped: Int

    /// Splits `input` into lines; throws ``MarkdownDecodingError/invalidUTF8(at:)`` for bytes that are not UTF-8.
    init(_ input: [UInt8]) throws {
        var bytes = input
        skipped = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        if skipped > 0 { bytes.removeFirst(skipped) }
        if let bad = Self.firstInvalidUTF8(bytes) {
            throw MarkdownDecodingError.invalidUTF8(at: SourcePosition(offset: bad + skipped, in: input))
        }
        var lines: [[UInt8]] = []
        var offsets: [Int] = []
        var start = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            var end = index
            if end > start && bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            lines.append(Array(bytes[start..<end]))
            offsets.append(start)
            start = index + 1
        }
        if start < bytes.count {
            var end = bytes.count
            if bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            lines.append(Array(bytes[start..<end]))
            offsets.append(start)
        }
        self.bytes = bytes
        self.lines = lines
        self.lineOffsets = offsets
    }

    /// The position of the first byte of line `index` (from 0), or of the end of the input.
    func position(line index: Int) -> SourcePosition {
        guard index < lines.count else {
            return SourcePosition(offset: bytes.count + skipped, in: [UInt8](repeating: 0, count: skipped) + bytes)
        }
        return SourcePosition(offset: lineOffsets[index] + skipped, line: index + 1, column: 1)
    }

    /// Lines `range` joined with `\n`, as text.
    func text(_ range: ClosedRange<Int>) -> String {
        var joined: [UInt8] = []
        for index in range {
            if index > range.lowerBound { joined.append(UInt8(ascii: "\n")) }
            joined.append(contentsOf: lines[index])
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
