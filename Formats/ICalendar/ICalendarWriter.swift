import AlmanacCore
import Foundation

/// Writes an ``AlmanacDocument``'s events as one VCALENDAR (RFC 5545, with the
/// COLOR of RFC 7986 and the RELATED-TO;RELTYPE=PARENT of RFC 9253).
struct ICalendarWriter {
    /// The PRODID almanac writes.
    static let productID = "-//almanac//almanac//EN"

    /// The DTSTAMP of every VEVENT and VTODO (UTC).
    let stamp: CivilDateTime
    private var lines = ContentLineWriter()
    private(set) var diagnostics: [Diagnostic] = []

    init(stamp: CivilDateTime) {
        self.stamp = stamp
    }

    var bytes: [UInt8] { lines.bytes }

    private mutating func warn(_ message: String) {
        diagnostics.append(Diagnostic(.warning, message))
    }

    mutating func write(_ document: AlmanacDocument) {
        if !document.recipes.isEmpty {
            warn("\(document.recipes.count) recipe(s) not written: iCalendar holds events only")
        }
        let documentExtras = ICalendarExtras(document.extras)
        lines.property("BEGIN", "VCALENDAR")
        lines.property("VERSION", "2.0")
        lines.property("PRODID", Self.productID)
        for raw in documentExtras.properties { keep(property: raw, skipping: ["VERSION", "PRODID"], in: "the calendar") }
        for (zone, years) in ZoneUsage.collect(document).sorted(by: { $0.key < $1.key }) {
            VTimeZoneBuilder.write(zone, years: years, to: &lines)
        }
        for event in document.events { write(event) }
        for raw in documentExtras.components { keep(component: raw, in: "the calendar") }
        lines.property("END", "VCALENDAR")
    }

    // MARK: Items

    private mutating func write(_ event: Event) {
        let extras = ICalendarExtras(event.extras)
        let isTodo = extras.component == "VTODO"
        let name = isTodo ? "VTODO" : "VEVENT"
        var written: Set<String> = ["UID", "DTSTAMP"]
        lines.property("BEGIN", name)
        lines.text("UID", event.id)
        lines.property("DTSTAMP", ICalTimeText.text(stamp, utc: true))
        if let start = event.start {
            time("DTSTART", start, item: event.id)
            written.insert("DTSTART")
        }
        if let occurrence = event.recurrenceID {
            time("RECURRENCE-ID", occurrence, item: event.id)
            written.insert("RECURRENCE-ID")
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
        if let notes = event.notes {
            text("DESCRIPTION", notes, item: event.id)
            written.insert("DESCRIPTION")
        }
        if let url = event.url {
            lines.property("URL", [("VALUE", "URI")], url)
            written.insert("URL")
        }
        writeCategories(event.categories)
        if let priority = event.priority {
            lines.property("PRIORITY", String(priority))
            written.insert("PRIORITY")
        }
        if var rule = event.recurrence?.trimmingSpaces, !rule.isEmpty {
            if rule.uppercased().hasPrefix("RRULE:") { rule.removeFirst(6) }
            lines.property("RRULE", rule)
        }
        if let color = event.color {
            lines.property("COLOR", CSSColorNames.nearestName(to: color))
            lines.property("X-ALMANAC-COLOR", Self.exactText(color))
            written.formUnion(["COLOR", "X-ALMANAC-COLOR"])
        }
        if let symbol = event.symbol {
            text("X-ALMANAC-SYMBOL", symbol, item: event.id)
            written.insert("X-ALMANAC-SYMBOL")
        }
        for raw in extras.properties { keep(property: raw, skipping: written, in: "event \(event.id)") }
        for raw in extras.components { keep(component: raw, in: "event \(event.id)") }
        lines.property("END", name)
        for task in event.tasks { write(task, parent: event.id) }
        if event.extras.entries.keys.contains(where: { $0 != ICalendarExtras.key }) {
            let names = event.extras.sortedNames.filter { $0 != ICalendarExtras.key }.joined(separator: ", ")
            warn("event \(event.id): extras of \(names) have no place in iCalendar and are not written")
        }
    }

    private mutating func write(_ task: EventTask, parent: String) {
        let extras = ICalendarExtras(task.extras)
        var written: Set<String> = ["UID", "DTSTAMP", "SUMMARY"]
        lines.property("BEGIN", "VTODO")
        lines.text("UID", task.id)
        lines.property("DTSTAMP", ICalTimeText.text(stamp, utc: true))
        text("SUMMARY", task.text, item: task.id)
        // A kept status such as IN-PROCESS or CANCELLED stands while the task is not done.
        let keptStatus = extras.properties.first { Self.name(of: $0) == "STATUS" }
            .map { String($0.drop { $0 != ":" }.dropFirst()).trimmingSpaces.uppercased() }
        if task.isCompleted || keptStatus == nil || keptStatus == "COMPLETED" || keptStatus == "NEEDS-ACTION" {
            lines.property("STATUS", task.isCompleted ? "COMPLETED" : "NEEDS-ACTION")
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
            lines.property("RELATED-TO", [("RELTYPE", "PARENT")], TextValue.escape(parent).value)
        }
        for raw in extras.properties { keep(property: raw, skipping: written, in: "task \(task.id)") }
        for raw in extras.components { keep(component: raw, in: "task \(task.id)") }
        lines.property("END", "VTODO")
    }

    /// One CATEGORIES line; categories holding a carriage return get a line each,
    /// so that their `X-ALMANAC-BREAKS` stays theirs.
    private mutating func writeCategories(_ categories: [String]) {
        let plain = categories.filter { !$0.contains("\r") }
        if plain.count == categories.count {
            if !categories.isEmpty {
                lines.property("CATEGORIES", categories.map { TextValue.escape($0).value }.joined(separator: ","))
            }
            return
        }
        for category in categories { lines.text("CATEGORIES", category) }
    }

    private mutating func text(_ name: String, _ value: String, item: String) {
        if lines.text(name, value) {
            warn("\(item): control characters in \(name) cannot be written in iCalendar and were left out")
        }
    }

    private mutating func time(_ name: String, _ time: CalendarTime, item: String) {
        if time.civil.nanosecond != 0 {
            warn("\(item): iCalendar has no fractions of a second; \(name) written without them")
        }
        switch time {
        case .date(let date):
            lines.property(name, [("VALUE", "DATE")], ICalTimeText.text(date))
        case .utc(let value):
            lines.property(name, ICalTimeText.text(value, utc: true))
        case .zoned(let value, let zone):
            lines.property(name, [("TZID", zone)], ICalTimeText.text(value, utc: false))
        case .floating(let value):
            lines.property(name, ICalTimeText.text(value, utc: false))
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

    // MARK: Kept lines and components

    /// The upper-cased name of a raw content line.
    static func name(of raw: String) -> String {
        String(raw.prefix { $0 != ";" && $0 != ":" }).uppercased()
    }

    /// The first value of a parameter of a raw content line.
    static func lineParameter(_ raw: String, _ parameter: String) -> String? {
        guard case .line(let line)? = parseLine(raw) else { return nil }
        return line.parameter(parameter)
    }

    static func parseLine(_ raw: String) -> ContentLineReader.Entry? {
        var bytes = Array(raw.utf8)
        bytes.removeAll { $0 == 0x0D || $0 == 0x0A }
        return bytes.withUnsafeBufferPointer { buffer in
            var reader = ContentLineReader(buffer)
            return reader.next()
        }
    }

    /// Writes a kept property line unless the writer wrote that property from the
    /// model already, or it is not a content line (then with a warning).
    private mutating func keep(property raw: String, skipping written: Set<String>, in owner: String) {
        guard case .line(let line)? = Self.parseLine(raw), line.name != "BEGIN", line.name != "END" else {
            warn("\(owner): kept iCalendar line '\(raw.prefix(40))' is not a property and is not written")
            return
        }
        if written.contains(line.name) { return }
        lines.write(line.raw)
    }

    /// Components an item or the calendar may not carry as kept text.
    private static let forbiddenKept: Set<String> = ["VCALENDAR"]

    /// Writes a kept component when its lines nest properly, else warns.
    private mutating func keep(component raw: String, in owner: String) {
        var parsed: [ContentLine] = []
        var stack: [String] = []
        var valid = true
        for piece in raw.split(separator: "\n", omittingEmptySubsequences: true) {
            guard case .line(let line)? = Self.parseLine(String(piece)) else {
                valid = false
                break
            }
            if line.name == "BEGIN" {
                let name = line.value.uppercased()
                if Self.forbiddenKept.contains(name) || (owner != "the calendar" && ["VEVENT", "VTODO", "VTIMEZONE"].contains(name)) { valid = false }
                stack.append(name)
            } else if line.name == "END" {
                if stack.popLast() != line.value.uppercased() { valid = false }
            } else if stack.isEmpty {
                valid = false
            }
            if stack.isEmpty && line.name == "END" && parsed.count + 1 < raw.split(separator: "\n").count { valid = false }
            parsed.append(line)
            if !valid { break }
        }
        guard valid, stack.isEmpty, let first = parsed.first, first.name == "BEGIN" else {
            warn("\(owner): kept iCalendar component '\(raw.prefix(40))' does not nest properly and is not written")
            return
        }
        for line in parsed { lines.write(line.raw) }
    }
}
