import AlmanacCore
import AlmanacICalendarModel

extension ICalendarCodec: DocumentStreamEncoding {
    /// Writes the calendar as its events come (``ICalendarDocumentWriter``).
    public func documentWriter(options: EncodingOptions) throws -> any DocumentStreamWriter {
        ICalendarDocumentWriter(stamp: ICalendarStamp.resolve(options))
    }
}

/// Writes a VCALENDAR in pieces (see ``DocumentStreamWriter``): each event with its
/// tasks as it comes; then, once all are in, the head (the calendar's properties and a
/// VTIMEZONE for each zone the events used) before them and the kept calendar
/// components and `END:VCALENDAR` after them. Recipes are left out with a warning.
struct ICalendarDocumentWriter: ICalendarStateWriter {
    var state: ICalendarStreamState
    /// The writer of every piece, its room kept from one item to the next.
    private var lines = ContentLineWriter()

    init(stamp: CivilDateTime) {
        state = ICalendarStreamState(stamp: stamp)
    }

    mutating func encode(_ item: Item, into bytes: inout [UInt8]) throws {
        // Straight from the model to content lines: no component tree for the items.
        state.write(item, to: &lines)
        lines.moveBytes(to: &bytes)
    }

    func separator(in section: Int) -> [UInt8] { [] }

    mutating func lead(to place: StreamPlace, after previous: StreamPlace?, into bytes: inout [UInt8]) throws {
        if previous == nil { writeHead(into: &bytes) }
    }

    mutating func finish(after last: StreamPlace?, into bytes: inout [UInt8]) throws {
        if last == nil { writeHead(into: &bytes) }
        let tail = state.tail()
        tail.forEach { lines.component($0) }
        lines.end("VCALENDAR")
        lines.moveBytes(to: &bytes)
    }

    private mutating func writeHead(into bytes: inout [UInt8]) {
        let head = state.head()
        lines.open(head)
        lines.moveBytes(to: &bytes)
    }
}
