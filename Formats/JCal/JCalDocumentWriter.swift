import AlmanacCore
import AlmanacICalendarModel

/// Writes a jCal calendar in pieces (see ``DocumentStreamWriter``): each event with its
/// tasks as it comes, two levels deep in the calendar's list of components; then, once
/// all are in, the head (the calendar's properties and its VTIMEZONEs) before them and
/// the kept calendar components after them.
struct JCalDocumentWriter: ICalendarStateWriter {
    let compact: Bool
    var state: ICalendarStreamState
    /// Whether the calendar's list of components holds anything yet.
    private var hasChildren = false

    init(compact: Bool, stamp: CivilDateTime) {
        self.compact = compact
        state = ICalendarStreamState(stamp: stamp)
    }

    mutating func encode(_ item: Item, into bytes: inout [UInt8]) throws {
        var writer = JCalWriter(compact: compact)
        for (index, component) in state.components(for: item).enumerated() {
            if index > 0 { separate(&writer) }
            writer.component(component, indent: 2)
        }
        bytes.append(contentsOf: writer.takeBytes())
    }

    func separator(in section: Int) -> [UInt8] {
        var writer = JCalWriter(compact: compact)
        separate(&writer)
        return writer.takeBytes()
    }

    mutating func lead(to place: StreamPlace, after previous: StreamPlace?, into bytes: inout [UInt8]) throws {
        var writer = JCalWriter(compact: compact)
        if previous == nil {
            writeHead(&writer)
            if hasChildren { writer.ascii(",") }
            writer.newline(2)
            hasChildren = true
        } else {
            separate(&writer)
        }
        bytes.append(contentsOf: writer.takeBytes())
    }

    mutating func finish(after last: StreamPlace?, into bytes: inout [UInt8]) throws {
        var writer = JCalWriter(compact: compact)
        if last == nil { writeHead(&writer) }
        for component in state.tail() {
            if hasChildren { writer.ascii(",") }
            writer.newline(2)
            writer.component(component, indent: 2)
            hasChildren = true
        }
        writer.close(indent: 0, hasChildren: hasChildren)
        bytes.append(contentsOf: writer.takeBytes())
        bytes.append(0x0A)
    }

    /// `,` and a line break two levels deep: what stands between two components of the calendar.
    private func separate(_ writer: inout JCalWriter) {
        writer.ascii(",")
        writer.newline(2)
    }

    private mutating func writeHead(_ writer: inout JCalWriter) {
        let head = state.head()
        writer.open(head, indent: 0)
        hasChildren = !head.children.isEmpty
    }
}
