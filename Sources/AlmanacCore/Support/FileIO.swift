#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading whole inputs and opening them for streaming, with errors that name the path.
package enum FileIO {
    /// Opens `path` for reading; throws ``FileError/notFound(path:)`` or ``FileError/unreadable(path:reason:)``.
    package static func openForReading(_ path: String) throws -> FileDescriptorSource {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { throw FileError.notFound(path: path) }
            throw FileError.unreadable(path: path, reason: FileError.reason())
        }
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            close(descriptor)
            throw FileError.unreadable(path: path, reason: "is a directory")
        }
        return FileDescriptorSource(descriptor: descriptor, name: path)
    }

    /// Checks that `path` can be opened for reading, without reading it.
    package static func checkReadable(_ path: String) throws {
        let source = try openForReading(path)
        close(source.descriptor)
    }

    /// Reads all of `path`, sized up front from the file's length.
    package static func readAll(_ path: String) throws -> [UInt8] {
        var source = try openForReading(path)
        defer { close(source.descriptor) }
        var status = stat()
        var bytes: [UInt8] = []
        if fstat(source.descriptor, &status) == 0, status.st_size > 0 {
            bytes.reserveCapacity(Int(status.st_size) + 1)
        }
        while try source.read(into: &bytes, maximum: 1 << 20) > 0 {}
        return bytes
    }

    /// Reads a source to its end.
    package static func readAll(from source: inout some ByteSource) throws -> [UInt8] {
        var bytes: [UInt8] = []
        if let size = source.remainingByteCount() { bytes.reserveCapacity(size) }
        while try source.read(into: &bytes, maximum: 1 << 20) > 0 {}
        return bytes
    }

    /// Writes all of `bytes` to `descriptor`, retrying on interruption. Returns `false` when
    /// the reader has gone away (EPIPE); throws ``FileError/ioFailed(path:reason:)`` on any
    /// other failure (a full disk, …), naming `name`.
    package static func writeAll(_ bytes: [UInt8], to descriptor: Int32, name: String) throws -> Bool {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { raw in
                write(descriptor, raw.baseAddress! + written, raw.count - written)
            }
            if count < 0 && errno == EINTR { continue }
            if count < 0 && errno == EPIPE { return false }
            guard count > 0 else { throw FileError.ioFailed(path: name, reason: "cannot write: \(FileError.reason())") }
            written += count
        }
        return true
    }

    /// Standard input as a source.
    package static var standardInput: FileDescriptorSource {
        FileDescriptorSource(descriptor: 0, name: "<stdin>")
    }
}
