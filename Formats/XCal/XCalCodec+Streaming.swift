import AlmanacCore
import AlmanacICalendarModel

extension XCalCodec: ItemStreamDecoding {
    /// Streams the events, each once its last VTODO has been read, in input order.
    ///
    /// A VTODO may name a parent event anywhere in the input, so the reader makes two
    /// passes over the bytes, as the iCalendar reader does: the first gathers the
    /// ``ICalendarOutline`` (time zones, and the VTODOs that do not follow their event)
    /// by a scan of the bytes (``outline(of:source:maximumDepth:)``), the second builds the tree of one VEVENT or
    /// VTODO (with its VALARMs) at a time, maps it at once (``ItemSequenceMapper``) and
    /// passes an event on once its last VTODO is read. Memory holds the input's bytes,
    /// the links of each item (its UID and parent), the outline and the events waiting
    /// for a late VTODO, never a tree of the calendar. The calendars' own properties and
    /// kept components come at the end, as the document's extras.
    public func decodeItems(from source: inout some ByteSource, sourceName: String, limits: ReaderLimits, body: (Item, SourcePosition?) throws -> Void) throws -> StreamEnd {
        let bytes = try FileIO.readAll(from: &source)
        let read = try stream(bytes, source: sourceName, maximumDepth: limits.depth(default: Self.defaultMaximumDepth)) { event, position in
            try body(.event(event), position)
        }
        return StreamEnd(diagnostics: read.diagnostics, documentExtras: read.extras)
    }

    /// The two passes over `bytes`: each event is passed to `emit`, with where it starts,
    /// once complete. Returns the warnings (the reader's and the mapping's, in input
    /// order) and the document's extras.
    func stream(_ bytes: [UInt8], source: String, maximumDepth: Int, emit: (Event, SourcePosition) throws -> Void) throws -> (diagnostics: [Diagnostic], extras: Extras) {
        let outline = self.outline(of: bytes, source: source, maximumDepth: maximumDepth)
        var sequence = ItemSequenceMapper(source: source, options: options, outline: outline)
        let (calendars, warnings) = try reading(bytes, source: source, maximumDepth: maximumDepth) { reader in
            let calendars = try reader.calendars(passingItemsTo: { item in
                try sequence.map(item, emitLocated: emit)
                return true
            })
            return (calendars, reader.diagnostics)
        }
        try sequence.finish(emitLocated: emit)
        let diagnostics = (warnings + sequence.diagnostics).sorted { ($0.position?.offset ?? 0) < ($1.position?.offset ?? 0) }
        return (diagnostics, EventMapper.documentExtras(of: calendars, mapping: sequence))
    }

    /// The first pass: the outline of `bytes`. The byte scan (``XCalOutlineScanner``)
    /// gathers the items' links, and the tree reader reads the time zones and calendar
    /// properties from the short document the scan cuts out; when the scan cannot be
    /// sure, or that document cannot be read, the tree reader's own first pass over the
    /// whole input (``XCalTreeReader/outline()``) gives it instead.
    func outline(of bytes: [UInt8], source: String, maximumDepth: Int) -> ICalendarOutline {
        if let scan = bytes.withUnsafeBufferPointer({ XCalOutlineScanner.scan($0, maximumDepth: maximumDepth) }) {
            var builder = ICalendarOutlineBuilder()
            var zoneLinks: [ItemLinks] = []
            let zonesRead = scan.zoneDocument.map { document in
                (try? reading(document, source: source, maximumDepth: maximumDepth) { try $0.outline(into: &builder, links: &zoneLinks) }) != nil
            } ?? true
            if zonesRead, zoneLinks.isEmpty {
                for item in scan.items { builder.addItem(item) }
                if builder.needsReview() {
                    for item in scan.items { builder.reviewItem(item) }
                }
                return builder.finish()
            }
        }
        return (try? reading(bytes, source: source, maximumDepth: maximumDepth) { $0.outline() }) ?? ICalendarOutline()
    }
}
