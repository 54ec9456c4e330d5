#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import AlmanacCore
import AlmanacICalendarModel

/// Reads iCalendar text from a ``ByteSource`` in chunks and hands out a
/// ``ContentLineReader`` over each run of complete logical lines, so that only about one
/// chunk (and the longest logical line) is ever in memory.
struct ContentLineChunks<Source: ByteSource> {
    private(set) var source: Source
    /// The bytes read and not yet handed out are `storage[0..<filled]`; the rest of it is
    /// room that the source reads into straight.
    private var storage: [UInt8] = []
    private var filled = 0
    private var finished = false
    /// The line number and input offset of `storage[0]`.
    private var lineNumber = 1
    private var offset = 0
    private let chunkSize: Int
    /// Whether each reader's bytes are checked for UTF-8 at once (``ContentLineReader/isValidUTF8``).
    private let checksUTF8: Bool
    /// Lines whose bytes were not valid UTF-8, from every reader handed out.
    private(set) var invalidUTF8Lines: [(line: Int, offset: Int)] = []
    /// The longest logical line allowed, when these chunks check it (the source handed its
    /// check over: ``ByteSource/handOverLineLengthCheck(structure:)``).
    private let lineLimit: Int?
    /// The check of the bytes at the start of `storage` so far, `checkedCount` of them,
    /// while they hold more bytes than `lineLimit` with no complete line handed out.
    private var lineCheck: LineLengthLimit?
    private var checkedCount = 0

    /// Chunks of `source`; with `checksUTF8`, each reader handed out knows whether its
    /// bytes are valid UTF-8 (one look at the chunk rather than one at each line); with
    /// `lineLimit`, a logical line longer than it throws ``LineTooLong`` (as soon as its
    /// bytes are read, so that a runaway line never fills memory). `line` and `offset` are those of the source's first byte (a part of an input
    /// starts inside it).
    init(_ source: Source, chunkSize: Int = 1 << 18, checksUTF8: Bool = false, lineLimit: Int? = nil, line: Int = 1, offset: Int = 0) {
        self.source = source
        lineNumber = line
        self.offset = offset
        self.chunkSize = chunkSize
        self.checksUTF8 = checksUTF8
        self.lineLimit = lineLimit
    }

    /// Calls `body` with a reader over the next complete logical lines; `false` once the
    /// input is used up.
    mutating func next(_ body: (inout ContentLineReader) throws -> Void) throws -> Bool {
        var end: Int?
        // Bytes before `searched` hold no place to cut (a huge folded line is searched once).
        var searched = 0
        while true {
            end = finished ? filled : storage.withUnsafeBufferPointer { ContentLineReader.endOfCompleteLines(in: UnsafeBufferPointer(rebasing: $0[0..<filled]), from: searched) }
            if end != nil || finished { break }
            searched = filled
            // No complete line yet: one that is too long already stops the reading. A CR
            // at the end waits for the next bytes, which may make it a line end.
            if let lineLimit, filled > lineLimit {
                try checkLines(upTo: storage[filled - 1] == UInt8(ascii: "\r") ? filled - 1 : filled)
            }
            if try readChunk() == 0 { finished = true }
        }
        guard let end, end > 0 else { return false }
        // Lines are no longer than the bytes that hold them: only a run of lines longer
        // than the limit is measured.
        if let lineLimit, end > lineLimit { try checkLines(upTo: end) }
        lineCheck = nil
        checkedCount = 0
        try storage.withUnsafeBufferPointer { bytes in
            let lines = UnsafeBufferPointer(rebasing: bytes[0..<end])
            var reader = ContentLineReader(lines, lineNumber: lineNumber, offset: offset)
            if checksUTF8 { reader.isValidUTF8 = ContentLineParser.isValidUTF8(lines) }
            try body(&reader)
            while reader.next() != nil {}
            lineNumber = reader.lineNumber
            invalidUTF8Lines += reader.invalidUTF8Lines
        }
        // The bytes after the lines handed out move to the front.
        let kept = filled - end
        storage.withUnsafeMutableBytes { bytes in
            if kept > 0, let base = bytes.baseAddress { memmove(base, base + end, kept) }
        }
        filled = kept
        offset += end
        return true
    }

    /// Reads the next bytes into the room after `filled`, made first when it is short.
    private mutating func readChunk() throws -> Int {
        if storage.count - filled < max(chunkSize / 2, 1) {
            // Room for a chunk and the bytes kept (a line's start, usually short).
            var larger = [UInt8](repeating: 0, count: max(storage.count * 2, filled + chunkSize + chunkSize / 16))
            larger.withUnsafeMutableBytes { to in
                storage.withUnsafeBytes { from in to.copyMemory(from: UnsafeRawBufferPointer(rebasing: from[0..<filled])) }
            }
            storage = larger
        }
        var room: [UInt8] = []
        swap(&room, &storage)
        defer { swap(&room, &storage) }
        let start = filled
        let count = try room.withUnsafeMutableBytes { try source.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[start...])) }
        filled += count
        return count
    }

    /// Measures the lines of `storage[0..<end]` (from where the last call stopped), which
    /// start at a line's start.
    private mutating func checkLines(upTo end: Int) throws(LineTooLong) {
        guard let lineLimit else { return }
        var check = lineCheck ?? LineLengthLimit(maximum: lineLimit, structure: .folded, line: lineNumber, offset: offset)
        let start = checkedCount
        try storage.withUnsafeBufferPointer { (bytes) throws(LineTooLong) in try check.check(UnsafeBufferPointer(rebasing: bytes[start..<end])) }
        lineCheck = check
        checkedCount = end
    }
}
