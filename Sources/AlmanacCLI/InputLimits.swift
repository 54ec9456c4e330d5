import AlmanacCore

/// Limits on what `convert` and `validate` read whole: the size of each input and the
/// number of items in all of them. Going past one is an error (exit 65) that names the
/// limit and the option that raises it. Streaming conversions (ndjson to ndjson) hold
/// one item at a time and are not limited.
struct InputLimits: Sendable {
    /// The largest input read whole, in bytes (`--max-input-size`, default 2 GiB).
    var maximumInputBytes = 2 << 30
    /// The most items in all inputs together (`--max-items`, default 10 million).
    var maximumItems = 10_000_000

    static let options: [ArgumentScanner.Option] = [
        .init(names: ["--max-input-size"], valueName: "<size>", help: "The largest input read whole, such as 500M or 4G (default 2G)."),
        .init(names: ["--max-items"], valueName: "<count>", help: "The most items in all inputs together (default 10000000)."),
    ]

    /// The limits the arguments ask for; usage errors name `command`.
    init(_ arguments: ArgumentScanner.Result, command: String) throws {
        if let text = arguments.value("--max-input-size") {
            guard let bytes = Self.size(text) else {
                throw UsageError("The value of --max-input-size must be a size such as 500M, 4G or 1048576, not '\(text)'", command: command)
            }
            maximumInputBytes = bytes
        }
        if let text = arguments.value("--max-items") {
            guard let count = Int(text), count > 0 else {
                throw UsageError("The value of --max-items must be a positive whole number, not '\(text)'", command: command)
            }
            maximumItems = count
        }
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

    /// Reads a source whole, refusing to go past ``maximumInputBytes``.
    func readAll(from source: inout some ByteSource, name: String) throws -> [UInt8] {
        var bytes: [UInt8] = []
        while try source.read(into: &bytes, maximum: 1 << 20) > 0 {
            if bytes.count > maximumInputBytes { throw exceeded(name, "is larger than \(maximumInputBytes) bytes", option: "--max-input-size") }
        }
        return bytes
    }

    func exceeded(_ name: String, _ what: String, option: String) -> LimitExceeded {
        LimitExceeded(message: "\(name): error: the input \(what), the limit; raise it with \(option)")
    }

    /// A limit was passed; the message says which and how to raise it.
    struct LimitExceeded: Error {
        var message: String
    }
}
