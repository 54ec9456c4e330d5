import AlmanacCore
import Foundation

/// Maps an ``AlmanacDocument``'s events to iCalendar (RFC 5545, with the COLOR of
/// RFC 7986 and the RELATED-TO;RELTYPE=PARENT of RFC 9253), for any iCalendar syntax to
/// write: the rules live here once and go to an ``ICalendarSink``, the component tree
/// for jCal and xCal (``components(for:recipes:)``) or content lines as bytes for RFC 5545
/// text (``write(_:recipes:to:)``).
public struct ICalendarTreeBuilder {
    /// The PRODID almanac writes.
    public static let productID = "-//almanac//almanac//EN"

    /// `RELTYPE=PARENT`, `VALUE=URI` and `VALUE=DATE`, made once rather than per line.
    private static let parentParameters = [("RELTYPE", "PARENT")]
    private static let uriParameters = [("VALUE", "URI")]
    private static let dateParameters = [("VALUE", "DATE")]

    /// The DTSTAMP of every VEVENT and VTODO (UTC).
    public let stamp: CivilDateTime
    /// Warnings about what could not be carried.
    public private(set) var diagnostics: [Diagnostic] = []
    /// ``CSSColorNames/nearestName(to:)`` of the colors met so far (calendars use few).
    private var nearestNames: [RGBAColor: String] = [:]
    /// Up to eight kept components handed to a sink flat, with what ``keep(component:in:isCalendar:to:)``
    /// read from each, so that the same text (most events' alarms) is not read again.
    var flatKept: [(raw: [UInt8], isCalendar: Bool, name: String, lines: [Range<Int>])] = []
    /// ``exactText(_:)`` of the colors met so far, likewise.
    private var exactTexts: [RGBAColor: String] = [:]

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

    /// The VCALENDAR's properties (VERSION, PRODID and the kept ones of `extras`), without sub-components.
    public mutating func calendarHead(extras: Extras) -> ICalComponent {
        var tree = ICalendarTreeSink()
        tree.begin("VCALENDAR")
        tree.property("VERSION", [], "2.0")
        tree.property("PRODID", [], Self.productID)
        for raw in ICalendarExtras(extras).properties { keep(property: raw, skipping: ["VERSION", "PRODID"], in: "the calendar", to: &tree) }
        return tree.innermost ?? ICalComponent(name: "VCALENDAR")
    }

    /// One VTIMEZONE per zone of `years`, in name order.
    public static func timeZones(_ years: [String: ClosedRange<Int>]) -> [ICalComponent] {
        years.sorted { $0.key < $1.key }.compactMap { VTimeZoneBuilder.component($0.key, years: $0.value) }
    }

    /// The calendar components `extras` kept (written after the events).
    public mutating func keptCalendarComponents(extras: Extras) -> [ICalComponent] {
        var tree = ICalendarTreeSink()
        tree.begin("VCALENDAR")
        for raw in ICalendarExtras(extras).components { keep(component: raw, in: "the calendar", isCalendar: true, to: &tree) }
        return tree.innermost?.children ?? []
    }

    /// The warning that `count` recipes were left out.
    public static func recipesLeftOut(_ count: Int) -> Diagnostic {
        Diagnostic(.warning, "\(count) recipe(s) not written: iCalendar holds events only (a recipe a meal event names gives the meal its details)")
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
        var tree = ICalendarTreeSink()
        map(event, recipes: recipes, to: &tree)
        return tree.components
    }

    /// Writes the event's component, then its tasks', to `lines` as content lines.
    public mutating func write(_ event: Event, recipes: [Recipe] = [], to lines: inout ContentLineWriter) {
        map(event, recipes: recipes, to: &lines)
    }

    /// Writes the event's component, then its tasks', to `sink`: the one place that says
    /// which property each field of the model becomes.
    mutating func map<Sink: ICalendarSink>(_ event: Event, recipes: [Recipe], to sink: inout Sink) {
        let extras = ICalendarExtras(event.extras)
        let isTodo = extras.component == "VTODO"
        // The properties written from the model, which kept lines do not repeat.
        var written: WrittenKinds = [.uid, .dtstamp]
        sink.begin(isTodo ? "VTODO" : "VEVENT")
        _ = sink.text("UID", [], event.id, marksBreaks: true)
        sink.time("DTSTAMP", [], .dateTime(stamp, utc: true))
        if let start = event.start {
            time("DTSTART", start, item: event.id, to: &sink)
            written.insert(.dtstart)
        }
        if let occurrence = event.recurrenceID {
            let range = Self.keptRange(extras).map { [("RANGE", $0)] } ?? []
            time("RECURRENCE-ID", occurrence, leading: range, item: event.id, to: &sink)
            written.insert(.recurrenceID)
        }
        if let end = event.end {
            time(isTodo ? "DUE" : "DTEND", end, item: event.id, to: &sink)
            written.formUnion([.dtend, .due, .duration])
        }
        text("SUMMARY", event.title, item: event.id, to: &sink)
        written.insert(.summary)
        if let location = event.location {
            text("LOCATION", location, item: event.id, to: &sink)
            written.insert(.location)
        }
        if !recipes.isEmpty {
            text("DESCRIPTION", MealDetails.description(notes: event.notes, recipes: recipes), marked: true, item: event.id, to: &sink)
            if let notes = event.notes { text(MealDetails.notesProperty, notes, item: event.id, to: &sink) }
            written.formUnion([.description, .notes])
        } else if let notes = event.notes {
            text("DESCRIPTION", notes, item: event.id, to: &sink)
            written.insert(.description)
        }
        if let url = event.url {
            sink.property("URL", Self.uriParameters, url)
            written.insert(.url)
        }
        writeCategories(event.categories, to: &sink)
        if let priority = event.priority {
            sink.property("PRIORITY", [], String(priority))
            written.insert(.priority)
        }
        if var rule = event.recurrence?.trimmingSpaces, !rule.isEmpty {
            if rule.uppercased().hasPrefix("RRULE:") { rule.removeFirst(6) }
            sink.property("RRULE", [], rule)
        }
        if let color = event.color {
            sink.property("COLOR", [], nearestName(to: color))
            sink.property("X-ALMANAC-COLOR", [], exactName(of: color))
            written.formUnion([.color, .almanacColor])
        }
        if let symbol = event.symbol {
            text("X-ALMANAC-SYMBOL", symbol, item: event.id, to: &sink)
            written.insert(.almanacSymbol)
        }
        writeMeal(event, recipes: recipes, to: &sink)
        written.insert(.recipe)
        for raw in extras.properties { keep(property: raw, skipping: written, in: "event \(event.id)", to: &sink) }
        for raw in extras.components { keep(component: raw, in: "event \(event.id)", to: &sink) }
        if event.start.map({ !$0.isDateOnly }) == true {
            for alarm in recipes.compactMap(MealDetails.alarm) { sink.append(alarm) }
        }
        sink.end(isTodo ? "VTODO" : "VEVENT")
        for task in event.tasks { map(task, parent: event.id, to: &sink) }
        if event.extras.entries.keys.contains(where: { $0 != ICalendarExtras.key }) {
            let names = event.extras.sortedNames.filter { $0 != ICalendarExtras.key }.joined(separator: ", ")
            warn("event \(event.id): extras of \(names) have no place in iCalendar and are not written")
        }
    }

    /// A meal's `X-ALMANAC-RECIPE` per recipe id and a derived LINK per recipe with a web source.
    private mutating func writeMeal<Sink: ICalendarSink>(_ event: Event, recipes: [Recipe], to sink: inout Sink) {
        for id in event.recipes { text(MealDetails.recipeProperty, id, item: event.id, to: &sink) }
        for recipe in recipes {
            guard let link = MealDetails.link(recipe) else { continue }
            sink.property("LINK", [("LINKREL", "related"), ("LABEL", recipe.title), (MealDetails.derivedParameter, "TRUE"), ("VALUE", "URI")], link)
        }
    }

    private mutating func map<Sink: ICalendarSink>(_ task: EventTask, parent: String, to sink: inout Sink) {
        let extras = ICalendarExtras(task.extras)
        var written: WrittenKinds = [.uid, .dtstamp, .summary]
        sink.begin("VTODO")
        _ = sink.text("UID", [], task.id, marksBreaks: true)
        sink.time("DTSTAMP", [], .dateTime(stamp, utc: true))
        text("SUMMARY", task.text, item: task.id, to: &sink)
        // A kept status such as IN-PROCESS or CANCELLED stands while the task is not done.
        let keptStatus = extras.properties.first { Self.name(of: $0) == "STATUS" }
            .map { String($0.drop { $0 != ":" }.dropFirst()).trimmingSpaces.uppercased() }
        if task.isCompleted || keptStatus == nil || keptStatus == "COMPLETED" || keptStatus == "NEEDS-ACTION" {
            sink.property("STATUS", [], task.isCompleted ? "COMPLETED" : "NEEDS-ACTION")
            written.insert(.status)
        }
        if !task.isCompleted {
            // A task no longer done has no completion time.
            written.insert(.completed)
        }
        let keptParent = extras.properties.contains { raw in
            Self.name(of: raw) == "RELATED-TO" && (Self.lineParameter(raw, "RELTYPE")?.uppercased() ?? "PARENT") == "PARENT"
        }
        if !keptParent {
            _ = sink.text("RELATED-TO", Self.parentParameters, parent, marksBreaks: false)
        }
        for raw in extras.properties { keep(property: raw, skipping: written, in: "task \(task.id)", to: &sink) }
        for raw in extras.components { keep(component: raw, in: "task \(task.id)", to: &sink) }
        sink.end("VTODO")
    }

    /// One CATEGORIES line; categories holding a carriage return get a line each,
    /// so that their `X-ALMANAC-BREAKS` stays theirs.
    private func writeCategories<Sink: ICalendarSink>(_ categories: [String], to sink: inout Sink) {
        // A carriage return anywhere, also in CR LF or before a combining mark.
        if !categories.contains(where: { $0.utf8.contains(UInt8(ascii: "\r")) }) {
            if !categories.isEmpty { sink.textList("CATEGORIES", categories) }
            return
        }
        for category in categories { _ = sink.text("CATEGORIES", [], category, marksBreaks: true) }
    }

    /// A TEXT property, with a warning when control characters had to be left out;
    /// `marked` marks it as derived from the meal's recipes.
    private mutating func text<Sink: ICalendarSink>(_ name: String, _ value: String, marked: Bool = false, item: String, to sink: inout Sink) {
        if sink.text(name, marked ? [(MealDetails.derivedParameter, "TRUE")] : [], value, marksBreaks: true) {
            warn("\(item): control characters in \(name) cannot be written in iCalendar and were left out")
        }
    }

    /// A date or date-time property: `VALUE=DATE` for a date, `TZID` for a zoned time,
    /// after the `leading` parameters.
    private mutating func time<Sink: ICalendarSink>(_ name: String, _ time: CalendarTime, leading: [(String, String)] = [], item: String, to sink: inout Sink) {
        if time.civil.nanosecond != 0 {
            warn("\(item): iCalendar has no fractions of a second; \(name) written without them")
        }
        switch time {
        case .date(let date):
            sink.time(name, leading.isEmpty ? Self.dateParameters : leading + Self.dateParameters, .date(date))
        case .utc(let value):
            sink.time(name, leading, .dateTime(value, utc: true))
        case .zoned(let value, let zone):
            sink.time(name, leading.isEmpty ? [("TZID", zone)] : leading + [("TZID", zone)], .dateTime(value, utc: false))
        case .floating(let value):
            sink.time(name, leading, .dateTime(value, utc: false))
        }
    }

    /// The CSS3 name nearest to `color`, remembered.
    private mutating func nearestName(to color: RGBAColor) -> String {
        if let known = nearestNames[color] { return known }
        let name = CSSColorNames.nearestName(to: color)
        if nearestNames.count < 4096 { nearestNames[color] = name }
        return name
    }

    /// ``exactText(_:)`` of `color`, remembered.
    private mutating func exactName(of color: RGBAColor) -> String {
        if let known = exactTexts[color] { return known }
        let text = Self.exactText(color)
        if exactTexts.count < 4096 { exactTexts[color] = text }
        return text
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
