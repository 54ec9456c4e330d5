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

    init(stamp: CivilDateTime) {
        state = ICalendarStreamState(stamp: stamp)
    }

    mutating func encode(_ item: Item, into bytes: inout [UInt8]) throws {
        // Straight from the model to content lines: no component tree for the items.
        write(into: &bytes) { state.write(item, to: &$0) }
    }

    func separator(in section: Int) -> [UInt8] { [] }

    mutating func lead(to place: StreamPlace, after previous: StreamPlace?, into bytes: inout [UInt8]) throws {
        if previous == nil { writeHead(into: &bytes) }
    }

    mutating func finish(after last: StreamPlace?, into bytes: inout [UInt8]) throws {
        if last == nil { writeHead(into: &bytes) }
        let tail = state.tail()
        write(into: &bytes) { lines in
            tail.forEach { lines.component($0) }
            lines.end("VCALENDAR")
        }
    }

    private mutating func writeHead(into bytes: inout [UInt8]) {
        let head = state.head()
        write(into: &bytes) { $0.open(head) }
    }

    /// Lets `body` write content lines at the end of `bytes`.
    private func write(into bytes: inout [UInt8], _ body: (inout ContentLineWriter) -> Void) {
        let taken = bytes
        bytes = []
        var lines = ContentLineWriter(continuing: taken)
        body(&lines)
        bytes = lines.takeBytes()
    }
}
