/// A format plugin: turns bytes into an ``AlmanacDocument`` and back.
///
/// This is the narrow place where the model and a wire format meet. A codec
/// lives in its own module under `Formats/`, depends on the core only, and is
/// listed once in the registry; the CLI knows formats only through the registry.
///
/// Decoders throw their own typed error (conforming to ``CodecError``) for input
/// they cannot read, and return warnings they recovered from as diagnostics.
public protocol FormatCodec: Sendable {
    /// The format's names, extensions and the kinds it reads and writes.
    var format: FormatDescriptor { get }

    /// Reads a whole input.
    /// - Parameters:
    ///   - bytes: the input as read, unchanged.
    ///   - source: the name diagnostics use for the input (a path or `<stdin>`).
    ///   - limits: how deep the input may nest; deeper input throws the codec's error
    ///     whose ``CodecError/depthLimit`` names the limit.
    func decode(_ bytes: [UInt8], source: String, limits: ReaderLimits) throws -> DecodeResult

    /// Writes a whole document.
    func encode(_ document: AlmanacDocument, options: EncodingOptions) throws -> EncodeResult

    // What the codec can do besides, asked instead of cast (`FormatCodec+Capabilities.swift`):
    // each is the codec itself when it conforms to the protocol, else `nil`.

    /// The codec as a writer of one item at a time (ndjson), or `nil`.
    var itemStreamEncoder: (any ItemStreamEncoding)? { get }
    /// The codec as a reader that hands over items while it reads, or `nil`.
    var itemStreamDecoder: (any ItemStreamDecoding)? { get }
    /// The codec as a reader of one input in parts read at once (iCalendar), or `nil`.
    var partedItemStreamDecoder: (any PartedItemStreamDecoding)? { get }
    /// The codec as a writer of a whole document from items handed over one at a time, or `nil`.
    var documentStreamEncoder: (any DocumentStreamEncoding)? { get }
    /// The codec as a writer of a folder of files (`-d`), or `nil`.
    var splitEncoder: (any SplitEncoding)? { get }
    /// The codec as a reader of several inputs as one (iCalendar's), or `nil`.
    var inputGroupDecoder: (any InputGroupDecoding)? { get }
}

extension FormatCodec {
    /// Reads a whole input with the format's default limits.
    public func decode(_ bytes: [UInt8], source: String) throws -> DecodeResult {
        try decode(bytes, source: source, limits: .formatDefaults)
    }
}

/// What a decoder produced: the document and what it noticed on the way.
public struct DecodeResult: Sendable {
    public var document: AlmanacDocument
    /// Warnings about input that was read anyway.
    public var diagnostics: [Diagnostic]
    /// Where each item starts, when the codec knows (validation messages name the line).
    public var origins: ItemOrigins

    public init(document: AlmanacDocument, diagnostics: [Diagnostic] = [], origins: ItemOrigins = ItemOrigins()) {
        self.document = document
        self.diagnostics = diagnostics
        self.origins = origins
    }
}

/// What an encoder produced: the bytes and what it could not carry.
public struct EncodeResult: Sendable {
    public var bytes: [UInt8]
    /// Warnings, such as fields the format has no place for.
    public var diagnostics: [Diagnostic]

    public init(bytes: [UInt8], diagnostics: [Diagnostic] = []) {
        self.bytes = bytes
        self.diagnostics = diagnostics
    }
}
