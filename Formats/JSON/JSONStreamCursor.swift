import AlmanacCore
import AlmanacJSONKit

/// Reads a ``ByteSource`` in chunks for ``JSONStreamReader``, one byte at a time, counting
/// lines and columns as the bytes pass (as ``SourcePosition`` counts them), and cuts out
/// the bytes of one value: from a mark to where the value ends, kept however many chunks
/// it spans. Bytes before the mark are dropped at the next read, so memory holds one value
/// and one chunk.
struct JSONStreamCursor<Source: ByteSource> {
    private var source: Source
    private let chunkSize: Int
    private var buffer: [UInt8] = []
    /// The next byte, in `buffer`.
    private var index = 0
    /// The input offset of `buffer[0]`.
    private var base = 0
    private var line = 1
    private var column = 1
    /// Where the value being cut out starts, in `buffer`.
    private var mark: Int?
    private var finished = false

    init(_ source: Source, chunkSize: Int = 64 * 1024) {
        self.source = source
        self.chunkSize = chunkSize
    }

    /// Where the next byte is in the whole input.
    var position: SourcePosition { SourcePosition(offset: base + index, line: line, column: column) }

    /// Skips a byte-order mark at the very start (it is not a column).
    mutating func skipByteOrderMark() throws {
        mark = 0
        while buffer.count < 3, try fill() {}
        mark = nil
        if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { index = 3 }
    }

    /// The next byte, `nil` at the end of the input.
    mutating func peek() throws -> UInt8? {
        if index == buffer.count, !(try fill()) { return nil }
        return buffer[index]
    }

    /// Steps over the byte ``peek()`` returned.
    mutating func advance() {
        count(buffer[index])
        index += 1
    }

    mutating func skipWhitespace() throws {
        while let byte = try peek(), byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
            advance()
        }
    }

    /// Cuts out the value that starts at the next byte and passes its bytes to `body` with
    /// their place in the input. Finds only where the value ends (strings and escapes,
    /// nesting, a number or literal up to a delimiter) and checks nothing: `body` parses
    /// the bytes, and bytes cut short by the end of the input make it fail where the whole
    /// input's parse would. At least one byte is taken, so a stray `,` or `]` is the
    /// value's error.
    mutating func value<Result>(_ body: (UnsafeBufferPointer<UInt8>, _ line: Int, _ column: Int, _ offset: Int) throws -> Result) throws -> Result {
        let start = position
        mark = index
        defer { mark = nil }
        if let first = try peek() {
            advance()
            switch first {
            case UInt8(ascii: "{"), UInt8(ascii: "["): try skipContainer()
            case UInt8(ascii: "\""): try skipString()
            default:
                while let byte = try peek(), !JSONReader.isDelimiter(byte) { advance() }
            }
        }
        let from = mark!
        return try buffer.withUnsafeBufferPointer { bytes in
            try body(UnsafeBufferPointer(rebasing: bytes[from..<index]), start.line, start.column, start.offset)
        }
    }

    /// Steps to just past the quote that closes the string whose opening quote is behind.
    private mutating func skipString() throws {
        var escaped = false
        while try peek() != nil {
            while index < buffer.count {
                let byte = buffer[index]
                count(byte)
                index += 1
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    return
                }
            }
        }
    }

    /// Steps to just past the bracket that closes the container whose opening bracket is behind.
    private mutating func skipContainer() throws {
        var depth = 1
        while try peek() != nil {
            while index < buffer.count {
                let byte = buffer[index]
                count(byte)
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    try skipString()
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return }
                default: break
                }
            }
        }
    }

    @inline(__always)
    private mutating func count(_ byte: UInt8) {
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    /// Reads the next chunk, first dropping the bytes no longer needed; `false` at the end.
    private mutating func fill() throws -> Bool {
        guard !finished else { return false }
        let keep = mark ?? index
        if keep > 0 {
            buffer.removeSubrange(0..<keep)
            base += keep
            index -= keep
            if mark != nil { mark = 0 }
        }
        if try source.read(into: &buffer, maximum: chunkSize) == 0 {
            finished = true
            return false
        }
        return true
    }
}
