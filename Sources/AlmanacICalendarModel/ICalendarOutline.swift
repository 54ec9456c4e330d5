import AlmanacCore

/// What mapping one VEVENT or VTODO needs to know about the rest of its input: the
/// VTIMEZONEs, the `X-WR-TIMEZONE`s, and the VTODOs that are out of place.
///
/// Each item (a VEVENT or VTODO directly inside a VCALENDAR, counted in input order
/// across all calendars) has an owner, the item whose event it becomes part of (see
/// ``OwnerResolver``). Most owners follow from an item and the VEVENT before it
/// (``ItemRun``): a VTODO that names the VEVENT just before it (only VTODOs between) as
/// its parent is that event's task, as almanac and most programs write them. The
/// outline records only the items whose owner is another one (a task before its event
/// or far from it, a sub-task, a UID that several VEVENTs share), so for the usual
/// input it stays near empty however long the input is. ``ICalendarOutlineBuilder``
/// gathers it in a first pass; ``ItemSequenceMapper`` then maps each item as soon as
/// the second pass has read it, and no whole component tree is ever held.
public struct ICalendarOutline: Sendable {
    /// The VTIMEZONE components, in input order.
    public internal(set) var timeZones: [ICalComponent] = []
    /// The values of the calendars' `X-WR-TIMEZONE` properties, as written, in input order.
    public internal(set) var calendarTimeZones: [String] = []
    /// The owner of each item whose owner is not the one ``ItemRun`` gives it, by item index.
    var movedOwners: [Int: Int] = [:]
    /// For each owner of a moved item, the index of the last moved item it owns: the
    /// event is not complete before that item has been read.
    var lastMovedItem: [Int: Int] = [:]

    public init() {}

    /// The outline of whole VCALENDAR trees.
    public init(calendars: [ICalComponent]) {
        var builder = ICalendarOutlineBuilder()
        for calendar in calendars {
            for property in calendar.properties { builder.addCalendarProperty(property) }
            for child in calendar.children {
                switch child.name {
                case "VEVENT", "VTODO": builder.addItem(child)
                case "VTIMEZONE": builder.addTimeZone(child)
                default: break
                }
            }
        }
        if builder.needsReview() {
            for calendar in calendars {
                for child in calendar.children where Self.isItem(child.name) { builder.reviewItem(child) }
            }
        }
        self = builder.finish()
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
}

/// Gathers an ``ICalendarOutline`` from one or two looks at the items, in input order.
///
/// The first look (``addItem(_:)``, with the time zones and calendar properties) keeps
/// the parents of the VTODOs that do not follow their parent VEVENT, and a 64-bit
/// fingerprint of each VEVENT's UID (eight bytes an event, to find UIDs that several
/// VEVENTs share, such as a series and its changed occurrences). When it found either,
/// ``needsReview()`` says so and a second look (``reviewItem(_:)``) gathers the links of
/// just the items involved, from which ``OwnerResolver`` finds their owners exactly as
/// if every item were known. An input where each VTODO follows its event and UIDs are
/// unique needs no second look.
public struct ICalendarOutlineBuilder {
    private var outline = ICalendarOutline()
    private var run = ItemRun()
    /// Fingerprints of the VEVENT UIDs (first look), emptied by ``needsReview()``.
    private var eventPrints: [UInt64] = []
    /// Parent UIDs of VTODOs that do not follow their parent VEVENT.
    private var wanted: Set<String> = []
    /// Fingerprints of UIDs that more than one VEVENT has (or that collide).
    private var sharedPrints: Set<UInt64> = []
    private var resolver = OwnerResolver()
    /// The first look on bytes (``addItem(bytes:)``): whether a VEVENT was taken, and
    /// the last one's UID (``ItemRun``'s `eventUID`), when it has one.
    private var sawEvent = false
    private var lastEventHasUID = false
    private var lastEventUID: [UInt8] = []

    public init() {}

    public mutating func addTimeZone(_ component: ICalComponent) {
        outline.timeZones.append(component)
    }

    /// Keeps what the mapping needs of a calendar's property (its `X-WR-TIMEZONE`).
    public mutating func addCalendarProperty(_ property: ICalProperty) {
        if property.name == "X-WR-TIMEZONE" { outline.calendarTimeZones.append(property.value) }
    }

    /// First look at the next item; only its ``ICalendarOutline/isItemLink(_:)`` properties matter.
    public mutating func addItem(_ component: ICalComponent) {
        addItem(ItemLinks(component))
    }

    /// First look at the next item, given by its links.
    public mutating func addItem(_ links: ItemLinks) {
        let place = run.take(links)
        if !links.isTodo {
            if let uid = links.uid { eventPrints.append(Self.fingerprint(uid)) }
        } else if let parent = links.parentUID, !place.followsParent {
            wanted.insert(parent)
        }
    }

    /// First look at the next item, given by its links' bytes (the RFC 5545 reader's
    /// path): as ``addItem(_:)-swift.method`` with its ``ItemLinks``, with no string made
    /// unless a VTODO does not follow its parent.
    package mutating func addItem(bytes links: ItemLinkBytes) {
        if !links.isTodo {
            sawEvent = true
            lastEventHasUID = links.hasUID
            if links.hasUID {
                lastEventUID.replaceSubrange(lastEventUID.indices, with: links.uid)
                eventPrints.append(links.uid.withUnsafeBufferPointer { Self.fingerprint(bytes: $0) })
            } else {
                lastEventUID.removeAll(keepingCapacity: true)
            }
        } else if links.hasParent {
            let followsParent = sawEvent && lastEventHasUID && ItemLinkBytes.sameIdentifier(links.parent, lastEventUID)
            if !followsParent { wanted.insert(String(decoding: links.parent, as: UTF8.self)) }
        }
    }

    /// Whether the items must be looked at again, with ``reviewItem(_:)``, after the first look.
    public mutating func needsReview() -> Bool {
        eventPrints.sort()
        for index in eventPrints.indices.dropFirst() where eventPrints[index] == eventPrints[index - 1] {
            sharedPrints.insert(eventPrints[index])
        }
        eventPrints = []
        run = ItemRun()
        sawEvent = false
        lastEventHasUID = false
        return !wanted.isEmpty || !sharedPrints.isEmpty
    }

    /// Second look at the next item: keeps the links of those whose owner may not be
    /// the one ``ItemRun`` gives, and of those such an owner may be found through.
    public mutating func reviewItem(_ component: ICalComponent) {
        reviewItem(ItemLinks(component))
    }

    /// Second look at the next item, given by its links.
    public mutating func reviewItem(_ links: ItemLinks) {
        let place = run.take(links)
        if !links.isTodo {
            if let uid = links.uid, isInvolved(uid) {
                resolver.addEvent(uid: uid, index: place.index, isOccurrence: links.isOccurrence)
            }
            return
        }
        let followsNoParent = links.parentUID != nil && !place.followsParent
        guard followsNoParent || isInvolved(links.uid) || isInvolved(links.parentUID) else { return }
        resolver.addTodo(links, place: place)
    }

    /// Whether items with this UID (as UID or parent) are looked at in the second look.
    private func isInvolved(_ uid: String?) -> Bool {
        guard let uid else { return false }
        return wanted.contains(uid) || (!sharedPrints.isEmpty && sharedPrints.contains(Self.fingerprint(uid)))
    }

    /// The outline, once the looks are done.
    public mutating func finish() -> ICalendarOutline {
        var outline = self.outline
        resolver.resolve { index, owner in
            outline.movedOwners[index] = owner
            outline.lastMovedItem[owner] = max(outline.lastMovedItem[owner] ?? index, index)
        }
        return outline
    }

    /// FNV-1a over the UTF-8 bytes: the same in both looks, which run in one process.
    static func fingerprint(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// ``fingerprint(_:)`` of a string's UTF-8 bytes.
    static func fingerprint(bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
