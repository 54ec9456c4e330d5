import AlmanacCore
import AlmanacICalendarModel
import AlmanacJSONValue

/// jCal (`jcal`; `.jcal`), RFC 7265: iCalendar as JSON. Events with their task
/// checklists, with the same mapping as the iCalendar codec (both go through the
/// component tree of `AlmanacICalendarModel`). See `Formats/JCal/README.md`.
///
/// Input that is not JSON, or not jCal's shape of components and properties, throws
/// ``JCalDecodingError`` with its line and column; properties the model cannot read
/// are warnings, as in iCalendar.
public struct JCalCodec: FormatCodec, DocumentStreamEncoding {
    public let options: ICalendarMappingOptions

    /// The deepest nesting of components accepted unless the reader's limits say otherwise.
    public static let defaultMaximumDepth = 64

    public init(options: ICalendarMappingOptions = ICalendarMappingOptions()) {
        self.options = options
    }

    public var format: FormatDescriptor {
        FormatDescriptor(
            name: "jcal", extensions: ["jcal"],
            summary: "jCal (RFC 7265): iCalendar as JSON, events and tasks",
            reads: [.event], writes: [.event],
            writeOptions: [ICalendarStamp.option(format: "jcal")]
        )
    }

    public func decode(_ bytes: [UInt8], source: String, limits: ReaderLimits) throws -> DecodeResult {
        let calendars = try components(from: bytes, maximumDepth: limits.depth(default: Self.defaultMaximumDepth))
        var mapper = EventMapper(source: source, options: options)
        let (document, origins) = mapper.located(from: calendars)
        return DecodeResult(document: document, diagnostics: mapper.diagnostics.sorted { ($0.position?.offset ?? 0) < ($1.position?.offset ?? 0) }, origins: origins)
    }

    /// Writes the calendar as its events come (``JCalDocumentWriter``); recipes are left
    /// out with a warning.
    public func documentWriter(options: EncodingOptions) throws -> any DocumentStreamWriter {
        guard let stamp = ICalendarStamp.resolve(options) else {
            throw JCalEncodingError.invalidStamp(options.settings[ICalendarStamp.setting] ?? "")
        }
        return JCalDocumentWriter(compact: options.compact, stamp: stamp)
    }

    /// The VCALENDAR components of a jCal document, as a tree. Components nest at most
    /// `maximumDepth` deep, and the JSON arrays holding them up to three times as deep.
    public func components(from bytes: [UInt8], maximumDepth: Int = Self.defaultMaximumDepth) throws -> [ICalComponent] {
        try bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(buffer, maximumDepth: max(JSONReader.defaultMaximumDepth, maximumDepth * 3 + 4))
            let root: JSONValue
            do throws(JSONSyntaxError) {
                root = try reader.parseDocument()
            } catch {
                throw JCalDecodingError(error, in: buffer)
            }
            var tree = JCalTreeReader(buffer, maximumDepth: maximumDepth)
            return try tree.calendars(root)
        }
    }

    /// A component tree as jCal.
    public static func bytes(of component: ICalComponent, compact: Bool = false) -> [UInt8] {
        var writer = JCalWriter(compact: compact)
        writer.write(component)
        return writer.bytes
    }
}
