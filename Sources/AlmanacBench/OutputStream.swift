#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file written front to back through a buffer, for generating inputs far larger
/// than memory should hold.
final class OutputStream {
    private let file: UnsafeMutablePointer<FILE>
    let path: String
    private(set) var written = 0

    init(path: String) throws {
        guard let file = fopen(path, "wb") else { throw BenchError("cannot create \(path): \(String(cString: strerror(errno)))") }
        self.file = file
        self.path = path
        setvbuf(file, nil, _IOFBF, 1 << 20)
    }

    func write(_ text: String) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { write($0) }
    }

    private func write(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count > 0 else { return }
        fwrite(bytes.baseAddress!, 1, bytes.count, file)
        written += bytes.count
    }

    func close() {
        fclose(file)
    }
}

/// The size of the file at `path` in bytes; 0 when there is none.
func fileSize(_ path: String) -> Int {
    var status = stat()
    return stat(path, &status) == 0 ? Int(status.st_size) : 0
}

/// A failure of the benchmark itself (not of the program measured).
struct BenchError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
