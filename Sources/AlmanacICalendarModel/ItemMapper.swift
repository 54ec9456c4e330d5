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
    /// The diagnostics said once per TZID, by TZID and place in ``diagnostics`` (an input
    /// read in parts says each once in all: see `ICalendarParts`).
    private(set) var tzidNotes: [(tzid: String, index: Int)] = []
    /// ``CSSColorNames/nearestName(to:)`` of the exact colors met so far (calendars use few).
    private var nearestNames: [RGBAColor: String] = [:]
    /// The bytes of the first TZID parameters met (carets not decoded) that named an IANA
    /// zone, with that zone: a calendar names few zones, each then known with no string
    /// made and no look-up.
    private var knownTZIDs: [(bytes: [UInt8], zone: String)] = []
    /// The value bytes of COLOR and X-ALMANAC-COLOR pairs met (``color(name:exact:extras:)``)
    /// with their color.
    private var knownColors: [(name: [UInt8]?, exact: [UInt8]?, color: RGBAColor?)] = []
    /// The extras of the last item, shared by the next ones that keep the same.
    private var repeatedExtras = RepeatedExtras()

    init(source: String, resolver: TimeZoneResolver, calendarZone: String?) {
        self.source = source
        self.resolver = resolver
        self.calendarZone = calendarZone
    }

    mutating func warn(_ message: String, at line: some MappedProperty) {
        diagnostics.append(Diagnostic(.warning, message, source: source, position: line.position))
    }

    /// The item's UID, unescaped and trimmed, or `nil`.
    static func uid(of item: some MappedItem) -> String? {
        for index in 0..<item.propertyCount {
            let property = item.property(at: index)
            if property.kind == .uid { return ItemLinks.identifier(property.value) }
        }
        return nil
    }

    /// The UID, or an id derived from the item's text and place.
    static func id(of item: some MappedItem) -> String {
        id(of: item, uid: uid(of: item))
    }

    /// The id of `item`, whose ``uid(of:)`` is `uid`.
    static func id(of item: some MappedItem, uid: String?) -> String {
        uid ?? StableID.make(from: item.rawText.utf8, salt: "ics:\(item.position.line)")
    }

    /// The raw line to keep, with a TZID that names an IANA zone in another way
    /// (a Windows name, a vendor prefix) replaced by the IANA name.
    mutating func kept(_ line: some MappedProperty) -> String {
        guard let tzid = line.parameter("TZID"), case .iana(let name) = resolver.resolve(tzid), name != tzid else { return line.raw }
        return line.property.replacingParameter("TZID", with: name).raw
    }

    // MARK: Events

    /// A VEVENT, or a VTODO without a parent (then `asTodo`, and DUE is its end).
    /// `uid` is the item's ``uid(of:)`` when the caller knows it (its ``ItemLinks``).
    mutating func event<Item: MappedItem>(_ component: Item, asTodo: Bool, uid: String?? = nil) -> Event {
        var extras = ICalendarExtras(component: asTodo ? "VTODO" : nil)
        var event = Event(id: Self.id(of: component, uid: uid ?? Self.uid(of: component)), title: "")
        var seen: UInt16 = 0
        var startLine: Item.Property?
        var endLine: Item.Property?
        var durationLine: Item.Property?
        var colorLine: Item.Property?
        var exactColorLine: Item.Property?
        var mealNotes: String?
        var derivedDescription = false
        let endName = asTodo ? "DUE" : "DTEND"
        let endKind: ItemPropertyKind = asTodo ? .due : .dtend
        for index in 0..<component.propertyCount {
            let property = component.property(at: index)
            let kind = property.kind
            if let bit = kind.singletonBit {
                guard seen & bit == 0 else {
                    warn("a second \(property.name) is ignored", at: property)
                    continue
                }
                seen |= bit
            }
            switch kind {
            case .uid: break
            case .dtstamp: break
            case .summary: event.title = property.text
            case .description:
                if MealDetails.isDerived(property) { derivedDescription = true } else { event.notes = property.text }
            case .recipe: event.recipes.append(property.text)
            case .notes: mealNotes = property.text
            case .link where MealDetails.isDerived(property): break
            case .location: event.location = property.text
            case .url: event.url = property.value.trimmingSpaces
            case .categories:
                let breaks = property.parameter(TextValue.breaksParameter)
                let parts = property.withValueBytes { TextValue.splitList($0, breaks: breaks) }
                // The first CATEGORIES with no empty part, nearly always: its array is the list.
                if event.categories.isEmpty && !parts.contains(where: \.isEmpty) {
                    event.categories = parts
                } else {
                    event.categories += parts.filter { !$0.isEmpty }
                }
            case .priority:
                if let value = Int(property.value.trimmingSpaces), (0...9).contains(value) {
                    event.priority = value
                } else {
                    warn("PRIORITY: '\(property.value.prefix(20))' is not a number from 0 to 9", at: property)
                    extras.properties.append(property.raw)
                }
            case .rrule:
                if event.recurrence == nil { event.recurrence = property.value.trimmingSpaces } else { extras.properties.append(property.raw) }
            case .color: colorLine = property
            case .almanacColor: exactColorLine = property
            case .almanacSymbol: event.symbol = property.text
            case .dtstart: startLine = property
            case .recurrenceID:
                if let occurrence = time(property) {
                    event.recurrenceID = occurrence
                    // RANGE=THISANDFUTURE has no model field: the line is kept, and the writer adds its RANGE.
                    if property.parameter("RANGE") != nil { extras.properties.append(kept(property)) }
                } else {
                    extras.properties.append(kept(property))
                }
            case .duration: durationLine = property
            case endKind: endLine = property
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
        extras.components = component.childTexts(droppingDerivedAlarms: true)
        event.extras = repeatedExtras.extras(holding: extras)
        return event
    }

    /// The color of a COLOR and an X-ALMANAC-COLOR (either may be missing): as
    /// ``mappedColor(name:exact:extras:)`` maps them, remembered by their value bytes when
    /// they mapped with no warning and nothing kept (calendars use few colors).
    private mutating func color(name: (some MappedProperty)?, exact: (some MappedProperty)?, extras: inout ICalendarExtras) -> RGBAColor? {
        if name == nil && exact == nil { return nil }
        for known in knownColors where Self.valueIs(name, known.name) && Self.valueIs(exact, known.exact) { return known.color }
        let warnings = diagnostics.count, kept = extras.properties.count
        let color = mappedColor(name: name, exact: exact, extras: &extras)
        if diagnostics.count == warnings, extras.properties.count == kept, knownColors.count < 16 {
            knownColors.append((name?.withValueBytes { Array($0) }, exact?.withValueBytes { Array($0) }, color))
        }
        return color
    }

    /// Whether `line`'s value bytes are `bytes` (both missing, or both there and alike).
    private static func valueIs(_ line: (some MappedProperty)?, _ bytes: [UInt8]?) -> Bool {
        guard let line, let bytes else { return line == nil && bytes == nil }
        return line.withValueBytes { same($0, bytes) }
    }

    /// The color of a COLOR and an X-ALMANAC-COLOR, with a warning (and the line kept)
    /// for one that does not read.
    private mutating func mappedColor(name: (some MappedProperty)?, exact: (some MappedProperty)?, extras: inout ICalendarExtras) -> RGBAColor? {
        // The name's key is made once, for the look-up and for the comparison below.
        let nameKey = name.map { CSSColorNames.key(of: $0.value) }
        let named = nameKey.flatMap { CSSColorNames.color(key: $0) }
        if let name, named == nil {
            warn("COLOR: '\(name.value.prefix(40))' is not a CSS3 color name", at: name)
            extras.properties.append(name.raw)
        }
        if let exact {
            guard let color = exact.withValueBytes({ Self.hexColor($0) }) ?? Self.exactColor(exact.value) else {
                warn("X-ALMANAC-COLOR: '\(exact.value.prefix(40))' is not #RRGGBBAA or color(srgb r g b / a)", at: exact)
                extras.properties.append(exact.raw)
                return named
            }
            // COLOR changed by another program wins over the exact color it no longer matches.
            if let nameKey, let named, nearestName(to: color) != nameKey { return named }
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

    /// A task's STATUS value: `true` for COMPLETED, `false` for NEEDS-ACTION (trimmed, in
    /// any case), `nil` for another.
    static func status(_ value: String) -> Bool? {
        let status = value.trimmingSpaces.uppercased()
        return status == "COMPLETED" ? true : status == "NEEDS-ACTION" ? false : nil
    }

    /// ``status(_:)`` of ASCII value bytes, read on the bytes; the outer `nil` when they
    /// are not ASCII (the string path decides).
    static func status(_ value: UnsafeBufferPointer<UInt8>) -> Bool?? {
        guard !value.contains(where: { $0 >= 0x80 }) else { return .none }
        let trimmed = SpaceTrim.range(of: value)
        let start = trimmed.lowerBound, end = trimmed.upperBound
        if ContentLineShape.nameIs(value, start..<end, "COMPLETED") { return .some(true) }
        if ContentLineShape.nameIs(value, start..<end, "NEEDS-ACTION") { return .some(false) }
        return .some(nil)
    }

    /// ``exactColor(_:)`` of value bytes that are ASCII and, trimmed, start with `#`, read
    /// on the bytes as `RGBAColor(hex:)` reads them; the outer `nil` for any other value.
    static func hexColor(_ value: UnsafeBufferPointer<UInt8>) -> RGBAColor?? {
        let trimmed = SpaceTrim.range(of: value)
        let start = trimmed.lowerBound, end = trimmed.upperBound
        guard start < end, value[start] == UInt8(ascii: "#"), !value.contains(where: { $0 >= 0x80 }) else { return .none }
        var digits: [Int] = []
        digits.reserveCapacity(8)
        for byte in value[(start + 1)..<end] {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits.append(Int(byte - UInt8(ascii: "0")))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digits.append(Int(byte - UInt8(ascii: "a")) + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digits.append(Int(byte - UInt8(ascii: "A")) + 10)
            default: return .some(nil)
            }
        }
        func channel(_ index: Int) -> Double { Double(digits[index] * 16 + digits[index + 1]) / 255 }
        switch digits.count {
        case 3: return RGBAColor(red: Double(digits[0] * 17) / 255, green: Double(digits[1] * 17) / 255, blue: Double(digits[2] * 17) / 255)
        case 6: return RGBAColor(red: channel(0), green: channel(2), blue: channel(4), alpha: 1)
        case 8: return RGBAColor(red: channel(0), green: channel(2), blue: channel(4), alpha: channel(6))
        default: return .some(nil)
        }
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
    /// the parent is the link, and not kept). `parentLine`, when the caller knows it, is the
    /// index of that RELATED-TO (the first that names a parent and has a UID, which is
    /// known to be `parentUID`).
    mutating func task(_ component: some MappedItem, parentUID: String, uid: String?? = nil, parentLine: Int? = nil) -> EventTask {
        var extras = ICalendarExtras()
        var task = EventTask(id: Self.id(of: component, uid: uid ?? Self.uid(of: component)), text: "")
        var statusSeen = false
        var linked = false
        var completedDate = false
        for index in 0..<component.propertyCount {
            let property = component.property(at: index)
            switch property.kind {
            case .uid, .dtstamp: break
            case .summary: task.text = property.text
            case .status:
                let status = property.withValueBytes { Self.status($0) } ?? Self.status(property.value)
                if !statusSeen, let status {
                    task.isCompleted = status
                } else {
                    extras.properties.append(property.raw)
                }
                statusSeen = true
            case .relatedTo:
                if !linked, parentLine.map({ $0 == index }) ?? (ItemLinks.namesParent(property) && ItemLinks.value(of: property, isIdentifier: parentUID)) {
                    linked = true
                } else {
                    extras.properties.append(kept(property))
                }
            case .completed:
                completedDate = true
                extras.properties.append(kept(property))
            default:
                extras.properties.append(kept(property))
            }
        }
        if !statusSeen && completedDate { task.isCompleted = true }
        extras.components = component.childTexts(droppingDerivedAlarms: false)
        task.extras = repeatedExtras.extras(holding: extras)
        return task
    }

    // MARK: Times

    /// A DATE or DATE-TIME property as a ``CalendarTime``; `nil` (with a warning) when broken.
    mutating func time(_ line: some MappedProperty) -> CalendarTime? {
        guard let value = line.withValueBytes({ ICalTimeText.parse($0) }) else {
            warn("\(line.name): '\(line.value.prefix(40))' is not a date (YYYYMMDD) or date-time (YYYYMMDDTHHMMSS)", at: line)
            return nil
        }
        switch value {
        case .date(let date):
            return .date(date)
        case .dateTime(let local, utc: true):
            return .utc(local)
        case .dateTime(let local, utc: false):
            if !knownTZIDs.isEmpty, let known = line.withParameterBytes("TZID", { bytes in bytes.flatMap { bytes in knownTZIDs.first { Self.same(bytes, $0.bytes) } } }), let known {
                return .zoned(local, timeZone: known.zone)
            }
            guard let tzid = line.parameter("TZID") else {
                if let calendarZone { return .zoned(local, timeZone: calendarZone) }
                return .floating(local)
            }
            switch resolver.resolve(tzid) {
            case .iana(let name):
                if knownTZIDs.count < 16 {
                    _ = line.withParameterBytes("TZID") { bytes in
                        if let bytes { knownTZIDs.append((Array(bytes), name)) }
                    }
                }
                return .zoned(local, timeZone: name)
            case .rules(let rules):
                if reportedTZIDs.insert(tzid).inserted {
                    tzidNotes.append((tzid, diagnostics.count))
                    diagnostics.append(Diagnostic(.note, "TZID '\(tzid)' is not an IANA time zone; its times are converted to UTC with the file's VTIMEZONE", source: source, position: line.position))
                }
                return .utc(rules.utc(local))
            case .unknown:
                if reportedTZIDs.insert(tzid).inserted {
                    tzidNotes.append((tzid, diagnostics.count))
                    warn("TZID '\(tzid)' names no known time zone and the file has no VTIMEZONE for it; its times are read as floating", at: line)
                }
                return .floating(local)
            }
        }
    }

    /// Whether `bytes` are those of `known`.
    private static func same(_ bytes: UnsafeBufferPointer<UInt8>, _ known: [UInt8]) -> Bool {
        bytes.count == known.count && known.withUnsafeBufferPointer { known in
            bytes.isEmpty || memcmp(bytes.baseAddress!, known.baseAddress!, bytes.count) == 0
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
