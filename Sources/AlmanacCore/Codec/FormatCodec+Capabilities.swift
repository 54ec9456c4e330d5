/// The defaults of ``FormatCodec``'s capabilities, asked as properties instead of casts
/// (`codec.itemStreamEncoder` rather than `codec as? any ItemStreamEncoding`): `nil`, unless
/// the codec conforms to the protocol, when the codec itself.
extension FormatCodec {
    /// The codec as a writer of one item at a time (ndjson), or `nil`.
    public var itemStreamEncoder: (any ItemStreamEncoding)? { nil }
    /// The codec as a reader that hands over items while it reads, or `nil`.
    public var itemStreamDecoder: (any ItemStreamDecoding)? { nil }
    /// The codec as a reader of one input in parts read at once (iCalendar), or `nil`.
    public var partedItemStreamDecoder: (any PartedItemStreamDecoding)? { nil }
    /// The codec as a writer of a whole document from items handed over one at a time, or `nil`.
    public var documentStreamEncoder: (any DocumentStreamEncoding)? { nil }
    /// The codec as a writer of a folder of files (`-d`), or `nil`.
    public var splitEncoder: (any SplitEncoding)? { nil }
    /// The codec as a reader of several inputs as one (iCalendar), or `nil`.
    public var inputGroupDecoder: (any InputGroupDecoding)? { nil }
}

extension ItemStreamEncoding {
    public var itemStreamEncoder: (any ItemStreamEncoding)? { self }
}

extension ItemStreamDecoding {
    public var itemStreamDecoder: (any ItemStreamDecoding)? { self }
}

extension DocumentStreamEncoding {
    public var documentStreamEncoder: (any DocumentStreamEncoding)? { self }
}

extension PartedItemStreamDecoding {
    public var partedItemStreamDecoder: (any PartedItemStreamDecoding)? { self }
}

extension SplitEncoding {
    public var splitEncoder: (any SplitEncoding)? { self }
}

extension InputGroupDecoding {
    public var inputGroupDecoder: (any InputGroupDecoding)? { self }
}
