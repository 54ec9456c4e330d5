import AlmanacCore
import AlmanacICalendarModel
import AlmanacJSONKit

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
        let (calendars, warnings) = try read(bytes, source: source, maximumDepth: limits.depth(default: Self.defaultMaximumDepth))
        var mapper = EventMapper(source: source, options: options)
        let (document, origins) = mapper.located(from: calendars)
        let diagnostics = (warnings + mapper.diagnostics).sorted { ($0.position?.offset ?? 0) < ($1.position?.offset ?? 0) }
        return DecodeResult(document: document, diagnostics: diagnostics, origins: origins)
    }

    /// Writes the calendar as its events come (``JCalDocumentWriter``); recipes are left
    /// out with a warning.
    public func documentWriter(options: EncodingOptions) throws -> any DocumentStreamWriter {
        JCalDocumentWriter(compact: options.compact, stamp: ICalendarStamp.resolve(options))
    }

    /// The VCALENDAR components of a jCal document, as a tree (warnings are dropped).
    /// Components nest at most `maximumDepth` deep, and the JSON arrays holding them up to
    /// three times as deep.
    public func components(from bytes: [UInt8], maximumDepth: Int = Self.defaultMaximumDepth) throws -> [ICalComponent] {
        try read(bytes, source: "<input>", maximumDepth: maximumDepth).calendars
    }

    /// Reads a jCal document: the kit's JSON reader, then the component tree
    /// (``JCalTreeReader``), with a warning for each key repeated in an object (the first is read).
    func read(_ bytes: [UInt8], source: String, maximumDepth: Int) throws -> (calendars: [ICalComponent], warnings: [Diagnostic]) {
        try bytes.withUnsafeBufferPointer { buffer in
            let map = JSONSourceMap(bytes: buffer)
            var reader = JSONReader(buffer, maximumDepth: max(JSONReader.defaultMaximumDepth, maximumDepth * 3 + 4), duplicates: .report)
            let root: JSONValue
            do throws(JSONSyntaxError) {
                root = try reader.parseDocument()
            } catch {
                throw JCalDecodingError(error, in: map)
            }
            let tree = JCalTreeReader(map, maximumDepth: maximumDepth)
            let warnings = reader.duplicateKeys.map {
                Diagnostic(.warning, "duplicate key '\($0.key)'; the first one is read", source: source, position: map.position($0.offset))
            }
            return (try tree.calendars(root), warnings)
        }
    }

    /// A component tree as jCal.
    public static func bytes(of component: ICalComponent, compact: Bool = false) -> [UInt8] {
        var writer = JCalWriter(compact: compact)
        writer.write(component)
        return writer.bytes
    }
}
