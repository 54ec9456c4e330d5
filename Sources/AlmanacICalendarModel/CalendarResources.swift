import AlmanacCore

/// A document as calendar object resources, one per UID, as CalDAV servers and vdirs
/// (vdirsyncer, khal) store a calendar: each a complete VCALENDAR (VERSION, PRODID and
/// the document's calendar properties) holding the components of one UID and the
/// VTIMEZONEs they use. An event goes with its changed occurrences (they share its
/// UID); each task is a VTODO of its own UID, so it is a resource of its own, linked to
/// its event by `RELATED-TO`, and the event lists its tasks in order (``TaskOrder``). The document's kept calendar components (VJOURNAL, …) are
/// resources by their UID too; its kept non-IANA VTIMEZONEs go with the resources that
/// name their TZID.
public struct CalendarResources {
    /// One resource: its file name without extension, and its VCALENDAR.
    public struct Resource: Sendable {
        /// The UID made safe as a file name (``ResourceName``).
        public var name: String
        public var calendar: ICalComponent
    }

    /// The resources, in the order of their first component in the document.
    public private(set) var resources: [Resource] = []
    /// Warnings about what could not be carried.
    public private(set) var diagnostics: [Diagnostic] = []

    /// Splits `document`'s events, with DTSTAMP `stamp`; the recipes its meals name give
    /// them their details (``MealDetails``), other recipes are left out with a warning.
    public init(_ document: AlmanacDocument, stamp: CivilDateTime) {
        var builder = ICalendarTreeBuilder(stamp: stamp)
        var order: [String] = []
        var groups: [String: (components: [ICalComponent], zones: ZoneUsage)] = [:]
        func add(_ component: ICalComponent, uid: String, note: (inout ZoneUsage) -> Void) {
            if groups[uid] == nil {
                order.append(uid)
                groups[uid] = ([], ZoneUsage())
            }
            groups[uid]!.components.append(component)
            note(&groups[uid]!.zones)
        }
        for event in document.events {
            let components = builder.components(for: event, recipes: MealPlan.recipes(of: event, lookup: document.mealRecipe))
            var bare = event
            bare.tasks = []
            var own = components[0]
            own.properties += TaskOrder.childLinks(of: event)
            add(own, uid: event.id) { $0.note(bare) }
            for (task, component) in zip(event.tasks, components.dropFirst()) {
                add(component, uid: task.id) { $0.note(task, of: event) }
            }
        }
        var keptZones: [(tzid: String, component: ICalComponent)] = []
        for component in builder.keptCalendarComponents(extras: document.extras) {
            if component.name == "VTIMEZONE", let tzid = component.property("TZID")?.value {
                keptZones.append((tzid, component))
            } else {
                let uid = component.property("UID").flatMap { ItemLinks.identifier($0.value) }
                    ?? StableID.make(from: component.rawText.utf8, salt: "ics:calendar")
                add(component, uid: uid) { _ in }
            }
        }
        let head = builder.calendarHead(extras: document.extras)
        var names = ResourceName.Names()
        for uid in order {
            let group = groups[uid]!
            var calendar = head
            let tzids = Self.tzids(in: group.components)
            calendar.children = ICalendarTreeBuilder.timeZones(group.zones.years)
                + keptZones.filter { tzids.contains($0.tzid) }.map(\.component)
                + group.components
            resources.append(Resource(name: names.name(for: uid), calendar: calendar))
        }
        diagnostics = builder.takeDiagnostics()
        let named = Set(document.events.flatMap(\.recipes))
        let leftOut = document.recipes.filter { !named.contains($0.id) }.count
        if leftOut > 0 { diagnostics.insert(ICalendarTreeBuilder.recipesLeftOut(leftOut), at: 0) }
    }

    /// The TZID parameters of the components' properties, at any depth.
    private static func tzids(in components: [ICalComponent]) -> Set<String> {
        var found: Set<String> = []
        var pending = components
        while let component = pending.popLast() {
            for property in component.properties {
                if let tzid = property.parameter("TZID") { found.insert(tzid) }
            }
            pending += component.children
        }
        return found
    }
}
