import AlmanacCore

/// Makes realistic events, each with an alarm and three related tasks, both as
/// almanac's model (for the codecs to write as JSON, NDJSON, Markdown or XML) and
/// as iCalendar text written directly, so the `.ics` file has real VALARMs, folded
/// lines and escaped multi-line descriptions as other programs write them.
struct EventFactory {
    /// The IANA zones zoned events use; each gets a VTIMEZONE in the calendar.
    static let zones = ["Europe/Berlin", "America/New_York", "America/Los_Angeles", "Asia/Tokyo"]

    static let recurrenceRules = [
        "FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=12", "FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=12",
        "FREQ=MONTHLY;BYDAY=2TU", "FREQ=DAILY;INTERVAL=2;UNTIL=20271231T235959Z",
    ]

    private var random: SeededRandom
    private var count = 0
    /// The DTSTAMP every component gets.
    private let stamp = "20260101T000000Z"

    init(seed: UInt64 = 2026) {
        random = SeededRandom(seed: seed)
    }

    /// The next event of the calendar.
    mutating func next() -> Event {
        count += 1
        let id = random.uuid()
        var title = random.pick(TextPools.eventTitles)
        if random.chance(50) { title += " #\(count)" }
        var event = Event(id: id, title: title)
        let day = CivilDate(daysSinceEpoch: 20_454 + random.below(900))
        switch random.below(4) {
        case 0:
            event.start = .date(day)
            event.end = .date(day.adding(days: random.inRange(1...3)))
        case 1:
            let start = CivilDateTime(date: day, hour: random.inRange(0...22), minute: random.pick([0, 15, 30, 45]))!
            event.start = .utc(start)
            event.end = .utc(CivilDateTime(secondsSinceEpoch: start.secondsSinceEpoch + 60 * random.pick([30, 60, 90, 180])))
        default:
            let zone = random.pick(Self.zones)
            let start = CivilDateTime(date: day, hour: random.inRange(7...20), minute: random.pick([0, 30]))!
            event.start = .zoned(start, timeZone: zone)
            event.end = .zoned(CivilDateTime(secondsSinceEpoch: start.secondsSinceEpoch + 60 * random.pick([45, 60, 120])), timeZone: zone)
        }
        event.location = random.pick(TextPools.locations)
        event.notes = notes()
        event.categories = Array(Set((0..<random.inRange(1...3)).map { _ in random.pick(TextPools.categories) })).sorted()
        if random.chance(35) { event.recurrence = random.pick(Self.recurrenceRules) }
        if random.chance(60) {
            let color = random.pick(TextPools.colors)
            event.color = RGBAColor(red: Double(color.red) / 255, green: Double(color.green) / 255, blue: Double(color.blue) / 255)
        }
        if random.chance(50) { event.symbol = random.pick(TextPools.symbols) }
        if random.chance(30) { event.priority = random.inRange(1...9) }
        if random.chance(20) { event.url = "https://example.com/events/\(count)?ref=almanac&lang=de" }
        let minutes = random.pick([5, 10, 15, 30, 60])
        let alarm = "BEGIN:VALARM\nACTION:DISPLAY\nDESCRIPTION:Reminder\nTRIGGER:-PT\(minutes)M\nEND:VALARM"
        event.extras["ics"] = .object([OpaqueMember("components", .array([.string(alarm)]))])
        event.tasks = (0..<3).map { _ in
            EventTask(id: random.uuid(), text: random.pick(TextPools.taskTexts), isCompleted: random.chance(40))
        }
        return event
    }

    /// A description of two to six sentences over several lines, some in other scripts.
    private mutating func notes() -> String {
        (0..<random.inRange(2...6)).map { _ in random.pick(TextPools.sentences) }.joined(separator: random.chance(50) ? "\n" : " ")
    }

    // MARK: iCalendar text

    /// `BEGIN:VCALENDAR` with a VTIMEZONE for every zone events use.
    static func calendarHeader() -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//almanac//almanac-bench//EN", "CALSCALE:GREGORIAN", "X-WR-CALNAME:Benchmark"]
        for zone in zones { lines += timeZoneLines(zone) }
        return lines.map { $0 + "\r\n" }.joined()
    }

    static let calendarFooter = "END:VCALENDAR\r\n"

    /// The event as a VEVENT with its VALARM, then its tasks as related VTODOs.
    func icsText(_ event: Event) -> String {
        var lines: [String] = ["BEGIN:VEVENT", "UID:" + event.id, "DTSTAMP:" + stamp]
        if let start = event.start { lines.append(Self.timeLine("DTSTART", start)) }
        if let end = event.end { lines.append(Self.timeLine("DTEND", end)) }
        lines.append("SUMMARY:" + Self.escaped(event.title))
        if let location = event.location { lines.append("LOCATION:" + Self.escaped(location)) }
        if let notes = event.notes { lines.append("DESCRIPTION:" + Self.escaped(notes)) }
        if let url = event.url { lines.append("URL;VALUE=URI:" + url) }
        if !event.categories.isEmpty { lines.append("CATEGORIES:" + event.categories.map(Self.escaped).joined(separator: ",")) }
        if let rule = event.recurrence { lines.append("RRULE:" + rule) }
        if let priority = event.priority { lines.append("PRIORITY:\(priority)") }
        if let color = event.color, let named = TextPools.colors.first(where: { Double($0.red) / 255 == color.red && Double($0.green) / 255 == color.green && Double($0.blue) / 255 == color.blue }) {
            lines.append("COLOR:" + named.name)
            lines.append("X-ALMANAC-COLOR:" + named.hex)
        }
        if let symbol = event.symbol { lines.append("X-ALMANAC-SYMBOL:" + symbol) }
        for case .string(let component) in event.extras["ics"]?.members?.first?.value.elements ?? [] {
            lines += component.split(separator: "\n").map(String.init)
        }
        lines.append("END:VEVENT")
        for task in event.tasks {
            lines += [
                "BEGIN:VTODO", "UID:" + task.id, "DTSTAMP:" + stamp, "SUMMARY:" + Self.escaped(task.text),
                "STATUS:" + (task.isCompleted ? "COMPLETED" : "NEEDS-ACTION"),
                "RELATED-TO;RELTYPE=PARENT:" + event.id, "END:VTODO",
            ]
        }
        var text = ""
        for line in lines { Self.appendFolded(line, to: &text) }
        return text
    }

    private static func timeLine(_ name: String, _ time: CalendarTime) -> String {
        func digits(_ value: Int, _ count: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, count - text.count)) + text
        }
        func dateText(_ date: CivilDate) -> String { digits(date.year, 4) + digits(date.month, 2) + digits(date.day, 2) }
        func dateTimeText(_ value: CivilDateTime) -> String {
            dateText(value.date) + "T" + digits(value.hour, 2) + digits(value.minute, 2) + digits(value.second, 2)
        }
        switch time {
        case .date(let date): return name + ";VALUE=DATE:" + dateText(date)
        case .utc(let value): return name + ":" + dateTimeText(value) + "Z"
        case .zoned(let value, let zone): return name + ";TZID=" + zone + ":" + dateTimeText(value)
        case .floating(let value): return name + ":" + dateTimeText(value)
        }
    }

    /// RFC 5545 TEXT escaping: backslash, semicolon, comma and line breaks.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for character in text {
            switch character {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\n": result += "\\n"
            default: result.append(character)
            }
        }
        return result
    }

    /// Appends `line` folded at 75 octets (never inside a UTF-8 sequence), with CRLF.
    static func appendFolded(_ line: String, to text: inout String) {
        let bytes = Array(line.utf8)
        var start = 0
        var limit = 75
        while bytes.count - start > limit {
            var end = start + limit
            while bytes[end] & 0xC0 == 0x80 { end -= 1 }
            text += String(decoding: bytes[start..<end], as: UTF8.self) + "\r\n "
            start = end
            limit = 74
        }
        text += String(decoding: bytes[start...], as: UTF8.self) + "\r\n"
    }

    /// A VTIMEZONE with the usual yearly rules of `zone`.
    private static func timeZoneLines(_ zone: String) -> [String] {
        func observance(_ kind: String, _ start: String, _ from: String, _ to: String, _ rule: String?) -> [String] {
            ["BEGIN:" + kind, "DTSTART:" + start, "TZOFFSETFROM:" + from, "TZOFFSETTO:" + to] + (rule.map { ["RRULE:" + $0] } ?? []) + ["END:" + kind]
        }
        let body: [String]
        switch zone {
        case "Europe/Berlin":
            body = observance("DAYLIGHT", "19810329T020000", "+0100", "+0200", "FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU")
                + observance("STANDARD", "19961027T030000", "+0200", "+0100", "FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU")
        case "America/New_York":
            body = observance("DAYLIGHT", "20070311T020000", "-0500", "-0400", "FREQ=YEARLY;BYMONTH=3;BYDAY=2SU")
                + observance("STANDARD", "20071104T020000", "-0400", "-0500", "FREQ=YEARLY;BYMONTH=11;BYDAY=1SU")
        case "America/Los_Angeles":
            body = observance("DAYLIGHT", "20070311T020000", "-0800", "-0700", "FREQ=YEARLY;BYMONTH=3;BYDAY=2SU")
                + observance("STANDARD", "20071104T020000", "-0700", "-0800", "FREQ=YEARLY;BYMONTH=11;BYDAY=1SU")
        default:
            body = observance("STANDARD", "19700101T000000", "+0900", "+0900", nil)
        }
        return ["BEGIN:VTIMEZONE", "TZID:" + zone] + body + ["END:VTIMEZONE"]
    }
}
