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
}
