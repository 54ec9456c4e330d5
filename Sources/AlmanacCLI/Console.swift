#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Almanac

/// Standard output and standard error, written with `write(2)`.
///
/// When the reader of standard output goes away (`almanac … | head -1`), writing
/// stops quietly: ``outputClosed`` turns true and the run ends with status 0.
final class Console: OutputSink {
    private(set) var outputClosed = false

    var isClosed: Bool { outputClosed }
    let name = "<stdout>"

    init() {
        // A closed pipe then shows up as EPIPE from write(2) instead of killing the process.
        signal(SIGPIPE, SIG_IGN)
    }

    /// Writes bytes to standard output; throws ``FileError/ioFailed(path:reason:)`` on a failure
    /// other than a closed pipe.
    func write(_ bytes: [UInt8]) throws {
        guard !outputClosed else { return }
        if try !FileIO.writeAll(bytes, to: 1, name: "<stdout>") { outputClosed = true }
    }

    /// Writes text to standard output.
    func print(_ text: String) throws {
        try write(Array((text + "\n").utf8))
    }

    /// Writes a line to standard error, ignoring failures (there is nowhere left to report them).
    func error(_ text: String) {
        _ = try? FileIO.writeAll(Array((text + "\n").utf8), to: 2, name: "<stderr>")
    }
}
