import AlmanacCore

/// Why the JSON-LD writer could not write a document.
public enum JSONLDEncodingError: CodecError, Hashable {
    /// The document holds events, which schema.org Recipe JSON-LD does not carry.
    case eventsNotSupported(count: Int)
    /// Web pages are read, never written.
    case htmlNotWritten

    public var message: String {
        switch self {
        case .eventsNotSupported(let count):
            return "JSON-LD (schema.org Recipe) holds recipes only; the document has \(count) event\(count == 1 ? "" : "s")"
        case .htmlNotWritten:
            return "almanac reads web pages but does not write them; write jsonld instead"
        }
    }

    public var position: SourcePosition? { nil }
}
