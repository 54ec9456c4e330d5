/// A codec that can read several inputs together, as one input: iCalendar's, where a
/// VTODO in one file may be the task of a VEVENT in another, as in a calendar kept as a
/// folder of files with one object each (CalDAV servers, vdirsyncer, khal).
///
/// The CLI reads consecutive inputs of such a codec with ``decode(inputs:limits:)``;
/// each result still names its own input, so diagnostics point at the right file.
public protocol InputGroupDecoding: FormatCodec {
    /// Reads `inputs` as if they were one input (their items in this order). Returns one
    /// result per input, in order: the items that start in that input (an event with
    /// every task found for it in any of the inputs) and the warnings about it; the
    /// first result carries the document extras of them all. Throws ``InputGroupError``
    /// with the codec's error and the input it is about.
    func decode(inputs: [DecodeInput], limits: ReaderLimits) throws -> [DecodeResult]
}

/// One input of a group read together: its bytes and the name diagnostics use.
public struct DecodeInput: Sendable {
    public var bytes: [UInt8]
    /// A path, or `<stdin>`.
    public var source: String

    public init(bytes: [UInt8], source: String) {
        self.bytes = bytes
        self.source = source
    }
}

/// A codec's error about one input of a group.
public struct InputGroupError: Error, Sendable {
    /// The index of the input in the group.
    public var input: Int
    public var error: any CodecError

    public init(input: Int, error: any CodecError) {
        self.input = input
        self.error = error
    }
}
