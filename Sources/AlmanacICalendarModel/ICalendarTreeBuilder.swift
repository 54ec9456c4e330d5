import AlmanacCore
import Foundation

/// Builds the VCALENDAR component tree of an ``AlmanacDocument``'s events (RFC 5545,
/// with the COLOR of RFC 7986 and the RELATED-TO;RELTYPE=PARENT of RFC 9253), for
/// any iCalendar syntax to write: RFC 5545 text, jCal or xCal.
public struct ICalendarTreeBuilder {
    /// The PRODID almanac writes.
    public static let productID = "-//almanac//almanac//EN"

    /// The DTSTAMP of every VEVENT and VTODO (UTC).
    public let stamp: CivilDateTime
    /// Warnings about what could not be carried.
    public private(set) var diagnostics: [Diagnostic] = []
    /// The component being filled: the calendar, then each event and task in turn.
    private var current = ICalComponent(name: "VCALENDAR")

    public init(stamp: CivilDateTime) {
        self.stamp = stamp
    }

    /// The warnings so far, handed over once.
    public mutating func takeDiagnostics() -> [Diagnostic] {
        defer { diagnostics = [] }
        return diagnostics
    }

    mutating func warn(_ message: String) {
        diagnostics.append(Diagnostic(.warning, message))
    }

    /// Adds a kept property to the component being filled.
    mutating func appendKept(_ property: ICalProperty) {
        current.properties.append(property)
    }

    /// Adds a kept sub-component to the component being filled.
    mutating func appendKept(_ component: ICalComponent) {
        current.children.append(component)
    }

    /// The VCALENDAR's properties (VERSION, PRODID and the kept ones of `extras`), without sub-components.
    public mutating func calendarHead(extras: Extras) -> ICalComponent {
        current = ICalComponent(name: "VCALENDAR")
        property("VERSION", "2.0")
        property("PRODID", Self.productID)
        for raw in ICalendarExtras(extras).properties { keep(property: raw, skipping: ["VERSION", "PRODID"], in: "the calendar") }
        return current
    }

    /// One VTIMEZONE per zone of `years`, in name order.
    public static func timeZones(_ years: [String: ClosedRange<Int>]) -> [ICalComponent] {
        years.sorted { $0.key < $1.key }.compactMap { VTimeZoneBuilder.component($0.key, years: $0.value) }
    }

    /// The calendar components `extras` kept (written after the events).
    public mutating func keptCalendarComponents(extras: Extras) -> [ICalComponent] {
        current = ICalComponent(name: "VCALENDAR")
        for raw in ICalendarExtras(extras).components { keep(component: raw, in: "the calendar") }
        return current.children
    }

    /// The warning that `count` recipes were left out.
    public static func recipesLeftOut(_ count: Int) -> Diagnostic {
        Diagnostic(.warning, "\(count) recipe(s) not written: iCalendar holds events only (a recipe a meal event names gives the meal its details)")
    }

    // MARK: Properties of the current component

    private mutating func property(_ name: String, _ value: String) {
        current.properties.append(ICalProperty(name, [], value))
    }

    private mutating func property(_ name: String, _ parameters: [(String, String)], _ value: String) {
        current.properties.append(ICalProperty(name, parameters, value))
    }

    /// A TEXT property: the value escaped, with `X-ALMANAC-BREAKS` when it holds CRs.
    /// Returns whether control characters had to be left out.
    @discardableResult
    private mutating func plainText(_ name: String, _ text: String) -> Bool {
        let property = TextValue.property(name, text)
        current.properties.append(property.property)
        return property.droppedControls
    }

    // MARK: Items

    /// The `RANGE` (`THISANDFUTURE`) of a kept RECURRENCE-ID line, which the model's
    /// `recurrenceID` has no place for.
    static func keptRange(_ extras: ICalendarExtras) -> String? {
        for raw in extras.properties where name(of: raw) == "RECURRENCE-ID" {
            if let range = lineParameter(raw, "RANGE") { return range }
        }
        return nil
    }

    /// The event's component followed by its tasks'. `recipes` are the recipes of the
    /// event's ``Event/recipes`` that the document holds, which give a meal its details
    /// (see ``MealDetails``).
    public mutating func components(for event: Event, recipes: [Recipe] = []) -> [ICalComponent] {
        let extras = ICalendarExtras(event.extras)
        let isTodo = extras.component == "VTODO"
        let name = isTodo ? "VTODO" : "VEVENT"
        var written: Set<String> = ["UID", "DTSTAMP"]
        current = ICalComponent(name: name)
        plainText("UID", event.id)
        property("DTSTAMP", ICalTimeText.text(stamp, utc: true))
        if let start = event.start {
            time("DTSTART", start, item: event.id)
            written.insert("DTSTART")
        }
        if let occurrence = event.recurrenceID {
            time("RECURRENCE-ID", occurrence, item: event.id)
            written.insert("RECURRENCE-ID")
            if let range = Self.keptRange(extras) {
                let written = current.properties.removeLast()
                current.properties.append(ICalProperty(name: written.name, parameters: [ICalParameter(name: "RANGE", values: [range])] + written.parameters, value: written.value))
            }
        }
        if let end = event.end {
            time(isTodo ? "DUE" : "DTEND", end, item: event.id)
            written.formUnion(["DTEND", "DUE", "DURATION"])
        }
        text("SUMMARY", event.title, item: event.id)
        written.insert("SUMMARY")
        if let location = event.location {
            text("LOCATION", location, item: event.id)
            written.insert("LOCATION")
        }
        if !recipes.isEmpty {
            text("DESCRIPTION", MealDetails.description(notes: event.notes, recipes: recipes), item: event.id)
            markLast()
            if let notes = event.notes { text(MealDetails.notesProperty, notes, item: event.id) }
            written.formUnion(["DESCRIPTION", MealDetails.notesProperty])
        } else if let notes = event.notes {
            text("DESCRIPTION", notes, item: event.id)
            written.insert("DESCRIPTION")
        }
        if let url = event.url {
            property("URL", [("VALUE", "URI")], url)
            written.insert("URL")
        }
        writeCategories(event.categories)
        if let priority = event.priority {
            property("PRIORITY", String(priority))
            written.insert("PRIORITY")
        }
        if var rule = event.recurrence?.trimmingSpaces, !rule.isEmpty {
            if rule.uppercased().hasPrefix("RRULE:") { rule.removeFirst(6) }
            property("RRULE", rule)
        }
        if let color = event.color {
            property("COLOR", CSSColorNames.nearestName(to: color))
            property("X-ALMANAC-COLOR", Self.exactText(color))
            written.formUnion(["COLOR", "X-ALMANAC-COLOR"])
        }
        if let symbol = event.symbol {
            text("X-ALMANAC-SYMBOL", symbol, item: event.id)
            written.insert("X-ALMANAC-SYMBOL")
        }
        writeMeal(event, recipes: recipes)
        written.insert(MealDetails.recipeProperty)
        for raw in extras.properties { keep(property: raw, skipping: written, in: "event \(event.id)") }
        for raw in extras.components { keep(component: raw, in: "event \(event.id)") }
        if event.start.map({ !$0.isDateOnly }) == true {
            current.children += recipes.compactMap(MealDetails.alarm)
        }
        var result = [current]
        for task in event.tasks { result.append(component(task, parent: event.id)) }
        if event.extras.entries.keys.contains(where: { $0 != ICalendarExtras.key }) {
            let names = event.extras.sortedNames.filter { $0 != ICalendarExtras.key }.joined(separator: ", ")
            warn("event \(event.id): extras of \(names) have no place in iCalendar and are not written")
        }
        return result
    }

    /// A meal's `X-ALMANAC-RECIPE` per recipe id and a derived LINK per recipe with a web source.
    private mutating func writeMeal(_ event: Event, recipes: [Recipe]) {
        for id in event.recipes { text(MealDetails.recipeProperty, id, item: event.id) }
        for recipe in recipes {
            guard let link = MealDetails.link(recipe) else { continue }
            property("LINK", [("LINKREL", "related"), ("LABEL", recipe.title), (MealDetails.derivedParameter, "TRUE"), ("VALUE", "URI")], link)
        }
    }

    /// Marks the property written last as derived from the meal's recipes.
    private mutating func markLast() {
        guard let last = current.properties.popLast() else { return }
        current.properties.append(ICalProperty(name: last.name, parameters: last.parameters + [ICalParameter(name: MealDetails.derivedParameter, values: ["TRUE"])], value: last.value))
    }

    private mutating func component(_ task: EventTask, parent: String) -> ICalComponent {
        let extras = ICalendarExtras(task.extras)
        var written: Set<String> = ["UID", "DTSTAMP", "SUMMARY"]
        current = ICalComponent(name: "VTODO")
        plainText("UID", task.id)
        property("DTSTAMP", ICalTimeText.text(stamp, utc: true))
        text("SUMMARY", task.text, item: task.id)
        // A kept status such as IN-PROCESS or CANCELLED stands while the task is not done.
        let keptStatus = extras.properties.first { Self.name(of: $0) == "STATUS" }
            .map { String($0.drop { $0 != ":" }.dropFirst()).trimmingSpaces.uppercased() }
        if task.isCompleted || keptStatus == nil || keptStatus == "COMPLETED" || keptStatus == "NEEDS-ACTION" {
            property("STATUS", task.isCompleted ? "COMPLETED" : "NEEDS-ACTION")
            written.insert("STATUS")
        }
        if !task.isCompleted {
            // A task no longer done has no completion time.
            written.formUnion(["COMPLETED"])
        }
        let keptParent = extras.properties.contains { raw in
            Self.name(of: raw) == "RELATED-TO" && (Self.lineParameter(raw, "RELTYPE")?.uppercased() ?? "PARENT") == "PARENT"
        }
        if !keptParent {
            property("RELATED-TO", [("RELTYPE", "PARENT")], TextValue.escape(parent).value)
        }
        for raw in extras.properties { keep(property: raw, skipping: written, in: "task \(task.id)") }
        for raw in extras.components { keep(component: raw, in: "task \(task.id)") }
        return current
    }

    /// One CATEGORIES line; categories holding a carriage return get a line each,
    /// so that their `X-ALMANAC-BREAKS` stays theirs.
    private mutating func writeCategories(_ categories: [String]) {
        let plain = categories.filter { !$0.contains("\r") }
        if plain.count == categories.count {
            if !categories.isEmpty {
                property("CATEGORIES", categories.map { TextValue.escape($0).value }.joined(separator: ","))
            }
            return
        }
        for category in categories { plainText("CATEGORIES", category) }
    }

    private mutating func text(_ name: String, _ value: String, item: String) {
        if plainText(name, value) {
            warn("\(item): control characters in \(name) cannot be written in iCalendar and were left out")
        }
    }

    private mutating func time(_ name: String, _ time: CalendarTime, item: String) {
        if time.civil.nanosecond != 0 {
            warn("\(item): iCalendar has no fractions of a second; \(name) written without them")
        }
        switch time {
        case .date(let date):
            property(name, [("VALUE", "DATE")], ICalTimeText.text(date))
        case .utc(let value):
            property(name, ICalTimeText.text(value, utc: true))
        case .zoned(let value, let zone):
            property(name, [("TZID", zone)], ICalTimeText.text(value, utc: false))
        case .floating(let value):
            property(name, ICalTimeText.text(value, utc: false))
        }
    }

    /// `#RRGGBBAA` when that is exact, else `color(srgb r g b / a)` with the components as they are.
    static func exactText(_ color: RGBAColor) -> String {
        let components = [color.red, color.green, color.blue, color.alpha]
        if components.allSatisfy({ (0...1).contains($0) && ($0 * 255).rounded() / 255 == $0 }) {
            return color.hexString
        }
        func number(_ value: Double) -> String {
            value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
        }
        return "color(srgb \(number(color.red)) \(number(color.green)) \(number(color.blue)) / \(number(color.alpha)))"
    }
}
