/// The opaque per-item bag: what a source format said that the model has no field for,
/// filed under the name of the codec that read it (`json`, `ics`, …).
///
/// A codec writes its own entry back when it writes the item, so converting a
/// format to itself loses nothing; the canonical JSON codec carries every entry,
/// so a trip through JSON loses nothing either.
public struct Extras: Hashable, Sendable, Codable {
    /// The entries by codec name.
    public var entries: [String: OpaqueValue]

    /// An empty bag.
    public init(_ entries: [String: OpaqueValue] = [:]) {
        self.entries = entries
    }

    /// Whether the bag holds nothing.
    public var isEmpty: Bool { entries.isEmpty }

    /// The entry a codec filed, or `nil`.
    public subscript(codec: String) -> OpaqueValue? {
        get { entries[codec] }
        set { entries[codec] = newValue }
    }

    /// Codec names in a stable order, for writers that must be deterministic.
    public var sortedNames: [String] { entries.keys.sorted() }

    /// Whether the entry `name` is a copy of the source the item was read from, which its
    /// codec keeps to write an unchanged item back byte for byte (`markdown-source`: the
    /// author's Markdown). The fields say what it says, in plain text: a writer that cannot
    /// carry it leaves it out without a warning.
    public static func isSourceCopy(_ name: String) -> Bool {
        name.hasSuffix("-source")
    }

    /// ``sortedNames`` without source copies (``isSourceCopy(_:)``): what a writer that
    /// cannot carry extras warns about.
    public var namesToWarnAbout: [String] { sortedNames.filter { !Self.isSourceCopy($0) } }
}
