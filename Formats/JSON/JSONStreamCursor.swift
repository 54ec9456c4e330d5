#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import AlmanacCore
import AlmanacJSONKit

/// Reads a ``ByteSource`` in chunks for ``JSONStreamReader``: ``scan(depth:maximumDepth:_:)``
/// reads from the next byte with a ``JSONScanner`` over the bytes in memory, and when the
/// scanner runs out of them, reads more and scans again from the same byte, so a value is
/// read in one pass however many chunks it spans (and restarted at most a few times: each
/// time at least as many bytes come as it holds). Bytes before the next byte are dropped at
/// the next read, so memory holds one value and one chunk.
///
/// Lines and columns (as ``SourcePosition`` counts them) are counted only up to the bytes a
/// position is asked for, and before bytes are dropped: once for every byte of the input.
struct JSONStreamCursor<Source: ByteSource> {
    private var source: Source
    private let chunkSize: Int
    private var buffer: [UInt8] = []
    /// The next byte, in `buffer`.
    private var index = 0
    /// The input offset of `buffer[0]`.
    private var base = 0
    /// Lines and columns are counted up to this byte of `buffer`; `line` and `column` are its.
    private var counted = 0
    private var line = 1
    private var column = 1
    /// Where the value being read starts, in `buffer`.
    private var mark: Int?
    private var finished = false

    init(_ source: Source, chunkSize: Int = 64 * 1024) {
        self.source = source
        self.chunkSize = max(chunkSize, 1)
    }

    /// Where the next byte is in the whole input.
    mutating func position() -> SourcePosition {
        position(of: index)
    }

    /// Where byte `offset` of the bytes in memory (at or past the next byte, as the offsets
    /// of what ``scan(depth:maximumDepth:_:)`` read are) is in the whole input.
    private mutating func position(of offset: Int) -> SourcePosition {
        count(to: offset)
        return SourcePosition(offset: base + offset, line: line, column: column)
    }

    /// The positions of `offsets` of the bytes in memory, all at or past the next byte, in one
    /// pass over them (the warnings about one value).
    mutating func positions(of offsets: [Int]) -> [SourcePosition] {
        var found = Array(repeating: SourcePosition(offset: 0, line: 1, column: 1), count: offsets.count)
        for slot in offsets.indices.sorted(by: { offsets[$0] < offsets[$1] }) {
            found[slot] = position(of: offsets[slot])
        }
        return found
    }

    /// Skips a byte-order mark at the very start (it is not a column).
    mutating func skipByteOrderMark() throws {
        mark = 0
        while buffer.count < 3, try fill(atLeast: 3 - buffer.count) {}
        mark = nil
        if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF {
            index = 3
            counted = 3
        }
    }

    /// Reads with `body` from the next byte and moves past what it read. When `body`'s
    /// scanner ran out of bytes before the end of the input, more are read and `body` runs
    /// again from the same byte: it must do nothing but read and return. The errors it
    /// throws (``JSONSyntaxError``, ``JSONFault``) become ``JSONDecodingError``s at their
    /// place in the input.
    mutating func scan<Value>(depth: Int, maximumDepth: Int, _ body: (inout JSONScanner) throws -> Value) throws -> Value {
        while true {
            let from = index
            let isFinal = finished
            var end = from
            var ranOut = false
            let result: Result<Value, any Error> = buffer.withUnsafeBufferPointer { bytes in
                var scanner = JSONScanner(bytes, from: from, isFinal: isFinal, depth: depth, maximumDepth: maximumDepth)
                defer {
                    end = scanner.index
                    ranOut = scanner.ranOut
                }
                return Result { try body(&scanner) }
            }
            if ranOut, !isFinal {
                mark = from
                _ = try fill(atLeast: max(buffer.count - from, 1))
                mark = nil
                continue
            }
            switch result {
            case .success(let value):
                index = end
                return value
            case .failure(let error as JSONSyntaxError):
                throw JSONDecodingError(error, at: position(of: error.offset))
            case .failure(let fault as JSONFault):
                throw fault.error(position(of: fault.offset))
            case .failure(let error):
                throw error
            }
        }
    }

    // MARK: Byte by byte

    /// The next byte, `nil` at the end of the input.
    mutating func peek() throws -> UInt8? {
        if index == buffer.count, !(try fill(atLeast: 1)) { return nil }
        return buffer[index]
    }

    /// Steps over the byte ``peek()`` returned.
    mutating func advance() {
        index += 1
    }

    mutating func skipWhitespace() throws {
        while let byte = try peek(), byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
            advance()
        }
    }

    /// Cuts out the value that starts at the next byte and passes its bytes to `body` with
    /// their place in the input. Finds only where the value ends (strings and escapes,
    /// nesting, a number or literal up to a delimiter) and checks nothing. At least one
    /// byte is taken, so a stray `,` or `]` is the value's error.
    mutating func value<Result>(_ body: (UnsafeBufferPointer<UInt8>, _ line: Int, _ column: Int, _ offset: Int) throws -> Result) throws -> Result {
        _ = try peek()
        let start = position()
        mark = index
        defer { mark = nil }
        if let first = try peek() {
            advance()
            switch first {
            case UInt8(ascii: "{"), UInt8(ascii: "["): try skipContainer()
            case UInt8(ascii: "\""): try skipString()
            default:
                while let byte = try peek(), !JSONScanner.isDelimiter(byte) { advance() }
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
        while let byte = try peek() {
            advance()
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                return
            }
        }
    }

    /// Steps to just past the bracket that closes the container whose opening bracket is behind.
    private mutating func skipContainer() throws {
        var depth = 1
        while let byte = try peek() {
            advance()
            switch byte {
            case UInt8(ascii: "\""): try skipString()
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return }
            default: break
            }
        }
    }

    // MARK: Counting and reading

    /// Counts lines and columns (Unicode scalars) on to byte `offset` of `buffer`: the
    /// newlines eight bytes at a time, then the scalars after the last of them.
    private mutating func count(to offset: Int) {
        let end = min(offset, buffer.count)
        guard end > counted else { return }
        let (newlines, scalars) = buffer.withUnsafeBufferPointer { bytes -> (Int, Int) in
            let slice = UnsafeBufferPointer(rebasing: bytes[counted..<end])
            let newlines = Self.newlines(in: slice)
            var from = 0
            if newlines > 0, let last = slice.lastIndex(of: 0x0A) { from = last + 1 }
            var scalars = 0
            for byte in UnsafeBufferPointer(rebasing: slice[from...]) { scalars &+= byte & 0xC0 != 0x80 ? 1 : 0 }
            return (newlines, scalars)
        }
        if newlines > 0 {
            line += newlines
            column = 1
        }
        column += scalars
        counted = end
    }

    /// How many of `bytes` are newlines (0x0A), found by `memchr` one after another: in
    /// JSON a newline is only ever white space between tokens, a line of a pretty document
    /// holds one, and a compact document none at all.
    static func newlines(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var found = 0
        var from = UnsafeRawPointer(base)
        let end = from + bytes.count
        while from < end, let next = memchr(from, 0x0A, end - from) {
            found &+= 1
            from = UnsafeRawPointer(next) + 1
        }
        return found
    }

    /// Reads at least `wanted` more bytes (fewer at the end), first dropping the bytes no
    /// longer needed; `false` when none came.
    private mutating func fill(atLeast wanted: Int) throws -> Bool {
        guard !finished else { return false }
        let keep = mark ?? index
        count(to: keep)
        if keep > 0 {
            buffer.removeSubrange(0..<keep)
            base += keep
            index -= keep
            counted -= keep
            if mark != nil { mark = 0 }
        }
        var got = 0
        while got < wanted {
            let read = try source.read(into: &buffer, maximum: max(chunkSize, wanted - got))
            if read == 0 {
                finished = true
                break
            }
            got += read
        }
        return got > 0
    }
}
