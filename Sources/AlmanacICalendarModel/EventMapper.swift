import AlmanacCore

/// Turns the VCALENDAR components of an input into an ``AlmanacDocument``:
/// VEVENTs become events, VTODOs related to an event become its tasks, VTODOs
/// without a parent event become events of their own (their sub-VTODOs their
/// tasks), and everything else is kept in the `ics` extras.
///
/// The tree may come from RFC 5545 text, jCal or xCal: the mapping is the same.
public struct EventMapper {
    /// The input's name, for diagnostics.
    public let source: String
    public let options: ICalendarMappingOptions
    /// Warnings and notes about properties that could not be read as the model wants them.
    public private(set) var diagnostics: [Diagnostic] = []

    public init(source: String, options: ICalendarMappingOptions = ICalendarMappingOptions()) {
        self.source = source
        self.options = options
    }

    /// Calendar properties the writer writes itself.
    private static let regenerated: Set<String> = ["VERSION", "PRODID"]

    private enum Owner: Equatable {
        case event(Int)
        case standalone(Int)
    }

    /// The document the top-level VCALENDAR components hold (several are read as one).
    public mutating func document(from calendars: [ICalComponent]) -> AlmanacDocument {
        var resolver = TimeZoneResolver()
        for calendar in calendars {
            for child in calendar.children where child.name == "VTIMEZONE" { resolver.add(child) }
        }
        var documentExtras = ICalendarExtras()
        var calendarZone: String?
        var events: [ICalComponent] = []
        var todos: [ICalComponent] = []
        /// File order of items: (is a VTODO, index in its list).
        var order: [(todo: Bool, index: Int)] = []
        for calendar in calendars {
            for property in calendar.properties where !Self.regenerated.contains(property.name) {
                if property.name == "X-WR-TIMEZONE", calendarZone == nil, options.appliesCalendarTimeZone {
                    calendarZone = TimeZoneResolver.ianaName(TextValue.unescape(property.value))
                }
                if !documentExtras.properties.contains(property.raw) { documentExtras.properties.append(property.raw) }
            }
            for child in calendar.children {
                switch child.name {
                case "VEVENT":
                    order.append((false, events.count))
                    events.append(child)
                case "VTODO":
                    order.append((true, todos.count))
                    todos.append(child)
                case "VTIMEZONE":
                    // IANA zones get their VTIMEZONE written afresh; others are kept for their TZIDs.
                    if let tzid = child.property("TZID")?.value, resolver.isIANA(tzid) { continue }
                    let text = child.rawText
                    if !documentExtras.components.contains(text) { documentExtras.components.append(text) }
                default:
                    documentExtras.components.append(child.rawText)
                }
            }
        }

        let owners = Self.owners(events: events, todos: todos)
        var mapper = ItemMapper(source: source, resolver: resolver, calendarZone: calendarZone)
        var mapped: [Event] = []
        var eventSlot: [Int: Int] = [:]
        var standaloneSlot: [Int: Int] = [:]
        for entry in order {
            if !entry.todo {
                eventSlot[entry.index] = mapped.count
                mapped.append(mapper.event(events[entry.index], asTodo: false))
            } else if owners[entry.index] == .standalone(entry.index) {
                standaloneSlot[entry.index] = mapped.count
                mapped.append(mapper.event(todos[entry.index], asTodo: true))
            }
        }
        for (index, todo) in todos.enumerated() {
            let slot: Int
            switch owners[index] {
            case .event(let eventIndex): slot = eventSlot[eventIndex]!
            case .standalone(let root):
                if root == index { continue }
                slot = standaloneSlot[root]!
            }
            mapped[slot].tasks.append(mapper.task(todo, parentUID: mapped[slot].id))
        }
        diagnostics += mapper.diagnostics
        var document = AlmanacDocument(events: mapped)
        document.extras = documentExtras.stored(in: document.extras)
        return document
    }

    /// The UID a VTODO names as its parent (RELATED-TO without RELTYPE or with PARENT).
    private static func parentUID(of component: ICalComponent) -> String? {
        for line in component.properties("RELATED-TO") where (line.parameter("RELTYPE")?.uppercased() ?? "PARENT") == "PARENT" {
            let uid = TextValue.unescape(line.value).trimmingSpaces
            if !uid.isEmpty { return uid }
        }
        return nil
    }

    /// For each VTODO, the event whose task it becomes: the nearest VEVENT up its
    /// chain of parents, or else the top VTODO of that chain (which becomes an event).
    private static func owners(events: [ICalComponent], todos: [ICalComponent]) -> [Owner] {
        var eventByUID: [String: Int] = [:]
        for (index, event) in events.enumerated() {
            guard let uid = ItemMapper.uid(of: event) else { continue }
            // The series itself, not an overridden occurrence, owns the tasks.
            if eventByUID[uid] == nil || event.property("RECURRENCE-ID") == nil && events[eventByUID[uid]!].property("RECURRENCE-ID") != nil {
                eventByUID[uid] = index
            }
        }
        var todoByUID: [String: Int] = [:]
        for (index, todo) in todos.enumerated() {
            if let uid = ItemMapper.uid(of: todo), todoByUID[uid] == nil { todoByUID[uid] = index }
        }
        var owners: [Owner?] = Array(repeating: nil, count: todos.count)
        for start in todos.indices {
            var chain: [Int] = []
            var current = start
            var owner: Owner
            while true {
                if let known = owners[current] {
                    owner = known
                    break
                }
                chain.append(current)
                guard let parent = parentUID(of: todos[current]) else {
                    owner = .standalone(current)
                    break
                }
                if let event = eventByUID[parent] {
                    owner = .event(event)
                    break
                }
                guard let next = todoByUID[parent], !chain.contains(next) else {
                    owner = .standalone(current)
                    break
                }
                current = next
            }
            for index in chain { owners[index] = owner }
        }
        return owners.map { $0! }
    }
}
