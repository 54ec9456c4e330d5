import AlmanacCore

/// Reproducible random recurring events as iCalendar text, for the peer test of `expand`:
/// every FREQ, INTERVAL, COUNT and UNTIL, BYSECOND to BYMONTH, BYDAY with ordinals,
/// negative BYMONTHDAY and BYYEARDAY, BYWEEKNO, BYSETPOS, WKST; RDATEs (with periods),
/// EXDATEs; changed, moved, cancelled and THISANDFUTURE occurrences; zoned series in zones
/// with daylight saving on both hemispheres, UTC, floating and all-day series.
///
/// Each series' UID is `s<number>`; changed occurrences have a SUMMARY of their own, so a
/// comparison can tell them apart.
public enum RecurringCalendars {

    enum Kind { case zoned(String), utc, floating, allDay }

    static let zones = ["Europe/Berlin", "America/New_York", "Australia/Sydney", "America/Sao_Paulo", "Asia/Tokyo", "Europe/London"]
    static let days = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

    /// A VCALENDAR of `count` series.
    public static func calendar(seed: UInt64, count: Int) -> String {
        var random = SeededRandom(seed: seed)
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//almanac tests//recurrence//EN"]
        for number in 0..<count { lines += series(number, &random) }
        lines.append("END:VCALENDAR")
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    static func text(_ day: CivilDate) -> String { "\(day.year)\(two(day.month))\(two(day.day))" }
    static func text(_ value: CivilDateTime) -> String { text(value.date) + "T" + two(value.hour) + two(value.minute) + two(value.second) }

    /// `NAME;params:value` for a time of the series' kind.
    static func property(_ name: String, _ value: CivilDateTime, _ kind: Kind) -> String {
        switch kind {
        case .zoned(let zone): return "\(name);TZID=\(zone):\(text(value))"
        case .utc: return "\(name):\(text(value))Z"
        case .floating: return "\(name):\(text(value))"
        case .allDay: return "\(name);VALUE=DATE:\(text(value.date))"
        }
    }

    static func shifted(_ value: CivilDateTime, days: Int = 0, minutes: Int = 0) -> CivilDateTime {
        CivilDateTime(secondsSinceEpoch: value.secondsSinceEpoch + days * 86_400 + minutes * 60)
    }

    static func series(_ number: Int, _ random: inout SeededRandom) -> [String] {
        let roll = random.inRange(0...99)
        let kind: Kind = roll < 50 ? .zoned(random.pick(zones)) : roll < 65 ? .utc : roll < 80 ? .floating : .allDay
        var isAllDay = false
        if case .allDay = kind { isAllDay = true }
        let day = CivilDate(year: 2025, month: 6, day: 1)!.adding(days: random.inRange(0...760))
        var hour = random.inRange(6...20), minute = random.pick([0, 15, 30, 45])
        var hasEnd = random.inRange(0...9) > 0
        if case .zoned = kind, random.inRange(0...19) == 0 {
            // In the spring-forward gap on the days clocks change: moved forward by the gap.
            hour = 2
            minute = 30
            hasEnd = false
        }
        let start = CivilDateTime(date: day, hour: isAllDay ? 0 : hour, minute: isAllDay ? 0 : minute)!
        let length = isAllDay ? random.inRange(1...3) * 1_440 : random.inRange(1...16) * 15
        var lines = ["BEGIN:VEVENT", "UID:s\(number)", "SUMMARY:series \(number)", property("DTSTART", start, kind)]
        if hasEnd { lines.append(property("DTEND", shifted(start, minutes: length), kind)) }
        let rule = rule(start: start, kind: kind, isAllDay: isAllDay, &random)
        lines.append("RRULE:" + rule)
        // recurring-ical-events mistakes a zoned occurrence whose UTC wall time equals a
        // RECURRENCE-ID's local one for that changed occurrence (see the README): zoned series
        // with several occurrences a day get no changed occurrences.
        var changes = true
        if case .zoned = kind, rule.contains("BYHOUR") || ["HOURLY", "MINUTELY", "SECONDLY"].contains(where: { rule.hasPrefix("FREQ=" + $0) }) {
            changes = false
        }
        if random.inRange(0...9) < 3 {
            let values = (0..<random.inRange(1...3)).map { _ in shifted(start, days: random.inRange(0...90)) }
            lines.append(list("EXDATE", values, kind))
        }
        if random.inRange(0...9) < 2 {
            var extra = shifted(start, days: random.inRange(1...400), minutes: isAllDay ? 0 : random.pick([0, 60, -120]))
            if !isAllDay, random.bool() { extra = shifted(extra, minutes: 30) }
            if hasEnd, !isAllDay, case .utc = kind, random.bool() {
                lines.append("RDATE;VALUE=PERIOD:\(text(extra))Z/PT\(random.inRange(1...5))H")
            } else {
                lines.append(list("RDATE", [extra], kind))
            }
        }
        lines.append("END:VEVENT")
        if random.inRange(0...9) < 3 && changes {
            for change in 0..<random.inRange(1...2) {
                let original = change == 0 ? start : shifted(start, days: random.inRange(1...120))
                let moved = isAllDay ? shifted(original, days: random.inRange(-2...2)) : shifted(original, minutes: random.pick([0, 60, -90, 1_440, 180]))
                var recurrenceID = property("RECURRENCE-ID", original, kind)
                if random.inRange(0...6) == 0 {
                    recurrenceID = recurrenceID.replacingFirst(":", with: ";RANGE=THISANDFUTURE:")
                }
                lines += ["BEGIN:VEVENT", "UID:s\(number)", recurrenceID, "SUMMARY:changed \(number).\(change)", property("DTSTART", moved, kind)]
                if hasEnd { lines.append(property("DTEND", shifted(moved, minutes: isAllDay ? 1_440 : random.inRange(1...8) * 15), kind)) }
                if random.inRange(0...4) == 0 { lines.append("STATUS:CANCELLED") }
                lines.append("END:VEVENT")
            }
        }
        return lines
    }

    static func list(_ name: String, _ values: [CivilDateTime], _ kind: Kind) -> String {
        let head = property(name, values[0], kind)
        let prefix = head[..<head.lastIndex(of: ":")!]
        return prefix + ":" + values.map { value -> String in
            switch kind {
            case .allDay: return text(value.date)
            case .utc: return text(value) + "Z"
            default: return text(value)
            }
        }.joined(separator: ",")
    }

    static func rule(start: CivilDateTime, kind: Kind, isAllDay: Bool, _ random: inout SeededRandom) -> String {
        let frequencies = isAllDay ? ["YEARLY", "MONTHLY", "WEEKLY", "DAILY"] : ["YEARLY", "MONTHLY", "WEEKLY", "DAILY", "YEARLY", "MONTHLY", "WEEKLY", "DAILY", "HOURLY", "MINUTELY", "SECONDLY"]
        let frequency = random.pick(frequencies)
        var parts = ["FREQ=\(frequency)"]
        // dateutil refuses rules whose INTERVAL never meets their BYHOUR or BYSECOND (an empty
        // set, which RFC 5545 allows): those get no INTERVAL.
        if random.inRange(0...9) < 4 && !["HOURLY", "SECONDLY"].contains(frequency) { parts.append("INTERVAL=\(random.inRange(2...4))") }
        func days(_ count: Int) -> String { Array(Self.days.shuffled(&random).prefix(count)).joined(separator: ",") }
        switch frequency {
        case "YEARLY":
            switch random.inRange(0...7) {
            case 0: parts += ["BYMONTH=\(random.inRange(1...12)),\(random.inRange(1...12))", "BYMONTHDAY=\(random.pick([1, 15, 29, 30, 31, -1, -2]))"]
            case 1: parts += ["BYMONTH=\(random.inRange(1...12))", "BYDAY=\(random.pick(["1", "2", "-1", "3", "-2"]))\(random.pick(Self.days))"]
            case 2: parts += ["BYYEARDAY=\(random.pick([1, 100, 200, 366, -1, -100])),\(random.inRange(2...300))"]
            case 3: parts += ["BYWEEKNO=\(random.pick([1, 20, 52, 53, -1])),\(random.inRange(2...50))", "BYDAY=\(days(random.inRange(1...2)))"]
            case 4: parts += ["BYDAY=\(random.pick(["20", "-1", "1", "-10", "53"]))\(random.pick(Self.days))"]
            case 5: parts += ["BYMONTH=\(random.inRange(1...12)),\(random.inRange(1...12))"]
            case 6: parts += ["BYMONTH=\(random.inRange(1...12))", "BYDAY=\(days(random.inRange(2...5)))", "BYSETPOS=\(random.pick(["1", "-1", "2,-2", "3"]))"]
            default: break
            }
        case "MONTHLY":
            switch random.inRange(0...6) {
            case 0: parts += ["BYMONTHDAY=\(random.pick(["1", "-1", "31", "30,-3", "15,29", "-31"]))"]
            case 1: parts += ["BYDAY=\(random.pick(["1", "2", "-1", "4", "5", "-2"]))\(random.pick(Self.days)),\(random.pick(["1", "-1", "3"]))\(random.pick(Self.days))"]
            case 2: parts += ["BYDAY=MO,TU,WE,TH,FR", "BYSETPOS=\(random.pick(["-1", "1", "2", "-1,1", "10"]))"]
            case 3: parts += ["BYDAY=\(random.pick(Self.days))", "BYMONTHDAY=\(random.pick(["13", "7,8,9,10,11,12,13", "-1,-2,-3,-4,-5,-6,-7"]))"]
            case 4: parts += ["BYMONTH=\(random.inRange(1...12)),\(random.inRange(1...12)),\(random.inRange(1...12))"]
            case 5: parts += ["BYDAY=\(days(random.inRange(1...3)))"]
            default: break
            }
        case "WEEKLY":
            switch random.inRange(0...4) {
            case 0, 1: parts += ["BYDAY=\(days(random.inRange(1...4)))", "WKST=\(random.pick(Self.days))"]
            case 2: parts += ["BYMONTH=\(random.inRange(1...12)),\(random.inRange(1...12))"]
            // Not with BYSETPOS: dateutil starts the first week at DTSTART (see the README).
            case 3 where !isAllDay: parts += ["BYDAY=\(days(2))", "BYHOUR=\(random.inRange(6...11)),\(random.inRange(12...20))"]
            default: break
            }
        case "DAILY":
            switch random.inRange(0...4) {
            case 0: parts += ["BYDAY=\(days(random.inRange(1...5)))"]
            case 1: parts += ["BYMONTH=\(random.inRange(1...12))"]
            case 2 where !isAllDay: parts += ["BYHOUR=\(random.inRange(6...12)),\(random.inRange(13...20))", "BYMINUTE=\(random.pick(["0", "30", "0,45"]))"]
            case 3: parts += ["BYMONTHDAY=\(random.pick(["1,15", "-1", "10,20,30"]))"]
            default: break
            }
        case "HOURLY":
            parts += random.bool() ? ["BYMINUTE=\(random.pick(["0,30", "15"]))"] : ["BYHOUR=\(random.inRange(7...12)),\(random.inRange(13...19))"]
        case "MINUTELY":
            parts += random.bool() ? ["BYSECOND=0,30"] : ["BYHOUR=\(random.inRange(7...19))"]
        default:
            parts += ["BYSECOND=\(random.pick(["0,20,40", "5"]))"]
        }
        let fine = ["HOURLY", "MINUTELY", "SECONDLY"].contains(frequency)
        let ending = fine ? 0 : random.inRange(0...9)
        if ending < 4 {
            parts.append("COUNT=\(random.inRange(1...(fine ? 30 : 40)))")
        } else if ending < 7 {
            let until = shifted(start, days: random.inRange(10...700))
            switch kind {
            case .allDay: parts.append("UNTIL=\(text(until.date))")
            case .floating: parts.append("UNTIL=\(text(until))")
            default: parts.append("UNTIL=\(text(until))Z")
            }
        }
        return parts.joined(separator: ";")
    }
}

extension String {
    fileprivate func replacingFirst(_ target: Character, with replacement: String) -> String {
        guard let index = firstIndex(of: target) else { return self }
        return String(self[..<index]) + replacement + String(self[self.index(after: index)...])
    }
}

extension Array {
    fileprivate func shuffled(_ random: inout SeededRandom) -> [Element] {
        var copy = self
        for index in stride(from: copy.count - 1, to: 0, by: -1) { copy.swapAt(index, random.inRange(0...index)) }
        return copy
    }
}
