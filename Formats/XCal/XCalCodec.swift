import AlmanacCore
import AlmanacICalendarModel
import AlmanacLibXML

/// xCal (`xcal`; `.xcs`), RFC 6321: iCalendar as XML in the namespace
/// `urn:ietf:params:xml:ns:icalendar-2.0`. Events with their task checklists, with the
/// same mapping as the iCalendar codec (both go through the component tree of
/// `AlmanacICalendarModel`). See `Formats/XCal/README.md`.
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

    /// Reads an xCal document: libxml2's reader, the component tree, the shared mapping.
    public func decode(_ bytes: [UInt8], source: String, limits: ReaderLimits) throws -> DecodeResult {
        let (calendars, warnings) = try read(bytes, source: source, maximumDepth: limits.depth(default: Self.defaultMaximumDepth))
        var mapper = EventMapper(source: source, options: options)
        let (document, origins) = mapper.located(from: calendars)
        let diagnostics = (warnings + mapper.diagnostics).sorted { ($0.position?.offset ?? 0) < ($1.position?.offset ?? 0) }
        return DecodeResult(document: document, diagnostics: diagnostics, origins: origins)
    }

    /// Writes the calendar as its events come (``XCalDocumentWriter``); recipes are left
    /// out with a warning.
    public func documentWriter(options: EncodingOptions) throws -> any DocumentStreamWriter {
        let stamp = try ICalendarStamp.resolved(options)
        return XCalDocumentWriter(compact: options.compact, stamp: stamp)
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

    func read(_ bytes: [UInt8], source: String, maximumDepth: Int) throws -> (calendars: [ICalComponent], warnings: [Diagnostic]) {
        do {
            return try bytes.withUnsafeBufferPointer { buffer in
                try XMLTextReader.reading(buffer, maximumDepth: maximumDepth) { cursor in
                    let reader = XCalTreeReader(cursor: cursor, source: source)
                    let calendars = try reader.calendars()
                    return (calendars, reader.diagnostics)
                }
            }
        } catch let error as XMLReadError {
            throw XCalDecodingError.read(error)
        }
    }
}
