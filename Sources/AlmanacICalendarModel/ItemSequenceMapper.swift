import AlmanacCore

/// Maps the items of an input one at a time, in input order, once its
/// ``ICalendarOutline`` is known: VEVENTs become events, VTODOs related to an event
/// become its tasks, VTODOs without a parent event become events of their own (their
/// sub-VTODOs their tasks), exactly as ``EventMapper`` maps a whole tree.
///
/// An event is complete, and handed on, once no later item can belong to it: for a
/// VEVENT, when the next VEVENT is read (its run of following VTODOs has ended) and the
/// outline's last moved item for it, if any, has been read; for a VTODO that became an
/// event, once its last moved item has been read. Events are handed on in input order,
/// so an event whose VTODOs come late in the input holds back the events after it. When
/// each VTODO follows its event (as almanac and most programs write them) only one or
/// two events are ever held.
///
/// Several inputs read as one (the files of a calendar folder) go through one mapper:
/// set ``source`` to each input's name before its items; each event is handed on with
/// the name of the input it was read from, and each task is mapped with its own.
public struct ItemSequenceMapper: Sendable {
    /// The name of the input whose items come next, for diagnostics.
    public var source: String {
        didSet { mapper.source = source }
    }
    /// Warnings and notes, as ``EventMapper`` gives them.
    public var diagnostics: [Diagnostic] { mapper.diagnostics }
    /// Which of ``diagnostics`` are said once per TZID, by TZID and place in them.
    package var tzidNotes: [(tzid: String, index: Int)] { mapper.tzidNotes }

    private var mapper: ItemMapper
    /// Follows the items: each one's index and usual owner.
    private var run = ItemRun()
    /// The owners of the items the outline moves, by index.
    private let movedOwners: [Int: Int]
    /// For an owner of moved items, the index of its last one.
    private let lastMovedItem: [Int: Int]
    /// Events read, with their index, waiting for their tasks or for the events before them.
    /// (Each event is moved out, not copied, when handed on.)
    private var held: [HeldEvent] = []
    private var heldStart = 0
    /// Tasks read before their owner, by the owner's index, in input order.
    private var early: [Int: [(item: EarlyItem, source: String)]] = [:]

    /// An event read and not yet handed on (`event` is `nil` once it has been).
    private struct HeldEvent {
        let index: Int
        /// The event's id, its tasks' parent: read apart, so that reading it copies no event.
        let id: String
        var event: Event?
        /// The tasks read after the event, kept apart until it is handed on: appending to
        /// them touches no event, and their room for a few is made at the first.
        var tasks: [EventTask] = []
        let source: String
        let position: SourcePosition
        /// Whether its item has a RELATED-TO line, which may order its tasks (``TaskOrder``).
        let ordersTasks: Bool

        /// ``tasks``, moved out.
        mutating func takeTasks() -> [EventTask] {
            let taken = tasks
            tasks = []
            return taken
        }
    }

    /// A task read before its owner, kept as it was read.
    private enum EarlyItem {
        case component(ICalComponent)
        case lines(ICalItemLines)
    }

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
        movedOwners = outline.movedOwners
        lastMovedItem = outline.lastMovedItem
    }

    /// The resolver the mapping uses, for the document's own extras.
    var resolver: TimeZoneResolver { mapper.resolver }

    /// Maps the next item, then passes on each event now complete.
    public mutating func map(_ component: ICalComponent, emit: (Event) throws -> Void) rethrows {
        try map(component, emitPlaced: { event, _, _ in try emit(event) })
    }

    /// Maps the next item, then passes on each event now complete with the ``source`` it was read from.
    public mutating func map(_ component: ICalComponent, emitFrom emit: (Event, _ source: String) throws -> Void) rethrows {
        try map(component, emitPlaced: { event, source, _ in try emit(event, source) })
    }

    /// Maps the next item, then passes on each event now complete with where it starts:
    /// its VEVENT (a task's VTODO is part of its event), or the VTODO that became an event.
    public mutating func map(_ component: ICalComponent, emitLocated emit: (Event, SourcePosition) throws -> Void) rethrows {
        try map(component, emitPlaced: { event, _, position in try emit(event, position) })
    }

    /// Maps the next item, then passes on each event now complete with the ``source`` it was
    /// read from and where it starts there.
    public mutating func map(_ component: ICalComponent, emitPlaced emit: (Event, _ source: String, SourcePosition) throws -> Void) rethrows {
        let links = ItemLinks(component)
        try map(component, links: links, place: run.take(links), ordersTasks: true, early: .component(component), emit: { event, source, position in try emit(event, source, position) })
    }

    /// Maps the next item read straight from RFC 5545 bytes, then passes on each event now
    /// complete with the ``source`` it was read from and where it starts there. Each event
    /// is handed over (consumed), so that `emit` may keep it without a copy.
    package mutating func map(_ item: ICalItemLines, emitPlaced emit: (consuming Event, _ source: String, SourcePosition) throws -> Void) rethrows {
        let place = run.take(item.links, hasParent: item.parentLine != nil) { item.parentIs($0) }
        // A VTODO that follows its parent has that parent's link on its `parentLine`, known
        // to name it: the task's mapping need not compare it again.
        let parentLine = place.followsParent ? item.parentLine : nil
        try item.withView { view in try map(view, links: item.links, place: place, parentLine: parentLine, ordersTasks: item.hasRelation, early: .lines(item), emit: emit) }
    }

    /// Maps the next item, or keeps it (as `early`) when its owner is still to come.
    private mutating func map(_ item: some MappedItem, links: ItemLinks, place: ItemRun.Place, parentLine: Int? = nil, ordersTasks: Bool, early kept: @autoclosure () -> EarlyItem, emit: (consuming Event, String, SourcePosition) throws -> Void) rethrows {
        let index = place.index
        let owner = movedOwners[index] ?? place.usualOwner
        if owner == index {
            var event = mapper.event(item, asTodo: item.isTodo, uid: links.uid)
            for task in early.removeValue(forKey: index) ?? [] {
                mapper.source = task.source
                event.tasks.append(self.task(task.item, parentUID: event.id))
            }
            mapper.source = source
            let id = event.id
            held.append(HeldEvent(index: index, id: id, event: consume event, source: source, position: item.position, ordersTasks: ordersTasks))
        } else if let slot = heldSlot(of: owner) {
            let task = mapper.task(item, parentUID: held[slot].id, uid: links.uid, parentLine: owner == place.usualOwner ? parentLine : nil)
            if held[slot].tasks.isEmpty { held[slot].tasks.reserveCapacity(4) }
            held[slot].tasks.append(task)
        } else {
            early[owner, default: []].append((kept(), source))
        }
        try release(emit: emit)
    }

    /// A task kept from before its owner was read.
    private mutating func task(_ item: EarlyItem, parentUID: String) -> EventTask {
        switch item {
        case .component(let component): return mapper.task(component, parentUID: parentUID)
        case .lines(let lines): return lines.withView { mapper.task($0, parentUID: parentUID, uid: lines.links.uid) }
        }
    }

    /// Passes on every event still held (at the end of the input).
    public mutating func finish(emit: (Event) throws -> Void) rethrows {
        try finish(emitPlaced: { event, _, _ in try emit(event) })
    }

    /// Passes on every event still held, with the ``source`` each was read from.
    public mutating func finish(emitFrom emit: (Event, _ source: String) throws -> Void) rethrows {
        try finish(emitPlaced: { event, source, _ in try emit(event, source) })
    }

    /// Passes on every event still held, with where it starts (at the end of the input).
    public mutating func finish(emitLocated emit: (Event, SourcePosition) throws -> Void) rethrows {
        try finish(emitPlaced: { event, _, position in try emit(event, position) })
    }

    /// Passes on every event still held, with the ``source`` each was read from and where it starts.
    public mutating func finish(emitPlaced emit: (Event, _ source: String, SourcePosition) throws -> Void) rethrows {
        while heldStart < held.count {
            try Self.handOn(held[heldStart].event.take(), tasks: held[heldStart].takeTasks(), ordersTasks: held[heldStart].ordersTasks, held[heldStart].source, held[heldStart].position) { event, source, position in
                try emit(event, source, position)
            }
            heldStart += 1
        }
        held.removeAll()
        heldStart = 0
    }

    /// Passes on one held event, moved out of `held`, with its tasks (those it has, then
    /// `tasks`) in order (when `ordersTasks`, in the order its kept lines may give).
    private static func handOn(_ event: consuming Event?, tasks: consuming [EventTask], ordersTasks: Bool, _ source: String, _ position: SourcePosition, _ emit: (consuming Event, String, SourcePosition) throws -> Void) rethrows {
        guard var event = consume event else { return }
        if event.tasks.isEmpty { event.tasks = tasks } else { event.tasks += tasks }
        if ordersTasks { TaskOrder.order(&event) }
        try emit(event, source, position)
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
    private mutating func release(emit: (consuming Event, String, SourcePosition) throws -> Void) rethrows {
        while heldStart < held.count, isComplete(held[heldStart].index) {
            try Self.handOn(held[heldStart].event.take(), tasks: held[heldStart].takeTasks(), ordersTasks: held[heldStart].ordersTasks, held[heldStart].source, held[heldStart].position, emit)
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

    /// Whether no item still to come can belong to the event at item index `owner`.
    private func isComplete(_ owner: Int) -> Bool {
        if owner == run.eventIndex { return false }
        guard let last = lastMovedItem[owner] else { return true }
        return last < run.count
    }
}
