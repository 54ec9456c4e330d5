#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Something bytes can be read from in chunks: a file, standard input, or memory.
public protocol ByteSource {
    /// Appends up to `maximum` bytes to `buffer`; returns how many, 0 at the end.
    mutating func read(into buffer: inout [UInt8], maximum: Int) throws -> Int
    /// Reads up to `destination.count` bytes into `destination`; returns how many, 0 at the
    /// end. A file's bytes go straight there, with no buffer in between.
    mutating func read(into destination: UnsafeMutableRawBufferPointer) throws -> Int
    /// How many bytes are left to read, when the source knows (a regular file, memory), so
    /// that a reader that keeps them all makes room once instead of doubling its buffer.
    mutating func remainingByteCount() -> Int?
    /// For a reader that finds every line end of its input anyway and measures each line
    /// itself, with lines of `structure`: a source that checks the length of such lines
    /// as they pass (``LineLimitedSource``) stops, and gives the longest line allowed.
    /// `nil`, and nothing changes, for any other source.
    mutating func handOverLineLengthCheck(structure: LineStructure) -> Int?
}

extension ByteSource {
    /// ``read(into:maximum:)`` through ``read(into:)-(UnsafeMutableRawBufferPointer)``, for a
    /// source that reads into raw memory (a file): a chunk on the stack, then appended.
    package mutating func appendRead(to buffer: inout [UInt8], maximum: Int) throws -> Int {
        try withUnsafeTemporaryAllocation(byteCount: maximum, alignment: 1) { chunk in
            let count = try read(into: chunk)
            buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[0..<count]))
            return count
        }
    }

    /// Through ``read(into:maximum:)``, with a copy.
    public mutating func read(into destination: UnsafeMutableRawBufferPointer) throws -> Int {
        var bytes: [UInt8] = []
        let count = try read(into: &bytes, maximum: destination.count)
        bytes.withUnsafeBytes { destination.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        return count
    }

    /// Unknown: a pipe or a terminal.
    public mutating func remainingByteCount() -> Int? { nil }

    /// No check to hand over.
    public mutating func handOverLineLengthCheck(structure: LineStructure) -> Int? { nil }
}

/// A source that can be read again from an earlier point, so that a reader can make
/// two passes over a file without holding it (a regular file, bytes in memory).
public protocol RereadableByteSource: ByteSource {
    /// Where the next read starts, or `nil` when the source cannot come back to it
    /// (a pipe or a terminal).
    mutating func readPosition() -> Int?
    /// Makes the next read start at `position`, a value ``readPosition()`` returned.
    mutating func setReadPosition(_ position: Int) throws
}

/// Reads a file descriptor with `read(2)`, retrying on interruption.
public struct FileDescriptorSource: RereadableByteSource {
    public let descriptor: Int32
    /// The name errors use.
    public let name: String

    public init(descriptor: Int32, name: String) {
        self.descriptor = descriptor
        self.name = name
    }

    /// Closes the descriptor (standard input is left open).
    public func close() {
        #if canImport(Darwin)
        if descriptor > 2 { _ = Darwin.close(descriptor) }
        #else
        if descriptor > 2 { _ = Glibc.close(descriptor) }
        #endif
    }

    /// The offset in a regular file; `nil` for anything else.
    public mutating func readPosition() -> Int? {
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        let position = lseek(descriptor, 0, SEEK_CUR)
        return position >= 0 ? Int(position) : nil
    }

    /// The file's size past the offset, for a regular file.
    public mutating func remainingByteCount() -> Int? {
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        let position = lseek(descriptor, 0, SEEK_CUR)
        return position >= 0 ? max(Int(status.st_size) - Int(position), 0) : nil
    }

    public mutating func setReadPosition(_ position: Int) throws {
        guard lseek(descriptor, off_t(position), SEEK_SET) >= 0 else {
            throw FileError.ioFailed(path: name, reason: "cannot read again: \(FileError.reason())")
        }
    }

    public mutating func read(into buffer: inout [UInt8], maximum: Int) throws -> Int {
        try appendRead(to: &buffer, maximum: maximum)
    }

    public mutating func read(into destination: UnsafeMutableRawBufferPointer) throws -> Int {
        guard let base = destination.baseAddress, !destination.isEmpty else { return 0 }
        while true {
            #if canImport(Darwin)
            let count = Darwin.read(descriptor, base, destination.count)
            #else
            let count = Glibc.read(descriptor, base, destination.count)
            #endif
            if count < 0 && errno == EINTR { continue }
            if count < 0 {
                throw FileError.ioFailed(path: name, reason: "cannot read: \(FileError.reason())")
            }
            return count
        }
    }
}

/// Reads bytes already in memory, in chunks, as a file would be read.
public struct MemorySource: RereadableByteSource {
    private let bytes: [UInt8]
    private var offset = 0

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    public mutating func readPosition() -> Int? { offset }

    public mutating func remainingByteCount() -> Int? { bytes.count - offset }

    public mutating func setReadPosition(_ position: Int) throws {
        offset = min(max(position, 0), bytes.count)
    }

    public mutating func read(into buffer: inout [UInt8], maximum: Int) throws -> Int {
        let count = min(maximum, bytes.count - offset)
        buffer.append(contentsOf: bytes[offset..<(offset + count)])
        offset += count
        return count
    }

    public mutating func read(into destination: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = min(destination.count, bytes.count - offset)
        bytes.withUnsafeBytes { destination.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<(offset + count)])) }
        offset += count
        return count
    }
}

/// Splits a ``ByteSource`` into lines on `\n` (a `\r` before it is dropped),
/// keeping only the current chunk in memory.
public struct LineReader<Source: ByteSource> {
    private var source: Source
    private var buffer: [UInt8] = []
    private var start = 0
    private var finished = false
    /// Byte offset of the buffer's first byte in the whole input.
    private var bufferOffset = 0
    /// Line number of the last line returned, from 1.
    public private(set) var lineNumber = 0
    /// Byte offset in the whole input where the last line returned starts.
    public private(set) var lineOffset = 0
    private let chunkSize: Int

    public init(_ source: Source, chunkSize: Int = 1 << 16) {
        self.source = source
        self.chunkSize = chunkSize
    }

    /// Calls `body` with the next line's bytes (without the line ending), its line number
    /// (from 1) and the offset of its first byte; returns `false` at the end of the input.
    public mutating func nextLine(_ body: (_ line: ArraySlice<UInt8>, _ number: Int, _ offset: Int) throws -> Void) throws -> Bool {
        // Bytes before `scanned` hold no newline: a long line is searched once, not once per chunk.
        var scanned = start
        while true {
            if let newline = buffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
                var end = newline
                if end > start && buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                lineNumber += 1
                lineOffset = bufferOffset + start
                try body(buffer[start..<end], lineNumber, lineOffset)
                start = newline + 1
                return true
            }
            if finished {
                guard start < buffer.count else { return false }
                lineNumber += 1
                lineOffset = bufferOffset + start
                var end = buffer.count
                if buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                try body(buffer[start..<end], lineNumber, lineOffset)
                start = buffer.count
                return true
            }
            scanned = buffer.count
            if start > 0 {
                buffer.removeSubrange(0..<start)
                bufferOffset += start
                scanned -= start
                start = 0
            }
            // Read at least as much as is held, so a long line costs linear time to collect.
            if try source.read(into: &buffer, maximum: max(chunkSize, buffer.count)) == 0 { finished = true }
        }
    }
}
