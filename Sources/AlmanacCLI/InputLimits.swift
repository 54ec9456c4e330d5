import AlmanacCore

/// Limits on what `convert` and `validate` read: the size of each input read whole, the
/// number of items in all of them, how deep an input may nest and how long its lines may
/// be. Going past one is an error (exit 65) that names the limit and the option that
/// raises it. Also the kind of items that neither say nor tell it (`--kind`), which the
/// readers receive with the depth in ``ReaderLimits``.
struct InputLimits: Sendable {
    /// The largest input read whole, in bytes (`--max-input-size`, default 2 GiB).
    var maximumInputBytes = 2 << 30
    /// The largest streamed input: streamed conversions hold one item at a time and are not
    /// limited unless `--max-input-size` is given.
    var maximumStreamedBytes: Int?
    /// The most items in all inputs together, read whole (`--max-items`, default 10 million).
    var maximumItems = 10_000_000
    /// The longest line of a line-based format (ndjson, markdown, ics unfolded), in bytes
    /// (`--max-line-length`, default 16 MiB), read whole or streamed.
    var maximumLineLength = 16 << 20
    /// How deep inputs may nest (`--max-depth`; default: each format's own), and the kind of
    /// items that neither say nor tell it (`--kind`; default: none, such an item is an error).
    var reader = ReaderLimits.formatDefaults

    /// The largest `--max-depth` accepted: deeper limits would let a hostile file exhaust the stack.
    static let greatestDepth = 1000

    static let options: [ArgumentScanner.Option] = [
        .init(names: ["--max-input-size"], valueName: "<size>", help: "The largest input read whole, such as 500M or 4G (default 2G)."),
        .init(names: ["--max-items"], valueName: "<count>", help: "The most items in all inputs together (default 10000000)."),
        .init(names: ["--max-depth"], valueName: "<levels>", help: "The deepest nesting read, up to \(greatestDepth) (default: the format's, such as 256 for JSON)."),
        .init(names: ["--max-line-length"], valueName: "<size>", help: "The longest line of ndjson, markdown and ics input (default 16M)."),
        .init(names: ["--kind"], valueName: "<kind>", help: "event or recipe: the kind of ndjson (or json array) items that have no 'kind' and no field that tells."),
    ]

    /// The limits the arguments ask for; usage errors name `command`.
    init(_ arguments: ArgumentScanner.Result, command: String) throws {
        if let text = arguments.value("--max-input-size") {
            maximumInputBytes = try Self.size(text, option: "--max-input-size", command: command)
            maximumStreamedBytes = maximumInputBytes
        }
        if let text = arguments.value("--max-line-length") {
            maximumLineLength = try Self.size(text, option: "--max-line-length", command: command)
        }
        if let text = arguments.value("--max-items") {
            guard let count = Int(text), count > 0 else {
                throw UsageError("The value of --max-items must be a positive whole number, not '\(text)'", command: command)
            }
            maximumItems = count
        }
        if let text = arguments.value("--max-depth") {
            guard let depth = Int(text), (1...Self.greatestDepth).contains(depth) else {
                throw UsageError("The value of --max-depth must be a whole number from 1 to \(Self.greatestDepth), not '\(text)'", command: command)
            }
            reader.maximumDepth = depth
        }
        if let text = arguments.value("--kind") {
            guard let kind = ItemKind(rawValue: text) else {
                throw UsageError("The value of --kind must be event or recipe, not '\(text)'", command: command)
            }
            reader.defaultKind = kind
        }
    }

    private static func size(_ text: String, option: String, command: String) throws -> Int {
        guard let bytes = size(text) else {
            throw UsageError("The value of \(option) must be a size such as 500M, 4G or 1048576, not '\(text)'", command: command)
        }
        return bytes
    }

    /// `123`, `10K`, `500M`, `4G` (powers of 1024).
    static func size(_ text: String) -> Int? {
        guard let last = text.last else { return nil }
        let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40]
        if let unit = units[Character(last.uppercased())] {
            guard let number = Int(text.dropLast()), number > 0 else { return nil }
            let (bytes, overflow) = number.multipliedReportingOverflow(by: unit)
            return overflow ? nil : bytes
        }
        guard let bytes = Int(text), bytes > 0 else { return nil }
        return bytes
    }

    /// Reads a source whole, refusing to go past ``maximumInputBytes`` or ``maximumLineLength``.
    func readAll(from source: inout some ByteSource, name: String, lines: LineStructure) throws -> [UInt8] {
        var limited = LineLimitedSource(source, maximum: maximumLineLength, structure: lines)
        var bytes: [UInt8] = []
        do {
            while try limited.read(into: &bytes, maximum: 1 << 20) > 0 {
                if bytes.count > maximumInputBytes { throw tooLarge(name) }
            }
        } catch let long as LineTooLong {
            throw exceeded(long, name: name)
        }
        return bytes
    }

    /// `name` is larger than ``maximumInputBytes``.
    func tooLarge(_ name: String) -> LimitExceeded {
        exceeded(name, "is larger than \(maximumInputBytes) bytes", option: "--max-input-size")
    }

    func exceeded(_ name: String, _ what: String, option: String) -> LimitExceeded {
        LimitExceeded(message: "\(name): error: the input \(what), the limit; raise it with \(option)")
    }

    func exceeded(_ long: LineTooLong, name: String) -> LimitExceeded {
        LimitExceeded(message: "\(name):\(long.line):1: error: line \(long.line) is longer than \(long.limit) bytes, the limit; raise it with --max-line-length")
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

    /// A limit was passed; the message says which and how to raise it.
    struct LimitExceeded: Error {
        var message: String
    }
}

/// A streamed input that may not pass `--max-input-size` when it is given (``InputLimits/maximumStreamedBytes``).
struct SizeLimitedSource<Base: ByteSource>: ByteSource {
    private var base: Base
    private let maximum: Int?
    /// What going past `maximum` throws.
    private let refusal: InputLimits.LimitExceeded
    private var count = 0

    init(_ base: Base, maximum: Int?, refusal: InputLimits.LimitExceeded) {
        self.base = base
        self.maximum = maximum
        self.refusal = refusal
    }

    mutating func read(into buffer: inout [UInt8], maximum wanted: Int) throws -> Int {
        let read = try base.read(into: &buffer, maximum: wanted)
        count += read
        if let maximum, count > maximum {
            throw refusal
        }
        return read
    }
}
