import AlmanacCore

/// Reads iCalendar text from a ``ByteSource`` in chunks and hands out a
/// ``ContentLineReader`` over each run of complete logical lines, so that only about one
/// chunk (and the longest logical line) is ever in memory.
struct ContentLineChunks<Source: ByteSource> {
    private(set) var source: Source
    private var buffer: [UInt8] = []
    private var finished = false
    /// The line number and input offset of `buffer[0]`.
    private var lineNumber = 1
    private var offset = 0
    private let chunkSize: Int
    /// Lines whose bytes were not valid UTF-8, from every reader handed out.
    private(set) var invalidUTF8Lines: [(line: Int, offset: Int)] = []

    init(_ source: Source, chunkSize: Int = 1 << 18) {
        self.source = source
        self.chunkSize = chunkSize
    }

    /// Calls `body` with a reader over the next complete logical lines; `false` once the
    /// input is used up.
    mutating func next(_ body: (inout ContentLineReader) throws -> Void) throws -> Bool {
        var end: Int?
        // Bytes before `searched` hold no place to cut (a huge folded line is searched once).
        var searched = 0
        while true {
            end = finished ? buffer.count : buffer.withUnsafeBufferPointer { ContentLineReader.endOfCompleteLines(in: $0, from: searched) }
            if end != nil || finished { break }
            searched = buffer.count
            if try source.read(into: &buffer, maximum: chunkSize) == 0 { finished = true }
        }
        guard let end, end > 0 else { return false }
        try buffer.withUnsafeBufferPointer { bytes in
            var reader = ContentLineReader(UnsafeBufferPointer(rebasing: bytes[0..<end]), lineNumber: lineNumber, offset: offset)
            try body(&reader)
            while reader.next() != nil {}
            lineNumber = reader.lineNumber
            invalidUTF8Lines += reader.invalidUTF8Lines
        }
        buffer.removeSubrange(0..<end)
        offset += end
        return true
    }
}
