import AlmanacCore
import Foundation

/// iCalendar (`ics`, alias `icalendar`; `.ics` and `.ical`): events with their task
/// checklists as VEVENTs and related VTODOs. See `Formats/ICalendar/README.md` for
/// the mapping.
///
/// Reading is tolerant of what real exports do (bare LF, a BOM, Windows zone names,
/// vendor-prefixed TZIDs, broken properties, which become warnings); a broken
/// component structure throws ``ICalendarDecodingError``.
public struct ICalendarCodec: FormatCodec {
    public let options: ICalendarDecodingOptions

    /// The setting that fixes DTSTAMP (`almanac convert --dtstamp 2026-01-01T00:00:00Z`).
    public static let stampSetting = "dtstamp"

    public init(options: ICalendarDecodingOptions = ICalendarDecodingOptions()) {
        self.options = options
    }

    public var format: FormatDescriptor {
        FormatDescriptor(
            name: "ics", aliases: ["icalendar"], extensions: ["ics", "ical"],
            summary: "iCalendar (RFC 5545): events, tasks as related VTODOs",
            reads: [.event], writes: [.event],
            writeOptions: [
                FormatOption(
                    name: Self.stampSetting, valueName: "<date-time>",
                    help: "DTSTAMP to write instead of now (ics; also $SOURCE_DATE_EPOCH)"
                ),
            ]
        )
    }

    public func decode(_ bytes: [UInt8], source: String) throws -> DecodeResult {
        try bytes.withUnsafeBufferPointer { buffer in
            var parser = ComponentTreeParser(options: options, source: source)
            let calendars = try parser.parse(buffer)
            var mapper = EventMapper(source: source, options: options)
            let document = mapper.document(from: calendars)
            let diagnostics = (parser.diagnostics + mapper.diagnostics).sorted { ($0.position?.offset ?? 0) < ($1.position?.offset ?? 0) }
            return DecodeResult(document: document, diagnostics: diagnostics)
        }
    }

    public func encode(_ document: AlmanacDocument, options: EncodingOptions) throws -> EncodeResult {
        var writer = ICalendarWriter(stamp: try Self.stamp(options))
        writer.write(document)
        return EncodeResult(bytes: writer.bytes, diagnostics: writer.diagnostics)
    }

    /// The DTSTAMP: the `dtstamp` setting (ISO 8601 or iCalendar form), else
    /// `$SOURCE_DATE_EPOCH` (seconds since 1970, for reproducible output), else now.
    static func stamp(_ options: EncodingOptions) throws -> CivilDateTime {
        if let text = options.settings[stampSetting] {
            if case .dateTime(let value, _)? = ICalTimeText.parse(text) { return value }
            switch ISO8601Text.parseCalendarTime(Array(text.utf8)) {
            case .utc(let value)?, .floating(let value)?: return CivilDateTime(secondsSinceEpoch: value.secondsSinceEpoch)
            case .date(let date)?: return CivilDateTime(midnightOf: date)
            default: throw ICalendarEncodingError.invalidStamp(text)
            }
        }
        if let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], let seconds = Int(epoch) {
            return CivilDateTime(secondsSinceEpoch: seconds)
        }
        return CivilDateTime(secondsSinceEpoch: Int(Date().timeIntervalSince1970))
    }
}
