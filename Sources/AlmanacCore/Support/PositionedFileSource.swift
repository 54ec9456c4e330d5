#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a regular file through a descriptor another source also reads, at a place of its
/// own (`pread(2)`): the parts of one input read on several threads at once share the
/// descriptor the input was opened with, so that they read the file that was opened even
/// when its path now names another. It never closes the descriptor.
package struct PositionedFileSource: RereadableByteSource {
    package let descriptor: Int32
    /// The name errors use.
    package let name: String
    private var offset = 0

    package init(descriptor: Int32, name: String) {
        self.descriptor = descriptor
        self.name = name
    }

    package mutating func readPosition() -> Int? { offset }

    package mutating func setReadPosition(_ position: Int) throws {
        offset = max(position, 0)
    }

    package mutating func remainingByteCount() -> Int? {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        return max(Int(status.st_size) - offset, 0)
    }

    package mutating func read(into buffer: inout [UInt8], maximum: Int) throws -> Int {
        try appendRead(to: &buffer, maximum: maximum)
    }

    package mutating func read(into destination: UnsafeMutableRawBufferPointer) throws -> Int {
        guard let base = destination.baseAddress, !destination.isEmpty else { return 0 }
        while true {
            let count = pread(descriptor, base, destination.count, off_t(offset))
            if count < 0 && errno == EINTR { continue }
            if count < 0 {
                throw FileError.ioFailed(path: name, reason: "cannot read: \(FileError.reason())")
            }
            offset += count
            return count
        }
    }
}
