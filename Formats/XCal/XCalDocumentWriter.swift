import AlmanacCore
import AlmanacICalendarModel

/// Writes an xCal calendar in pieces (see ``DocumentStreamWriter``): each event with its
/// tasks as it comes, inside `<icalendar><vcalendar><components>`; then, once all are in,
/// the head (the declaration, the calendar's properties and its VTIMEZONEs) before them
/// and the kept calendar components after them.
struct XCalDocumentWriter: ICalendarStateWriter {
    let compact: Bool
    var state: ICalendarStreamState
    /// Writes the head and the end, keeping track of what is open between them.
    private var frame: XCalWriter
    /// The calendar the head opened.
    private var head: ICalComponent?

    init(compact: Bool, stamp: CivilDateTime) {
        self.compact = compact
        state = ICalendarStreamState(stamp: stamp)
        frame = XCalWriter(compact: compact)
    }

    mutating func encode(_ item: Item, into bytes: inout [UInt8]) throws {
        var writer = XCalWriter(compact: compact, depth: 3, continuing: bytes)
        bytes = []
        for component in state.components(for: item) { try writer.component(component) }
        bytes = writer.takeBytes()
    }

    func separator(in section: Int) -> [UInt8] {
        compact ? [] : [0x0A]
    }

    mutating func lead(to place: StreamPlace, after previous: StreamPlace?, into bytes: inout [UInt8]) throws {
        if previous == nil {
            let head = state.head()
            try frame.open(head, components: true)
            frame.noteChildren()
            self.head = head
            bytes.append(contentsOf: frame.takeBytes())
        }
        bytes.append(contentsOf: separator(in: place.section))
    }

    mutating func finish(after last: StreamPlace?, into bytes: inout [UInt8]) throws {
        let tail = state.tail()
        let calendar: ICalComponent
        if let head {
            calendar = head
        } else {
            calendar = state.head()
            try frame.open(calendar, components: !calendar.children.isEmpty || !tail.isEmpty)
        }
        for component in tail { try frame.component(component) }
        try frame.close(calendar, components: last != nil || !calendar.children.isEmpty || !tail.isEmpty)
        bytes.append(contentsOf: frame.takeBytes())
    }
}
