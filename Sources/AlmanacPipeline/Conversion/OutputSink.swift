/// Where a conversion's bytes go when they do not go to a file: standard output, a pipe,
/// memory (``MemoryOutput``).
public protocol OutputSink: AnyObject {
    /// Writes `bytes`; a failure is thrown (the conversion stops with it).
    func write(_ bytes: [UInt8]) throws
    /// Whether the reader went away (`almanac … | head -1`): the conversion then stops
    /// quietly, without encoding the rest.
    var isClosed: Bool { get }
    /// The name messages about the output use, such as `<stdout>`.
    var name: String { get }
}

/// An output kept in memory.
public final class MemoryOutput: OutputSink {
    /// What was written.
    public private(set) var bytes: [UInt8] = []
    /// The name messages about the output use.
    public let name: String

    public init(name: String = "<memory>") {
        self.name = name
    }

    /// Appends `bytes` to ``bytes``.
    public func write(_ bytes: [UInt8]) throws {
        self.bytes += bytes
    }

    /// Memory never goes away.
    public var isClosed: Bool { false }
}
