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
public struct ICalendarCodec: FormatCodec, ItemStreamDecoding {
    public let options: ICalendarDecodingOptions

    public init(options: ICalendarDecodingOptions = ICalendarDecodingOptions()) {
        self.options = options
    }

    public var format: FormatDescriptor {
        FormatDescriptor(
            name: "ics", aliases: ["icalendar"], extensions: ["ics", "ical"],
            summary: "iCalendar (RFC 5545): events, tasks as related VTODOs",
            reads: [.event], writes: [.event],
            writeOptions: [ICalendarStamp.option(format: "ics")],
            lines: .folded
        )
    }

    var mappingOptions: ICalendarMappingOptions {
        ICalendarMappingOptions(appliesCalendarTimeZone: options.appliesCalendarTimeZone)
    }

    /// Reads in two passes over the bytes: the first gathers the ``ICalendarOutline``
    /// (time zones and the VTODOs out of place), the second builds each VEVENT and VTODO
    /// and maps it at once, so the whole component tree is never held.
    public func decode(_ bytes: [UInt8], source: String, limits: ReaderLimits) throws -> DecodeResult {
        let options = self.options.applying(limits)
        return try bytes.withUnsafeBufferPointer { buffer in
            let outline = Self.outline { scanner in
                var lines = ContentLineReader(buffer)
                scanner.scan(&lines)
            }.outline
            var sequence = ItemSequenceMapper(source: source, options: mappingOptions, outline: outline)
            var parser = ComponentTreeParser(options: options, source: source)
            var events: [Event] = []
            var origins = ItemOrigins()
            var reader = ContentLineReader(buffer)
            while try reader.nextLine({ line, number, offset in
                try parser.take(line, number: number, offset: offset) { item in
                    sequence.map(item, emitPlaced: { event, _, position in
                        events.append(event)
                        origins.events.append(position)
                    })
                }
            }) != nil {}
            let calendars = try parser.finish()
            sequence.finish(emitLocated: { event, position in
                events.append(event)
                origins.events.append(position)
            })
            var mapper = EventMapper(source: source, options: mappingOptions)
            let document = mapper.document(events: events, calendars: calendars, mapping: sequence)
            let diagnostics = (parser.diagnostics + mapper.diagnostics).sorted { ($0.position?.offset ?? 0) < ($1.position?.offset ?? 0) }
            return DecodeResult(document: document, diagnostics: diagnostics, origins: origins)
        }
    }

    /// Streams the events, each once its last VTODO has been read, in input order.
    ///
    /// A VTODO may name a parent event anywhere in the input, so the reader makes two
    /// passes: the first gathers the ``ICalendarOutline`` (time zones, and the VTODOs
    /// that do not follow their event), the second reads each item, maps it, and passes
    /// an event on once its last VTODO is read. A regular file is read from disk chunk
    /// by chunk, twice (three times when some VTODOs are out of place or VEVENTs share a
    /// UID: the outline then looks at the items involved again). Memory holds eight
    /// bytes per VEVENT, the outline (near empty when each VTODO follows its event, as
    /// almanac and other programs write them) and the events waiting for a late VTODO.
    /// Input that cannot be read again (a pipe) is read into memory first. The calendars'
    /// own properties and kept components come at the end, as the document's extras.
    public func decodeItems(from source: inout some ByteSource, sourceName: String, limits: ReaderLimits, body: (Item, SourcePosition?) throws -> Void) throws -> StreamEnd {
        let options = self.options.applying(limits)
        if var rereadable = source as? any RereadableByteSource, let end = try decodeItemsTwice(from: &rereadable, sourceName: sourceName, options: options, body: body) {
            return end
        }
        var bytes: [UInt8] = []
        while try source.read(into: &bytes, maximum: 1 << 20) > 0 {}
        var memory = MemorySource(bytes)
        return try decodeItemsTwice(from: &memory, sourceName: sourceName, options: options, body: body) ?? StreamEnd()
    }

    /// The passes over a source that can be read again, as one part; `nil` when this one cannot.
    private func decodeItemsTwice(from source: inout some RereadableByteSource, sourceName: String, options: ICalendarDecodingOptions, body: (Item, SourcePosition?) throws -> Void) throws -> StreamEnd? {
        guard let parts = try parts(of: &source, sourceName: sourceName, options: options, partSize: Int.max) else { return nil }
        let end = try parts.decodeItems(part: 0, from: &source, body: body)
        return try parts.end(of: [end])
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
}
