import AlmanacCore

/// What mapping one VEVENT or VTODO needs to know about the rest of its input: the
/// VTIMEZONEs, the `X-WR-TIMEZONE`s, and for each item of the calendars (their VEVENTs
/// and VTODOs, in input order) its UID, the parent UID a VTODO names and whether it is
/// a changed occurrence. A first pass over the input gathers it, cheaply (the RFC 5545
/// reader parses only the lines it needs); then ``ItemSequenceMapper`` maps each item as
/// soon as the second pass has read it, and no whole component tree is ever held.
public struct ICalendarOutline: Sendable {
    /// One VEVENT or VTODO directly inside a VCALENDAR.
    public struct Item: Sendable, Hashable {
        public var isTodo: Bool
        /// The UID, unescaped and trimmed (``ItemMapper``'s reading), or `nil`.
        public var uid: String?
        /// For a VTODO, the UID its parent RELATED-TO names, or `nil`.
        public var parentUID: String?
        /// Whether it has a RECURRENCE-ID (a changed occurrence of a series).
        public var isOccurrence: Bool
    }

    public private(set) var items: [Item] = []
    /// The VTIMEZONE components, in input order.
    public private(set) var timeZones: [ICalComponent] = []
    /// The values of the calendars' `X-WR-TIMEZONE` properties, as written, in input order.
    public private(set) var calendarTimeZones: [String] = []

    public init() {}

    /// The outline of whole VCALENDAR trees.
    public init(calendars: [ICalComponent]) {
        for calendar in calendars {
            for property in calendar.properties { addCalendarProperty(property) }
            for child in calendar.children {
                switch child.name {
                case "VEVENT", "VTODO": addItem(child)
                case "VTIMEZONE": addTimeZone(child)
                default: break
                }
            }
        }
    }

    /// Whether a component directly inside a VCALENDAR is an item.
    public static func isItem(_ name: String) -> Bool {
        name == "VEVENT" || name == "VTODO"
    }

    /// Whether the outline needs a property of an item: only its UID, RELATED-TO and
    /// RECURRENCE-ID are read.
    public static func isItemLink(_ name: String) -> Bool {
        name == "UID" || name == "RELATED-TO" || name == "RECURRENCE-ID"
    }

    /// Adds the next VEVENT or VTODO; only its ``isItemLink(_:)`` properties matter.
    public mutating func addItem(_ component: ICalComponent) {
        let isTodo = component.name == "VTODO"
        items.append(Item(
            isTodo: isTodo,
            uid: ItemMapper.uid(of: component),
            parentUID: isTodo ? EventMapper.parentUID(of: component) : nil,
            isOccurrence: component.property("RECURRENCE-ID") != nil
        ))
    }

    public mutating func addTimeZone(_ component: ICalComponent) {
        timeZones.append(component)
    }

    /// Keeps what the mapping needs of a calendar's property (its `X-WR-TIMEZONE`).
    public mutating func addCalendarProperty(_ property: ICalProperty) {
        if property.name == "X-WR-TIMEZONE" { calendarTimeZones.append(property.value) }
    }
}

/// Maps the items of an input one at a time, in input order, once its
/// ``ICalendarOutline`` is known: VEVENTs become events, VTODOs related to an event
/// become its tasks, VTODOs without a parent event become events of their own (their
/// sub-VTODOs their tasks), exactly as ``EventMapper`` maps a whole tree.
///
/// An event is complete, and handed on, when the last of its VTODOs has been read
/// (the outline says which that is); events are handed on in input order, so an event
/// whose VTODOs come late in the input holds back the events after it. When each
/// VTODO comes soon after its event (as almanac and most programs write them) only a
/// few items are ever held.
public struct ItemSequenceMapper {
    public let source: String
    /// Warnings and notes, as ``EventMapper`` gives them.
    public var diagnostics: [Diagnostic] { mapper.diagnostics }

    private var mapper: ItemMapper
    /// For each item, the index of the item whose event it becomes part of: its own
    /// index for an event (a VEVENT, or a VTODO without a parent event), else its owner's.
    private let owners: [Int32]
    /// For each owner, the index of its last item (itself or its last task).
    private let lastItem: [Int32]
    /// Where the items are read up to: the outline index of the next one.
    private var nextIndex = 0
    /// Events read, with their index, waiting for their tasks or for the events before them.
    private var held: [(index: Int, event: Event)] = []
    private var heldStart = 0
    /// Tasks read before their owner, by the owner's index, in input order.
    private var early: [Int: [ICalComponent]] = [:]

    public init(source: String, options: ICalendarMappingOptions = ICalendarMappingOptions(), outline: ICalendarOutline) {
        self.source = source
        var resolver = TimeZoneResolver()
        for zone in outline.timeZones { resolver.add(zone) }
        var calendarZone: String?
        if options.appliesCalendarTimeZone {
            for value in outline.calendarTimeZones where calendarZone == nil {
                calendarZone = TimeZoneResolver.ianaName(TextValue.unescape(value))
            }
        }
        mapper = ItemMapper(source: source, resolver: resolver, calendarZone: calendarZone)
        let owners = EventMapper.owners(of: outline.items)
        var lastItem = [Int32](repeating: 0, count: owners.count)
        for (index, owner) in owners.enumerated() {
            lastItem[owner] = Int32(index)
        }
        self.owners = owners.map { Int32($0) }
        self.lastItem = lastItem
    }

    /// The resolver the mapping uses, for the document's own extras.
    var resolver: TimeZoneResolver { mapper.resolver }

    /// Maps the next item of the outline, then passes on each event now complete.
    public mutating func map(_ component: ICalComponent, emit: (Event) throws -> Void) rethrows {
        let index = nextIndex
        nextIndex += 1
        // An item the outline did not see (it cannot happen when both passes read the
        // same input) becomes an event of its own.
        let owner = index < owners.count ? Int(owners[index]) : index
        if owner == index {
            var event = mapper.event(component, asTodo: component.name == "VTODO")
            for task in early.removeValue(forKey: index) ?? [] {
                event.tasks.append(mapper.task(task, parentUID: event.id))
            }
            held.append((index, event))
        } else if let slot = heldSlot(of: owner) {
            held[slot].event.tasks.append(mapper.task(component, parentUID: held[slot].event.id))
        } else {
            early[owner, default: []].append(component)
        }
        try release(emit: emit)
    }

    /// Passes on every event still held (at the end of the input).
    public mutating func finish(emit: (Event) throws -> Void) rethrows {
        while heldStart < held.count {
            try emit(held[heldStart].event)
            heldStart += 1
        }
        held.removeAll()
        heldStart = 0
    }

    /// The slot in `held` of the owner at outline index `owner`, when it has been read.
    private func heldSlot(of owner: Int) -> Int? {
        // Held events are in index order: search from the newest, where a task's owner usually is.
        var slot = held.count - 1
        while slot >= heldStart {
            if held[slot].index == owner { return slot }
            if held[slot].index < owner { return nil }
            slot -= 1
        }
        return nil
    }

    /// Passes on the held events, oldest first, as long as the oldest has all its tasks.
    private mutating func release(emit: (Event) throws -> Void) rethrows {
        while heldStart < held.count, held[heldStart].index >= lastItem.count || Int(lastItem[held[heldStart].index]) < nextIndex {
            try emit(held[heldStart].event)
            heldStart += 1
        }
        if heldStart == held.count {
            held.removeAll(keepingCapacity: true)
            heldStart = 0
        } else if heldStart >= 64 && heldStart * 2 > held.count {
            held.removeFirst(heldStart)
            heldStart = 0
        }
    }
}
