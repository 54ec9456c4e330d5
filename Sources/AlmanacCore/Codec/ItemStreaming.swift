/// A codec whose reader can hand over items one at a time while it reads,
/// so that memory stays flat however long the input is.
public protocol ItemStreamDecoding: FormatCodec {
    /// Reads items from `source` and passes each, with where it starts when known, to
    /// `body` as soon as it is complete. Returns the warnings noticed on the way and what
    /// the input held besides items; throws the codec's error at the first input it cannot
    /// read (the items before it have been passed on).
    func decodeItems(from source: inout some ByteSource, sourceName: String, limits: ReaderLimits, body: (Item, SourcePosition?) throws -> Void) throws -> StreamEnd
}

/// What a streamed read found besides its items, known once the input has ended.
public struct StreamEnd: Sendable {
    /// Warnings about input that was read anyway.
    public var diagnostics: [Diagnostic]
    /// The document-level extras (iCalendar's calendar properties and kept components),
    /// as a whole read puts them in ``AlmanacDocument/extras``.
    public var documentExtras: Extras

    public init(diagnostics: [Diagnostic] = [], documentExtras: Extras = Extras()) {
        self.diagnostics = diagnostics
        self.documentExtras = documentExtras
    }
}

extension ItemStreamDecoding {
    /// Streams the items with the format's default limits.
    public func decodeItems(from source: inout some ByteSource, sourceName: String, body: (Item, SourcePosition?) throws -> Void) throws -> StreamEnd {
        try decodeItems(from: &source, sourceName: sourceName, limits: .formatDefaults, body: body)
    }
}

/// A codec whose writer can write items one at a time, with nothing before,
/// between or after them that depends on the whole document.
public protocol ItemStreamEncoding: FormatCodec {
    /// Appends one item to `bytes`.
    func encodeItem(_ item: Item, options: EncodingOptions, into bytes: inout [UInt8]) throws

    /// A writer of `base` at the times of each of its occurrences (``OccurrenceEncoding``),
    /// or `nil` (the default) when each is written by ``encodeItem(_:options:into:)``.
    func occurrenceEncoder(for base: Event, options: EncodingOptions) -> (any OccurrenceEncoding)?
}
