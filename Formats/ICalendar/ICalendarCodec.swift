import AlmanacCore
import AlmanacICalendarModel

/// iCalendar (`ics`, alias `icalendar`; `.ics` and `.ical`): events with their task
/// checklists as VEVENTs and related VTODOs. See `Formats/ICalendar/README.md` for
/// the mapping.
///
/// This module is the RFC 5545 text syntax (content lines, folding, unfolding) over
/// the component tree of `AlmanacICalendarModel`, which maps the tree to the model
/// and back. Reading is tolerant of what real exports do (bare LF, a BOM, Windows
/// zone names, vendor-prefixed TZIDs, broken properties, which become warnings); a
/// broken component structure throws ``ICalendarDecodingError``.
public struct ICalendarCodec: FormatCodec {
    public let options: ICalendarDecodingOptions

    /// The setting that fixes DTSTAMP (`almanac convert --dtstamp 2026-01-01T00:00:00Z`).
    public static let stampSetting = ICalendarStamp.setting

    public init(options: ICalendarDecodingOptions = ICalendarDecodingOptions()) {
        self.options = options
    }

    public var format: FormatDescriptor {
        FormatDescriptor(
            name: "ics", aliases: ["icalendar"], extensions: ["ics", "ical"],
            summary: "iCalendar (RFC 5545): events, tasks as related VTODOs",
            reads: [.event], writes: [.event],
            writeOptions: [ICalendarStamp.option(format: "ics")]
        )
    }

    public func decode(_ bytes: [UInt8], source: String) throws -> DecodeResult {
        try bytes.withUnsafeBufferPointer { buffer in
            var parser = ComponentTreeParser(options: options, source: source)
            let calendars = try parser.parse(buffer)
            var mapper = EventMapper(source: source, options: ICalendarMappingOptions(appliesCalendarTimeZone: options.appliesCalendarTimeZone))
            let document = mapper.document(from: calendars)
            let diagnostics = (parser.diagnostics + mapper.diagnostics).sorted { ($0.position?.offset ?? 0) < ($1.position?.offset ?? 0) }
            return DecodeResult(document: document, diagnostics: diagnostics)
        }
    }

    public func encode(_ document: AlmanacDocument, options: EncodingOptions) throws -> EncodeResult {
        var builder = ICalendarTreeBuilder(stamp: try Self.stamp(options))
        let calendar = builder.calendar(for: document)
        return EncodeResult(bytes: Self.bytes(of: calendar), diagnostics: builder.diagnostics)
    }

    /// The top-level components of an RFC 5545 stream, as a tree (warnings are dropped).
    public func components(from bytes: [UInt8], source: String = "<input>") throws -> [ICalComponent] {
        try bytes.withUnsafeBufferPointer { buffer in
            var parser = ComponentTreeParser(options: options, source: source)
            return try parser.parse(buffer)
        }
    }

    /// A component tree as RFC 5545 text: CRLF line ends, folded at 75 octets.
    public static func bytes(of component: ICalComponent) -> [UInt8] {
        var lines = ContentLineWriter()
        lines.component(component)
        return lines.bytes
    }

    /// The DTSTAMP: see ``ICalendarStamp/resolve(_:)``.
    static func stamp(_ options: EncodingOptions) throws -> CivilDateTime {
        guard let stamp = ICalendarStamp.resolve(options) else {
            throw ICalendarEncodingError.invalidStamp(options.settings[stampSetting] ?? "")
        }
        return stamp
    }
}
