import AlmanacCore

/// Limits on what a conversion reads: the size of each input read whole, the number of
/// items in all of them, how deep an input may nest and how long its lines may be. Going
/// past one is an ``AlmanacError`` (``ExitStatus/dataError``) that names the limit and the
/// command-line option that raises it. Also the kind of items that neither say nor tell it
/// (`--kind`), which the readers receive with the depth in ``ReaderLimits``.
public struct InputLimits: Sendable, Hashable {
    /// The largest input read whole, in bytes (`--max-input-size`, default 2 GiB).
    public var maximumInputBytes = 2 << 30
    /// The largest streamed input: streamed conversions hold one item at a time and are not
    /// limited unless `--max-input-size` is given.
    public var maximumStreamedBytes: Int?
    /// The most items in all inputs together, read whole (`--max-items`, default 10 million).
    public var maximumItems = 10_000_000
    /// The longest line of a line-based format (ndjson, markdown, ics unfolded), in bytes
    /// (`--max-line-length`, default 16 MiB), read whole or streamed.
    public var maximumLineLength = 16 << 20
    /// How deep inputs may nest (`--max-depth`; default: each format's own), and the kind of
    /// items that neither say nor tell it (`--kind`; default: none, such an item is an error).
    public var reader = ReaderLimits.formatDefaults

    /// The largest depth accepted: deeper limits would let a hostile file exhaust the stack.
    public static let greatestDepth = 1000

    /// The defaults.
    public init() {}

    /// Reads a source whole, refusing to go past ``maximumInputBytes`` or ``maximumLineLength``.
    func readAll(from source: inout some ByteSource, name: String, lines: LineStructure) throws -> [UInt8] {
        var limited = LineLimitedSource(source, maximum: maximumLineLength, structure: lines)
        var bytes: [UInt8] = []
        if let size = limited.remainingByteCount() { bytes.reserveCapacity(min(size, maximumInputBytes)) }
        do {
            while try limited.read(into: &bytes, maximum: 1 << 20) > 0 {
                if bytes.count > maximumInputBytes { throw tooLarge(name) }
            }
        } catch let long as LineTooLong {
            throw exceeded(long, name: name)
        }
        return bytes
    }

    /// Reads a file that ``FileIO/openSized(_:)`` opened whole: a regular file of `size` bytes
    /// within ``maximumInputBytes`` with one `read` into an array made for it, its lines then
    /// checked against ``maximumLineLength``; anything else as ``readAll(from:name:lines:)``
    /// reads it, with the same errors.
    func readAll(from source: inout FileDescriptorSource, size: Int?, name: String, lines: LineStructure) throws -> [UInt8] {
        guard let size, size <= maximumInputBytes else { return try readAll(from: &source, name: name, lines: lines) }
        let bytes = try FileIO.readWhole(source, size: size, limit: maximumInputBytes)
        if bytes.count > maximumInputBytes { throw tooLarge(name) }
        do {
            try LineLengthLimit.check(bytes, maximum: maximumLineLength, structure: lines)
        } catch {
            throw exceeded(error, name: name)
        }
        return bytes
    }

    /// `name` is larger than ``maximumInputBytes``.
    func tooLarge(_ name: String) -> LimitExceeded {
        exceeded(name, "is larger than \(maximumInputBytes) bytes", option: "--max-input-size")
    }

    func exceeded(_ name: String, _ what: String, option: String) -> LimitExceeded {
        LimitExceeded(diagnostic: Diagnostic(.error, "the input \(what), the limit; raise it with \(option)", source: name))
    }

    func exceeded(_ long: LineTooLong, name: String) -> LimitExceeded {
        LimitExceeded(diagnostic: Diagnostic(.error, "line \(long.line) is longer than \(long.limit) bytes, the limit; raise it with --max-line-length", source: name, position: long.position))
    }

    /// A reader's error as a diagnostic; one about nesting names `--max-depth`, one about an
    /// item of no kind `--kind`.
    static func diagnostic(for error: any CodecError, source: String) -> Diagnostic {
        var diagnostic = error.diagnostic(source: source)
        if error.depthLimit != nil {
            diagnostic.message += " (the limit; raise it with --max-depth, up to \(greatestDepth))"
        }
        if error.isUndecidedKind {
            diagnostic.message += ", or give --kind event|recipe"
        }
        return diagnostic
    }

    /// A limit was passed; the diagnostic says which and how to raise it.
    struct LimitExceeded: Error {
        var diagnostic: Diagnostic
    }
}
