import AlmanacCore
import AlmanacICalendarModel
import AlmanacLibXML

/// xCal (`xcal`; `.xcs`), RFC 6321: iCalendar as XML in the namespace
/// `urn:ietf:params:xml:ns:icalendar-2.0`. Events with their task checklists, with the
/// same mapping as the iCalendar codec (both go through the component tree of
/// `AlmanacICalendarModel`, one item at a time). Reads as a stream too
/// (``decodeItems(from:sourceName:limits:body:)``). See `Formats/XCal/README.md`.
///
/// Reading goes through the shared libxml2 reader of `AlmanacLibXML` (no network, no
/// DTDs, no entity expansion); input that is not well-formed XML, or not xCal's shape
/// of components, properties and values, throws ``XCalDecodingError`` with its line and
/// column. Properties the model cannot read are warnings, as in iCalendar.
public struct XCalCodec: FormatCodec, DocumentStreamEncoding {
    /// How the tree maps to the model (whether `X-WR-TIMEZONE` applies to floating times).
    public let options: ICalendarMappingOptions

    /// A codec with the given mapping options.
    public init(options: ICalendarMappingOptions = ICalendarMappingOptions()) {
        self.options = options
    }

    /// `xcal`, `.xcs`, events only, with the `dtstamp` writer option.
    public var format: FormatDescriptor {
        FormatDescriptor(
            name: "xcal", extensions: ["xcs"],
            summary: "xCal (RFC 6321): iCalendar as XML, events and tasks",
            reads: [.event], writes: [.event],
            writeOptions: [ICalendarStamp.option(format: "xcal")]
        )
    }

    /// Reads an xCal document in the two passes of ``decodeItems(from:sourceName:limits:body:)``,
    /// keeping the events: only one item's component tree is ever held.
    public func decode(_ bytes: [UInt8], source: String, limits: ReaderLimits) throws -> DecodeResult {
        var events: [Event] = []
        var origins = ItemOrigins()
        let read = try stream(bytes, source: source, maximumDepth: limits.depth(default: Self.defaultMaximumDepth)) { event, position in
            events.append(event)
            origins.events.append(position)
        }
        var document = AlmanacDocument(events: events)
        document.extras = read.extras
        return DecodeResult(document: document, diagnostics: read.diagnostics, origins: origins)
    }

    /// Writes the calendar as its events come (``XCalDocumentWriter``); recipes are left
    /// out with a warning.
    public func documentWriter(options: EncodingOptions) throws -> any DocumentStreamWriter {
        XCalDocumentWriter(compact: options.compact, stamp: ICalendarStamp.resolve(options))
    }

    /// The VCALENDAR components of an xCal document, as a tree (warnings are dropped).
    public func components(from bytes: [UInt8], source: String = "<input>") throws -> [ICalComponent] {
        try read(bytes, source: source, maximumDepth: Self.defaultMaximumDepth).calendars
    }

    /// A component tree (a VCALENDAR) as xCal: pretty, or without white space between
    /// elements when `compact`. Throws ``XCalEncodingError`` for a character or name XML cannot hold.
    public static func bytes(of component: ICalComponent, compact: Bool = false) throws -> [UInt8] {
        var writer = XCalWriter(compact: compact)
        try writer.write(component)
        return writer.bytes
    }

    /// The deepest nesting of elements accepted by default, libxml2's own limit.
    public static let defaultMaximumDepth = 256

    /// The whole tree of the document, with the reader's warnings.
    func read(_ bytes: [UInt8], source: String, maximumDepth: Int) throws -> (calendars: [ICalComponent], warnings: [Diagnostic]) {
        try reading(bytes, source: source, maximumDepth: maximumDepth) { reader in
            (try reader.calendars(), reader.diagnostics)
        }
    }

    /// Runs `body` with a tree reader over `bytes`; what the XML kit's reader refuses is
    /// thrown as ``XCalDecodingError/read(_:)``.
    func reading<Result>(_ bytes: [UInt8], source: String, maximumDepth: Int, _ body: (XCalTreeReader) throws -> Result) throws -> Result {
        do {
            return try bytes.withUnsafeBufferPointer { buffer in
                try XMLTextReader.reading(buffer, maximumDepth: maximumDepth) { cursor in
                    try body(XCalTreeReader(cursor: cursor, source: source))
                }
            }
        } catch let error as XMLReadError {
            throw XCalDecodingError.read(error)
        }
    }
}
