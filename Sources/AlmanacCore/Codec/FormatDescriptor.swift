/// What a codec declares about its format: the names the CLI accepts, the file
/// extensions it claims, and which kinds of item it reads and writes.
public struct FormatDescriptor: Hashable, Sendable {
    /// The canonical name, such as `json`.
    public var name: String
    /// Other names the CLI accepts, such as `icalendar` for `ics`.
    public var aliases: [String]
    /// File extensions without the dot, such as `ndjson` and `jsonl`.
    public var extensions: [String]
    /// One line for `almanac formats`.
    public var summary: String
    /// Kinds of item the reader understands (empty: the codec does not read).
    public var reads: Set<ItemKind>
    /// Kinds of item the writer can carry (empty: the codec does not write).
    public var writes: Set<ItemKind>
    /// The fields of ``EncodingOptions`` its writer reads besides ``EncodingOptions/compact``,
    /// which `almanac convert` offers as options.
    public var writeOptions: [FormatOption]
    /// How the format is cut into lines, for the line-length limit.
    public var lines: LineStructure

    public init(name: String, aliases: [String] = [], extensions: [String], summary: String, reads: Set<ItemKind>, writes: Set<ItemKind>, writeOptions: [FormatOption] = [], lines: LineStructure = .none) {
        self.name = name
        self.aliases = aliases
        self.extensions = extensions
        self.summary = summary
        self.reads = reads
        self.writes = writes
        self.writeOptions = writeOptions
        self.lines = lines
    }

    /// Whether `name` is this format's name or one of its aliases (case-insensitive).
    public func isNamed(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return lowered == self.name || aliases.contains(lowered)
    }
}
