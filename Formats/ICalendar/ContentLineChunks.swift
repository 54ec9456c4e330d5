import AlmanacCore
import AlmanacICalendarModel

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
    /// Whether each reader's bytes are checked for UTF-8 at once (``ContentLineReader/isValidUTF8``).
    private let checksUTF8: Bool
    /// Lines whose bytes were not valid UTF-8, from every reader handed out.
    private(set) var invalidUTF8Lines: [(line: Int, offset: Int)] = []

    /// Chunks of `source`; with `checksUTF8`, each reader handed out knows whether its
    /// bytes are valid UTF-8 (one look at the chunk rather than one at each line).
    init(_ source: Source, chunkSize: Int = 1 << 18, checksUTF8: Bool = false) {
        self.source = source
        self.chunkSize = chunkSize
        self.checksUTF8 = checksUTF8
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
            let lines = UnsafeBufferPointer(rebasing: bytes[0..<end])
            var reader = ContentLineReader(lines, lineNumber: lineNumber, offset: offset)
            if checksUTF8 { reader.isValidUTF8 = ContentLineParser.isValidUTF8(lines) }
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
