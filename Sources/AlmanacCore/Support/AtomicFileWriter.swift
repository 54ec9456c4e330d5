#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file so that it appears whole or not at all: bytes go to a temporary
/// file in the same folder, which replaces the target only on ``commit()``.
/// Dropped without a commit (or on ``abort()``), it removes the temporary file and
/// leaves any existing target byte-identical, like a draft dropped on Cancel.
///
/// A target that exists and is not a regular file (`/dev/null`, `/dev/stdout`, a named
/// pipe) cannot be replaced by renaming: it is written in place, and nothing is atomic.
package final class AtomicFileWriter {
    /// The file that appears on commit.
    package let path: String
    /// The temporary file, or `nil` when ``path`` is written in place (not a regular file).
    private let temporaryPath: String?
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    private var finished = false
    /// Writes full buffers on a second thread once the output passes one buffer.
    private var behind: WriteBehind?

    /// Creates the temporary file beside `path`.
    /// Throws ``FileError/cannotCreate(path:reason:)`` when the folder is missing or not writable.
    package init(path: String) throws {
        self.path = path
        var existing = stat()
        let exists = stat(path, &existing) == 0
        if exists && existing.st_mode & S_IFMT != S_IFREG && existing.st_mode & S_IFMT != S_IFDIR {
            // Renaming a file over a device or a pipe would replace it, not write to it.
            let descriptor = open(path, O_WRONLY)
            guard descriptor >= 0 else { throw FileError.cannotCreate(path: path, reason: FileError.reason()) }
            self.descriptor = descriptor
            temporaryPath = nil
            return
        }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array("\(folder).\(name).almanac-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw FileError.cannotCreate(path: path, reason: FileError.reason())
        }
        self.descriptor = descriptor
        temporaryPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        // The result gets the usual permissions, or the existing file's.
        let mode: mode_t = exists ? existing.st_mode & 0o7777 : 0o644
        fchmod(descriptor, mode)
    }

    deinit {
        if !finished { abort() }
    }

    /// Adds bytes; they reach the temporary file in large writes, made on a second thread
    /// (``WriteBehind``) while the caller goes on. A failed write is thrown by a later call.
    package func write(_ bytes: some Collection<UInt8>) throws {
        // Called from other modules, this generic is not specialized: contiguous bytes are
        // copied in one go rather than one element at a time.
        let copied: Void? = bytes.withContiguousStorageIfAvailable { buffer.append(contentsOf: $0) }
        if copied == nil { buffer.append(contentsOf: bytes) }
        try handOverIfFull()
    }

    /// Adds the bytes of an array (the common case, with no generic dispatch).
    package func write(_ bytes: [UInt8]) throws {
        buffer.append(contentsOf: bytes)
        try handOverIfFull()
    }

    /// Hands the buffer to the write-behind thread once it holds a megabyte.
    private func handOverIfFull() throws {
        guard buffer.count >= 1 << 20 else { return }
        if behind == nil { behind = WriteBehind(descriptor: descriptor, name: path) }
        try behind!.hand(&buffer)
        if buffer.capacity < 1 << 20 { buffer.reserveCapacity((1 << 20) + (1 << 16)) }
    }

    /// Writes what is buffered, flushes it to disk and renames the temporary file over `path`.
    package func commit() throws {
        precondition(!finished, "commit after the writer finished")
        do {
            try behind?.drain()
            try flush()
            behind?.stop()
            behind = nil
            guard let temporaryPath else {
                close(descriptor)
                descriptor = -1
                finished = true
                return
            }
            guard fsync(descriptor) == 0 else { throw FileError.ioFailed(path: path, reason: FileError.reason()) }
            guard close(descriptor) == 0 else {
                descriptor = -1
                throw FileError.ioFailed(path: path, reason: FileError.reason())
            }
            descriptor = -1
            guard rename(temporaryPath, path) == 0 else {
                throw FileError.cannotCreate(path: path, reason: FileError.reason())
            }
            finished = true
        } catch {
            abort()
            throw error
        }
    }

    /// Whether ``startOver()`` can drop what was written: the target is a regular file,
    /// written through a temporary file.
    package var canStartOver: Bool {
        temporaryPath != nil && !finished
    }

    /// Drops everything written so far, to write the file again from its start.
    package func startOver() throws {
        precondition(canStartOver, "startOver needs a temporary file")
        try behind?.drain()
        buffer.removeAll(keepingCapacity: true)
        guard ftruncate(descriptor, 0) == 0, lseek(descriptor, 0, SEEK_SET) == 0 else {
            throw FileError.ioFailed(path: path, reason: "cannot start the file over: \(FileError.reason())")
        }
    }

    /// Drops everything written: removes the temporary file, leaves `path` alone.
    package func abort() {
        behind?.stop()
        behind = nil
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        if let temporaryPath { unlink(temporaryPath) }
        finished = true
    }

    private func flush() throws {
        guard try FileIO.writeAll(buffer, to: descriptor, name: path) else {
            throw FileError.ioFailed(path: path, reason: "cannot write: the file was closed")
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes `bytes` to `path` atomically in one call.
    package static func write(_ bytes: [UInt8], to path: String) throws {
        let writer = try AtomicFileWriter(path: path)
        try writer.write(bytes)
        try writer.commit()
    }
}
