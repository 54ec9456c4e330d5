import AlmanacCore
import AlmanacICalendarModel

/// The parts of one RFC 5545 input (``PartedItemStreamDecoding``): cut where a VEVENT
/// begins directly inside the input's one VCALENDAR, when the first look found every
/// VTODO next to its event and no UID that two VEVENTs share (the outline is then empty
/// but for the time zones, and no item of one part belongs to an event of another).
/// Each part is read with its own parser, which starts inside the calendar, and its own
/// ``ItemSequenceMapper``; ``end(of:)`` puts the calendar's lines and components back
/// together as one read would have them, and says once what is said once per TZID.
///
/// One read hands an event on when the next item has been read, and a broken structure
/// stops it before: a part hands its last event on only when the next part's first item
/// reads (it looks at that item first), so the items before an error are those of one read.
struct ICalendarParts: ItemParts {
    let sourceName: String
    let options: ICalendarDecodingOptions
    /// The mapping each part starts from: its time zones are read once, here, not per part.
    let mapping: ItemSequenceMapper
    /// Where the input starts in its source; offsets below count from there.
    let start: Int
    /// How many bytes the first look read: the last part reads no more, should the file grow.
    let length: Int
    /// Where the VCALENDAR begins (offset, line), for the parts that start inside it.
    let calendar: PartCuts.Place
    /// Where each part after the first starts, in input order.
    let cuts: [PartCuts.Place]

    var count: Int { cuts.count + 1 }

    /// What one part held besides its items.
    struct PartEnd: Sendable {
        /// The calendars closed in the part; after the first part, the first of them is
        /// the rest of the one the part before left open.
        var closed: [ICalComponent]
        /// The calendar still open at the part's end (every part but the last).
        var open: ICalComponent?
        /// The parser's and the mapping's warnings, in that order.
        var diagnostics: [Diagnostic]
        /// Which of them are said once per TZID, by TZID and place in `diagnostics`.
        var tzidNotes: [(tzid: String, index: Int)] = []
    }

    func decodeItems(part index: Int, from source: inout some RereadableByteSource, body: (Item, SourcePosition?) throws -> Void) throws -> PartEnd {
        let first = index == 0 ? PartCuts.Place(offset: 0, line: 1) : cuts[index - 1]
        let limit = (index < cuts.count ? cuts[index].offset : length) - first.offset
        try source.setReadPosition(start + first.offset)
        // Chunks of 64 KiB: each thread reading a part holds one.
        var chunks = ContentLineChunks(ByteRangeSource(source, limit: limit), chunkSize: cuts.isEmpty ? 1 << 18 : 1 << 16, checksUTF8: true, line: first.line, offset: first.offset)
        var parser = ComponentTreeParser(options: options, source: sourceName)
        if index > 0 { parser.resume(calendarAt: calendar.line, offset: calendar.offset) }
        var sequence = mapping
        while try chunks.next({ lines in
            let validUTF8 = lines.isValidUTF8
            while try lines.nextLine({ line, number, offset in
                try parser.take(line, number: number, offset: offset, validUTF8: validUTF8) { item in try sequence.map(item, emitPlaced: { try body(.event($0), $2) }) }
            }) != nil {}
        }) {}
        var end = PartEnd(closed: [], open: nil, diagnostics: [])
        if index == cuts.count {
            end.closed = try parser.finish()
        } else {
            (end.closed, end.open) = try parser.suspend()
        }
        let handsOnLast = try index == cuts.count || nextItemReads(after: index, from: &source)
        if handsOnLast {
            try sequence.finish(emitLocated: { try body(.event($0), $1) })
        }
        end.diagnostics = parser.diagnostics + sequence.diagnostics
        end.tzidNotes = sequence.tzidNotes.map { ($0.tzid, parser.diagnostics.count + $0.index) }
        return end
    }

    /// Stops the look at the next part's first item once it has read.
    private struct ItemRead: Error {}

    /// Whether the first item of the part after part `index` reads to its end: one read
    /// hands on the last event of part `index` only then. Its warnings are the next part's.
    /// (That item is read twice, here and by its part; it is no longer than a part may be,
    /// ``PartCuts/largestPart``.)
    private func nextItemReads(after index: Int, from source: inout some RereadableByteSource) throws -> Bool {
        let next = cuts[index]
        try source.setReadPosition(start + next.offset)
        var chunks = ContentLineChunks(source, chunkSize: 1 << 14, line: next.line, offset: next.offset)
        var parser = ComponentTreeParser(options: options, source: sourceName)
        parser.resume(calendarAt: calendar.line, offset: calendar.offset)
        do {
            while try chunks.next({ lines in
                while try lines.nextLine({ line, number, offset in
                    try parser.take(line, number: number, offset: offset) { _ in throw ItemRead() }
                }) != nil {}
            }) {}
        } catch is ItemRead {
            return true
        } catch is ICalendarDecodingError {
            return false
        }
        return false
    }

    func end(of parts: [PartEnd]) throws -> StreamEnd {
        var calendars: [ICalComponent] = []
        var open: ICalComponent?
        for part in parts {
            var closed = part.closed
            var stillOpen = part.open
            if var continued = open {
                // The part's first calendar is the rest of the one left open.
                if !closed.isEmpty {
                    continued.append(closed.removeFirst())
                    calendars.append(continued)
                } else if let rest = stillOpen {
                    continued.append(rest)
                    stillOpen = continued
                }
            }
            calendars += closed
            open = stillOpen
        }
        // What one read says once per TZID, said by the first part that says it.
        var saidTZIDs = Set<String>()
        var diagnostics: [Diagnostic] = []
        for part in parts {
            var repeated = Set<Int>()
            for note in part.tzidNotes where !saidTZIDs.insert(note.tzid).inserted { repeated.insert(note.index) }
            diagnostics += part.diagnostics.indices.lazy.filter { !repeated.contains($0) }.map { part.diagnostics[$0] }
        }
        // As one read sorts them: by place, the parser's first among equals.
        diagnostics = diagnostics.sorted { ($0.position?.offset ?? 0) < ($1.position?.offset ?? 0) }
        return StreamEnd(diagnostics: diagnostics, documentExtras: EventMapper.documentExtras(of: calendars, mapping: mapping))
    }
}

private extension ICalComponent {
    /// Takes the lines and components of `rest`, the same component read on in the next part.
    mutating func append(_ rest: ICalComponent) {
        properties += rest.properties
        children += rest.children
    }
}

/// Where an RFC 5545 input may be cut into parts read apart (``ICalendarParts``): before a
/// `BEGIN:VEVENT` directly inside the input's one VCALENDAR, about every `partSize`
/// bytes. ``OutlineScanner`` finds them in its first look.
struct PartCuts {
    /// A line's start: its byte offset and line number.
    struct Place: Sendable {
        var offset: Int
        var line: Int
    }

    let partSize: Int
    /// The longest part allowed: eight parts, and at least 8 MiB.
    let largestPart: Int
    /// The offset from which the next cut may be made.
    private var next = Int.max
    /// The cuts, in input order: where each part after the first starts.
    private(set) var places: [Place] = []
    /// Where the first top-level component begins.
    private(set) var calendar = Place(offset: 0, line: 1)
    /// How many top-level components began, and whether every one was a VCALENDAR.
    private var topLevel = 0
    private var onlyCalendars = true

    init(partSize: Int, largestPart: Int? = nil) {
        self.partSize = max(partSize, 1)
        let eight = self.partSize.multipliedReportingOverflow(by: 8)
        self.largestPart = largestPart ?? (eight.overflow ? Int.max : max(eight.partialValue, 1 << 23))
    }

    /// The cuts of an input of `length` bytes, when they can be used: the input has one
    /// component, a VCALENDAR, and no part is longer than `largestPart` (a part keeps its
    /// output until it is written, so a long run with no place to cut, such as tasks of no
    /// event before the first VEVENT, is read from start to end instead, in flat memory).
    /// `nil` when they cannot.
    func usable(length: Int?) -> [Place]? {
        guard topLevel == 1, onlyCalendars, let length else { return nil }
        var start = 0
        for end in places.map(\.offset) + [length] {
            if end - start > largestPart { return nil }
            start = end
        }
        return places
    }

    /// A top-level component begins.
    mutating func calendar(isCalendar: Bool, at offset: Int, line: Int) {
        topLevel += 1
        onlyCalendars = onlyCalendars && isCalendar
        guard topLevel == 1 else { return }
        calendar = Place(offset: offset, line: line)
        next = offset.addingReportingOverflow(partSize).overflow ? Int.max : offset + partSize
    }

    /// A `BEGIN:VEVENT` directly inside the first VCALENDAR.
    mutating func event(at offset: Int, line: Int) {
        guard topLevel == 1, offset >= next else { return }
        places.append(Place(offset: offset, line: line))
        next = offset.addingReportingOverflow(partSize).overflow ? Int.max : offset + partSize
    }
}
