#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import AlmanacCore

/// Standard output and standard error, written with `write(2)`.
///
/// When the reader of standard output goes away (`almanac … | head -1`), writing
/// stops quietly: ``outputClosed`` turns true and the run ends with status 0.
final class Console {
    private(set) var outputClosed = false

    init() {
        // A closed pipe then shows up as EPIPE from write(2) instead of killing the process.
        signal(SIGPIPE, SIG_IGN)
    }

    /// Writes bytes to standard output; throws ``FileError/ioFailed(path:reason:)`` on a failure
    /// other than a closed pipe.
    func write(_ bytes: [UInt8]) throws {
        guard !outputClosed else { return }
        if try !Self.writeAll(bytes, to: 1) { outputClosed = true }
    }

    /// Writes text to standard output.
    func print(_ text: String) throws {
        try write(Array((text + "\n").utf8))
    }

    /// Writes a line to standard error, ignoring failures (there is nowhere left to report them).
    func error(_ text: String) {
        _ = try? Self.writeAll(Array((text + "\n").utf8), to: 2)
    }

    /// Returns false when the reader has gone away (EPIPE).
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws -> Bool {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { raw in
                #if canImport(Darwin)
                Darwin.write(descriptor, raw.baseAddress! + written, raw.count - written)
                #else
                Glibc.write(descriptor, raw.baseAddress! + written, raw.count - written)
                #endif
            }
            if count < 0 && errno == EINTR { continue }
            if count < 0 && errno == EPIPE { return false }
            guard count > 0 else {
                throw FileError.ioFailed(path: "<stdout>", reason: "cannot write: \(String(cString: strerror(errno)))")
            }
            written += count
        }
        return true
    }
}
