#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps a streamed document's items, encoded, until the last one is in, then hands
/// them out in the writer's order (see ``DocumentStreamWriter``).
///
/// Encoded bytes stay in memory up to `spillThreshold`, then go to an unlinked temporary
/// file in `$TMPDIR` (or `/tmp`), so memory holds at most the threshold and a small index:
/// one entry per run of items that came one after another with the same place (items of a
/// run are joined by the writer's separator as they come). Items whose places differ, such
/// as the events of a Markdown agenda, which are ordered by start, take an entry each.
package struct DocumentAssembler {
    /// Items that came one after another with one place, stored one after another
    /// (24 bytes: an agenda of a million events keeps 24 MB of runs).
    private struct Run {
        var rank: Double
        /// Where the run's bytes start in the stored bytes (the file's, then memory's).
        var offset: Int
        var length: UInt32
        var section: Int32

        var place: StreamPlace { StreamPlace(section: Int(section), rank: rank) }
        var end: Int { offset + Int(length) }
    }

    private var runs: [Run] = []
    /// Encoded bytes not yet spilled; they follow the `spilled` bytes of the file.
    private var memory: [UInt8] = []
    private var spilled = 0
    private var spill: SpillFile?
    private let spillThreshold: Int?

    /// An assembler that spills past `spillThreshold` bytes (`nil`: never). The default,
    /// 1 MiB, keeps a streamed document's memory small whatever its size; the bytes spilled
    /// go through the page cache once each way.
    package init(spillThreshold: Int? = 1 << 20) {
        self.spillThreshold = spillThreshold
        if let spillThreshold { memory.reserveCapacity(spillThreshold + (1 << 16)) }
    }

    /// Encodes `item` with `writer` and keeps it. An item that encodes to nothing (a recipe
    /// for a calendar, which the writer counts and warns about) is left out.
    package mutating func add(_ item: Item, with writer: inout some DocumentStreamWriter) throws {
        let place = writer.place(of: item)
        let start = memory.count
        if let last = runs.last, last.place == place, last.end == spilled + start, last.length < 1 << 31 {
            let separator = writer.separator(in: place.section)
            memory.append(contentsOf: separator)
            try writer.encode(item, into: &memory)
            guard memory.count > start + separator.count else {
                memory.removeLast(separator.count)
                return
            }
            runs[runs.count - 1].length += UInt32(memory.count - start)
        } else {
            try writer.encode(item, into: &memory)
            guard memory.count > start else { return }
            guard memory.count - start < 1 << 31 else { throw DocumentTooLarge() }
            runs.append(Run(rank: place.rank, offset: spilled + start, length: UInt32(memory.count - start), section: Int32(place.section)))
        }
        if let spillThreshold, memory.count >= spillThreshold {
            if spill == nil { spill = try SpillFile() }
            try spill!.append(memory)
            spilled += memory.count
            memory.removeAll(keepingCapacity: true)
        }
    }

    /// Passes the document to `output` in pieces: the runs in order of place (then in the
    /// order they came), each after its lead, then the writer's end.
    package mutating func assemble(with writer: inout some DocumentStreamWriter, output: ([UInt8]) throws -> Void) throws {
        // Runs of the same place keep the order they came in: their offsets grow.
        runs.sort { ($0.section, $0.rank, $0.offset) < ($1.section, $1.rank, $1.offset) }
        var previous: StreamPlace?
        var piece: [UInt8] = []
        piece.reserveCapacity(1 << 16)
        for run in runs {
            try writer.lead(to: run.place, after: previous, into: &piece)
            previous = run.place
            var offset = run.offset
            var left = Int(run.length)
            while left > 0 {
                let count = min(left, 1 << 20)
                try appendStored(from: offset, count: count, to: &piece)
                offset += count
                left -= count
                if piece.count >= 1 << 16 {
                    try output(piece)
                    piece.removeAll(keepingCapacity: true)
                }
            }
        }
        try writer.finish(after: previous, into: &piece)
        try output(piece)
    }

    /// Appends stored bytes `offset..<offset + count` (from the file, memory, or both).
    private func appendStored(from offset: Int, count: Int, to bytes: inout [UInt8]) throws {
        var offset = offset
        var count = count
        if offset < spilled, let spill {
            let fromFile = min(count, spilled - offset)
            try spill.read(at: offset, count: fromFile, into: &bytes)
            offset += fromFile
            count -= fromFile
        }
        guard count > 0 else { return }
        bytes.append(contentsOf: memory[(offset - spilled)..<(offset - spilled + count)])
    }
}

/// One item encoded to 2 GiB or more: no single item is ever that large.
package struct DocumentTooLarge: Error, CustomStringConvertible {
    package var description: String { "an item is 2 GiB or more once written" }
}

/// An unlinked temporary file: gone when closed, whatever happens to the process.
final class SpillFile {
    private let descriptor: Int32
    let folder: String

    init() throws {
        folder = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(folder)/almanac-spill-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw FileError.cannotCreate(path: folder, reason: "cannot create a temporary file: \(FileError.reason())") }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    func append(_ bytes: [UInt8]) throws {
        guard try FileIO.writeAll(bytes, to: descriptor, name: folder) else {
            throw FileError.ioFailed(path: folder, reason: "cannot write a temporary file")
        }
    }

    func read(at offset: Int, count: Int, into bytes: inout [UInt8]) throws {
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: count))
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { raw in
                pread(descriptor, raw.baseAddress! + start + done, count - done, off_t(offset + done))
            }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { throw FileError.ioFailed(path: folder, reason: "cannot read a temporary file: \(FileError.reason())") }
            done += got
        }
    }
}
