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
        try openSized(path).source
    }

    /// Opens `path` for reading as ``openForReading(_:)`` does (one `open` and one `fstat`),
    /// with the size of a regular file (`nil` for anything else: a pipe, a device), so that
    /// it can be read whole with ``readWhole(_:size:)``.
    package static func openSized(_ path: String) throws -> (source: FileDescriptorSource, size: Int?) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { throw FileError.notFound(path: path) }
            throw FileError.unreadable(path: path, reason: FileError.reason())
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return (FileDescriptorSource(descriptor: descriptor, name: path), nil) }
        if (status.st_mode & S_IFMT) == S_IFDIR {
            close(descriptor)
            throw FileError.unreadable(path: path, reason: "is a directory")
        }
        let size = (status.st_mode & S_IFMT) == S_IFREG ? Int(status.st_size) : nil
        return (FileDescriptorSource(descriptor: descriptor, name: path), size)
    }

    /// Reads a regular file that ``openSized(_:)`` opened and found `size` bytes long, from
    /// its start, into an array made for it: one `read` when the file is as long as it was (a
    /// read that stops short once `size` bytes are in is the end); a file that grew is read on
    /// to its end, or until it holds more than `limit` bytes (then at most a megabyte more:
    /// the caller refuses it as too large, and a file that keeps growing holds no more memory).
    /// Throws ``FileError/ioFailed(path:reason:)`` as ``FileDescriptorSource`` does.
    package static func readWhole(_ source: FileDescriptorSource, size: Int, limit: Int = .max) throws -> [UInt8] {
        var failure: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, count in
            count = 0
            while count < buffer.count {
                let got = read(source.descriptor, buffer.baseAddress! + count, buffer.count - count)
                if got < 0 && errno == EINTR { continue }
                guard got > 0 else {
                    if got < 0 { failure = errno }
                    return
                }
                count += got
                if count >= size && count < buffer.count { return }
            }
        }
        guard failure == 0 else { throw FileError.ioFailed(path: source.name, reason: "cannot read: \(FileError.reason(failure))") }
        if bytes.count == size + 1 {
            var rest = source
            while bytes.count <= limit, try rest.read(into: &bytes, maximum: 1 << 20) > 0 {}
        }
        return bytes
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
