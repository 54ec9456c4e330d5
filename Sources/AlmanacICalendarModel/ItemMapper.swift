import AlmanacCore
import Foundation

/// Turns one VEVENT or VTODO into the model: the fields the model has, times
/// with their zones, and everything else into the `ics` extras. Collects warnings.
struct ItemMapper {
    var source: String
    var resolver: TimeZoneResolver
    /// The IANA zone of a known `X-WR-TIMEZONE`, applied to floating times.
    var calendarZone: String?
    private(set) var diagnostics: [Diagnostic] = []
    private var reportedTZIDs: Set<String> = []
    /// ``CSSColorNames/nearestName(to:)`` of the exact colors met so far (calendars use few).
    private var nearestNames: [RGBAColor: String] = [:]

    init(source: String, resolver: TimeZoneResolver, calendarZone: String?) {
        self.source = source
        self.resolver = resolver
        self.calendarZone = calendarZone
    }

    /// Properties the model holds once, one bit each; a second one is reported and ignored.
    /// The name's length is matched first, so that a name meets few failed String
    /// comparisons (each costs a call).
    private static func singletonBit(_ name: String) -> UInt16? {
        switch (name.utf8.count, name) {
        case (3, "UID"): return 1 << 0
        case (7, "SUMMARY"): return 1 << 1
        case (11, "DESCRIPTION"): return 1 << 2
        case (8, "LOCATION"): return 1 << 3
        case (3, "URL"): return 1 << 4
        case (5, "COLOR"): return 1 << 5
        case (15, "X-ALMANAC-COLOR"): return 1 << 6
        case (16, "X-ALMANAC-SYMBOL"): return 1 << 7
        case (7, "DTSTART"): return 1 << 8
        case (5, "DTEND"): return 1 << 9
        case (3, "DUE"): return 1 << 10
        case (8, "DURATION"): return 1 << 11
        case (8, "PRIORITY"): return 1 << 12
        case (13, "RECURRENCE-ID"): return 1 << 13
        default: return nil
        }
    }

    mutating func warn(_ message: String, at line: ICalProperty) {
        diagnostics.append(Diagnostic(.warning, message, source: source, position: SourcePosition(offset: line.offset, line: line.line, column: line.column)))
    }

    mutating func warn(_ message: String, component: ICalComponent) {
        diagnostics.append(Diagnostic(.warning, message, source: source, position: SourcePosition(offset: component.offset, line: component.line, column: component.column)))
    }

    /// The component's UID, unescaped and trimmed, or `nil`.
    static func uid(of component: ICalComponent) -> String? {
        guard let value = component.property("UID")?.value else { return nil }
        return ItemLinks.identifier(value)
    }

    /// The UID, or an id derived from the component's text and place.
    static func id(of component: ICalComponent) -> String {
        uid(of: component) ?? StableID.make(from: component.rawText.utf8, salt: "ics:\(component.line)")
    }

    static func text(_ line: ICalProperty) -> String {
        TextValue.unescape(line.value, breaks: line.parameter(TextValue.breaksParameter))
    }

    /// The raw line to keep, with a TZID that names an IANA zone in another way
    /// (a Windows name, a vendor prefix) replaced by the IANA name.
    mutating func kept(_ line: ICalProperty) -> String {
        guard let tzid = line.parameter("TZID"), case .iana(let name) = resolver.resolve(tzid), name != tzid else { return line.raw }
        return line.replacingParameter("TZID", with: name).raw
    }

    // MARK: Events

    /// A VEVENT, or a VTODO without a parent (then `asTodo`, and DUE is its end).
    mutating func event(_ component: ICalComponent, asTodo: Bool) -> Event {
        var extras = ICalendarExtras(component: asTodo ? "VTODO" : nil)
        var event = Event(id: Self.id(of: component), title: "")
        var seen: UInt16 = 0
        var startLine: ICalProperty?
        var endLine: ICalProperty?
        var durationLine: ICalProperty?
        var colorLine: ICalProperty?
        var exactColorLine: ICalProperty?
        var mealNotes: String?
        var derivedDescription = false
        let endName = asTodo ? "DUE" : "DTEND"
        for property in component.properties {
            if let bit = Self.singletonBit(property.name) {
                guard seen & bit == 0 else {
                    warn("a second \(property.name) is ignored", at: property)
                    continue
                }
                seen |= bit
            }
            switch property.name {
            case "UID": break
            case "DTSTAMP": break
            case "SUMMARY": event.title = Self.text(property)
            case "DESCRIPTION":
                if MealDetails.isDerived(property) { derivedDescription = true } else { event.notes = Self.text(property) }
            case MealDetails.recipeProperty: event.recipes.append(Self.text(property))
            case MealDetails.notesProperty: mealNotes = Self.text(property)
            case "LINK" where MealDetails.isDerived(property): break
            case "LOCATION": event.location = Self.text(property)
            case "URL": event.url = property.value.trimmingSpaces
            case "CATEGORIES":
                event.categories += TextValue.splitList(property.value, breaks: property.parameter(TextValue.breaksParameter)).filter { !$0.isEmpty }
            case "PRIORITY":
                if let value = Int(property.value.trimmingSpaces), (0...9).contains(value) {
                    event.priority = value
                } else {
                    warn("PRIORITY: '\(property.value.prefix(20))' is not a number from 0 to 9", at: property)
                    extras.properties.append(property.raw)
                }
            case "RRULE":
                if event.recurrence == nil { event.recurrence = property.value.trimmingSpaces } else { extras.properties.append(property.raw) }
            case "COLOR": colorLine = property
            case "X-ALMANAC-COLOR": exactColorLine = property
            case "X-ALMANAC-SYMBOL": event.symbol = Self.text(property)
            case "DTSTART": startLine = property
            case "RECURRENCE-ID":
                if let occurrence = time(property) {
                    event.recurrenceID = occurrence
                    // RANGE=THISANDFUTURE has no model field: the line is kept, and the writer adds its RANGE.
                    if property.parameter("RANGE") != nil { extras.properties.append(kept(property)) }
                } else {
                    extras.properties.append(kept(property))
                }
            case "DURATION": durationLine = property
            case endName: endLine = property
            default: extras.properties.append(kept(property))
            }
        }
        if let startLine {
            event.start = time(startLine)
            if event.start == nil { extras.properties.append(kept(startLine)) }
        }
        if let endLine {
            if let end = time(endLine) {
                if let start = event.start, start.isDateOnly != end.isDateOnly {
                    warn("\(endName) and DTSTART must both be dates or both be date-times; \(endName) kept as written", at: endLine)
                    extras.properties.append(kept(endLine))
                } else if case .date(let startDay)? = event.start, case .date(let endDay) = end, endDay == startDay {
                    // Published holiday calendars write DTEND = DTSTART for one-day events;
                    // Google, Apple and libical read them as one day long.
                    warn("\(endName) equals DTSTART on an all-day event; read as one day long (\(endName) is exclusive: \(ICalTimeText.text(startDay.adding(days: 1))))", at: endLine)
                    event.end = .date(startDay.adding(days: 1))
                } else {
                    event.end = end
                }
            } else {
                extras.properties.append(kept(endLine))
            }
            if let durationLine {
                warn("DURATION beside \(endName) is ignored", at: durationLine)
            }
        } else if let durationLine {
            if let duration = ISO8601Text.parseDuration(Array(durationLine.value.trimmingSpaces.utf8)), let start = event.start {
                event.end = Self.adding(duration, to: start)
            } else {
                if event.start != nil { warn("DURATION: '\(durationLine.value.prefix(40))' is not a duration such as PT1H30M", at: durationLine) }
                extras.properties.append(durationLine.raw)
            }
        }
        // A meal's DESCRIPTION holds its recipes' details: the notes are X-ALMANAC-NOTES
        // (stale beside a DESCRIPTION another program rewrote, which is the notes then).
        if derivedDescription { event.notes = mealNotes }
        event.color = color(name: colorLine, exact: exactColorLine, extras: &extras)
        extras.components = component.children.filter { !MealDetails.isDerivedAlarm($0) }.map(\.rawText)
        event.extras = extras.stored(in: event.extras)
        return event
    }

    private mutating func color(name: ICalProperty?, exact: ICalProperty?, extras: inout ICalendarExtras) -> RGBAColor? {
        let named = name.flatMap { CSSColorNames.color(named: $0.value) }
        if let name, named == nil {
            warn("COLOR: '\(name.value.prefix(40))' is not a CSS3 color name", at: name)
            extras.properties.append(name.raw)
        }
        if let exact {
            guard let color = Self.exactColor(exact.value) else {
                warn("X-ALMANAC-COLOR: '\(exact.value.prefix(40))' is not #RRGGBBAA or color(srgb r g b / a)", at: exact)
                extras.properties.append(exact.raw)
                return named
            }
            // COLOR changed by another program wins over the exact color it no longer matches.
            if let name, let named, nearestName(to: color) != name.value.trimmingSpaces.lowercased() { return named }
            return color
        }
        return named
    }

    /// The CSS3 name nearest to `color`, remembered.
    private mutating func nearestName(to color: RGBAColor) -> String {
        if let known = nearestNames[color] { return known }
        let name = CSSColorNames.nearestName(to: color)
        if nearestNames.count < 4096 { nearestNames[color] = name }
        return name
    }

    /// Parses `#RRGGBB[AA]` or `color(srgb r g b [/ a])`.
    static func exactColor(_ text: String) -> RGBAColor? {
        let trimmed = text.trimmingSpaces
        if trimmed.hasPrefix("#") { return RGBAColor(hex: trimmed) }
        let lowered = trimmed.lowercased()
        guard lowered.hasPrefix("color(srgb "), lowered.hasSuffix(")") else { return nil }
        let inner = lowered.dropFirst("color(srgb ".count).dropLast()
        let numbers = inner.split(whereSeparator: { $0 == " " || $0 == "/" }).map { Double($0) }
        guard numbers.count == 3 || numbers.count == 4, numbers.allSatisfy({ $0 != nil }) else { return nil }
        return RGBAColor(red: numbers[0]!, green: numbers[1]!, blue: numbers[2]!, alpha: numbers.count == 4 ? numbers[3]! : 1)
    }

    // MARK: Tasks

    /// A VTODO that belongs to the event `parentUID` (its RELATED-TO that names
    /// the parent is the link, and not kept).
    mutating func task(_ component: ICalComponent, parentUID: String) -> EventTask {
        var extras = ICalendarExtras()
        var task = EventTask(id: Self.id(of: component), text: "")
        var statusSeen = false
        var linked = false
        var completedDate = false
        for property in component.properties {
            switch property.name {
            case "UID", "DTSTAMP": break
            case "SUMMARY": task.text = Self.text(property)
            case "STATUS":
                let status = property.value.trimmingSpaces.uppercased()
                if !statusSeen && (status == "COMPLETED" || status == "NEEDS-ACTION") {
                    task.isCompleted = status == "COMPLETED"
                } else {
                    extras.properties.append(property.raw)
                }
                statusSeen = true
            case "RELATED-TO":
                if !linked && ItemLinks.namesParent(property) && TextValue.unescape(property.value).trimmingSpaces == parentUID {
                    linked = true
                } else {
                    extras.properties.append(kept(property))
                }
            case "COMPLETED":
                completedDate = true
                extras.properties.append(kept(property))
            default:
                extras.properties.append(kept(property))
            }
        }
        if !statusSeen && completedDate { task.isCompleted = true }
        extras.components = component.children.map(\.rawText)
        task.extras = extras.stored(in: task.extras)
        return task
    }

    // MARK: Times

    /// A DATE or DATE-TIME property as a ``CalendarTime``; `nil` (with a warning) when broken.
    mutating func time(_ line: ICalProperty) -> CalendarTime? {
        guard let value = ICalTimeText.parse(line.value) else {
            warn("\(line.name): '\(line.value.prefix(40))' is not a date (YYYYMMDD) or date-time (YYYYMMDDTHHMMSS)", at: line)
            return nil
        }
        switch value {
        case .date(let date):
            return .date(date)
        case .dateTime(let local, utc: true):
            return .utc(local)
        case .dateTime(let local, utc: false):
            guard let tzid = line.parameter("TZID") else {
                if let calendarZone { return .zoned(local, timeZone: calendarZone) }
                return .floating(local)
            }
            switch resolver.resolve(tzid) {
            case .iana(let name):
                return .zoned(local, timeZone: name)
            case .rules(let rules):
                if reportedTZIDs.insert(tzid).inserted {
                    diagnostics.append(Diagnostic(.note, "TZID '\(tzid)' is not an IANA time zone; its times are converted to UTC with the file's VTIMEZONE", source: source, position: SourcePosition(offset: line.offset, line: line.line, column: line.column)))
                }
                return .utc(rules.utc(local))
            case .unknown:
                if reportedTZIDs.insert(tzid).inserted {
                    warn("TZID '\(tzid)' names no known time zone and the file has no VTIMEZONE for it; its times are read as floating", at: line)
                }
                return .floating(local)
            }
        }
    }

    /// `time` moved by `duration`: days and weeks on the calendar (wall clock kept),
    /// hours, minutes and seconds as elapsed time.
    static func adding(_ duration: ISODuration, to time: CalendarTime) -> CalendarTime {
        let sign = duration.isNegative ? -1 : 1
        let days = sign * (duration.weeks * 7 + duration.days)
        let seconds = sign * ((duration.hours * 60 + duration.minutes) * 60 + duration.seconds)
        func shifted(_ value: CivilDateTime) -> CivilDateTime {
            CivilDateTime(secondsSinceEpoch: value.secondsSinceEpoch + days * 86_400, nanosecond: value.nanosecond)
        }
        switch time {
        case .date(let date):
            return .date(date.adding(days: days + seconds / 86_400))
        case .utc(let value):
            return .utc(CivilDateTime(secondsSinceEpoch: shifted(value).secondsSinceEpoch + seconds, nanosecond: value.nanosecond))
        case .floating(let value):
            return .floating(CivilDateTime(secondsSinceEpoch: shifted(value).secondsSinceEpoch + seconds, nanosecond: value.nanosecond))
        case .zoned(let value, let zone):
            let local = shifted(value)
            guard seconds != 0, let timeZone = TimeZone(identifier: zone),
                  let instant = CalendarTime.zoned(local, timeZone: zone).instant() else { return .zoned(local, timeZone: zone) }
            let later = instant.addingTimeInterval(TimeInterval(seconds))
            let offset = timeZone.secondsFromGMT(for: later)
            let wall = CivilDateTime(secondsSinceEpoch: Int(later.timeIntervalSince1970.rounded(.down)) + offset, nanosecond: value.nanosecond)
            return .zoned(wall, timeZone: zone)
        }
    }
}
