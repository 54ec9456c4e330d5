import AlmanacCore
import AlmanacICalendarModel

extension ICalendarCodec: DocumentStreamEncoding {
    /// Calendar-level properties (a calendar's name, its zone) are not items: they are
    /// read only whole, so a conversion to a format that can hold them reads whole.
    public var streamsEverything: Bool { false }

    /// Writes the calendar as its events come (``ICalendarDocumentWriter``).
    public func documentWriter(options: EncodingOptions, extras: Extras) throws -> any DocumentStreamWriter {
        ICalendarDocumentWriter(stamp: try Self.stamp(options), extras: extras)
    }
}

/// Writes a VCALENDAR in pieces (see ``DocumentStreamWriter``): each event with its
/// tasks as it comes; then, once all are in, the head (the calendar's properties and a
/// VTIMEZONE for each zone the events used) before them and the kept calendar
/// components and `END:VCALENDAR` after them. Recipes are left out with a warning.
struct ICalendarDocumentWriter: DocumentStreamWriter {
    private var state: ICalendarStreamState

    init(stamp: CivilDateTime, extras: Extras) {
        state = ICalendarStreamState(stamp: stamp, extras: extras)
    }

    mutating func takeDiagnostics() -> [Diagnostic] {
        state.takeDiagnostics()
    }

    mutating func encode(_ item: Item, into bytes: inout [UInt8]) throws {
        let components = state.components(for: item)
        write(into: &bytes) { lines in components.forEach { lines.component($0) } }
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
        write(into: &bytes) { $0.begin(head) }
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
