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
public struct DocumentAssembler {
    /// Items that came one after another with one place, stored one after another.
    private struct Run {
        var place: StreamPlace
        /// Where the run's bytes start in the stored bytes (the file's, then memory's).
        var offset: Int
        var length: Int
    }

    private var runs: [Run] = []
    /// Encoded bytes not yet spilled; they follow the `spilled` bytes of the file.
    private var memory: [UInt8] = []
    private var spilled = 0
    private var spill: SpillFile?
    private let spillThreshold: Int?

    /// An assembler that spills past `spillThreshold` bytes (`nil`: never).
    public init(spillThreshold: Int? = 8 << 20) {
        self.spillThreshold = spillThreshold
    }

    /// Encodes `item` with `writer` and keeps it.
    public mutating func add(_ item: Item, with writer: inout some DocumentStreamWriter) throws {
        let place = writer.place(of: item)
        if let last = runs.last, last.place == place, last.offset + last.length == spilled + memory.count {
            let start = memory.count
            memory.append(contentsOf: writer.separator(in: place.section))
            try writer.encode(item, into: &memory)
            runs[runs.count - 1].length += memory.count - start
        } else {
            let start = memory.count
            try writer.encode(item, into: &memory)
            runs.append(Run(place: place, offset: spilled + start, length: memory.count - start))
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
    public mutating func assemble(with writer: inout some DocumentStreamWriter, output: ([UInt8]) throws -> Void) throws {
        let ordered = runs.enumerated().sorted { ($0.element.place, $0.offset) < ($1.element.place, $1.offset) }.map(\.element)
        runs = []
        var previous: StreamPlace?
        var piece: [UInt8] = []
        piece.reserveCapacity(1 << 16)
        for run in ordered {
            try writer.lead(to: run.place, after: previous, into: &piece)
            previous = run.place
            var offset = run.offset
            var left = run.length
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
