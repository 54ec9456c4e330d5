/// A codec whose reader can hand over items one at a time while it reads,
/// so that memory stays flat however long the input is.
public protocol ItemStreamDecoding: FormatCodec {
    /// Reads items from `source` and passes each, with where it starts when known, to
    /// `body` as soon as it is complete. Returns the warnings noticed on the way; throws the
    /// codec's error at the first input it cannot read (the items before it have been passed on).
    func decodeItems(from source: inout some ByteSource, sourceName: String, limits: ReaderLimits, body: (Item, SourcePosition?) throws -> Void) throws -> [Diagnostic]

    /// Whether the items are all the input holds. `false` when a whole read also finds
    /// document-level data (iCalendar's calendar properties): converting to a format that
    /// holds such data then reads whole, so that nothing is lost.
    var streamsEverything: Bool { get }
}

extension ItemStreamDecoding {
    public var streamsEverything: Bool { true }

    /// Streams the items with the format's default limits.
    public func decodeItems(from source: inout some ByteSource, sourceName: String, body: (Item, SourcePosition?) throws -> Void) throws -> [Diagnostic] {
        try decodeItems(from: &source, sourceName: sourceName, limits: .formatDefaults, body: body)
    }
}

/// A codec whose writer can write items one at a time, with nothing before,
/// between or after them that depends on the whole document.
public protocol ItemStreamEncoding: FormatCodec {
    /// Appends one item to `bytes`.
    func encodeItem(_ item: Item, options: EncodingOptions, into bytes: inout [UInt8]) throws
}
