/// One iCalendar content line as the `ics` extras keep it (`EXDATE;TZID=Europe/Berlin:…`),
/// split into its name, parameters and value: just enough for the recurrence engine to
/// read the RDATE, EXDATE, RRULE, STATUS and RECURRENCE-ID lines an event kept.
struct KeptLine {
    let name: String
    let parameters: [String: String]
    let value: String

    /// `nil` when the text is not `NAME[;PARAM=VALUE]*:VALUE`.
    init?(_ text: String) {
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count, bytes[index] != UInt8(ascii: ";"), bytes[index] != UInt8(ascii: ":") { index += 1 }
        guard index > 0, index < bytes.count else { return nil }
        name = String(decoding: bytes[0..<index], as: UTF8.self).uppercased()
        var parameters: [String: String] = [:]
        while index < bytes.count, bytes[index] == UInt8(ascii: ";") {
            index += 1
            let nameStart = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "=") { index += 1 }
            guard index < bytes.count else { return nil }
            let key = String(decoding: bytes[nameStart..<index], as: UTF8.self).uppercased()
            index += 1
            var value: [UInt8] = []
            if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") { value.append(bytes[index]); index += 1 }
                index += 1
            }
            while index < bytes.count, bytes[index] != UInt8(ascii: ";"), bytes[index] != UInt8(ascii: ":") { value.append(bytes[index]); index += 1 }
            parameters[key] = String(decoding: value, as: UTF8.self)
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
        self.parameters = parameters
        value = String(decoding: bytes[(index + 1)...], as: UTF8.self)
    }

    /// The comma-separated values as times: DATE, DATE-TIME (UTC, with the line's TZID,
    /// or floating). Values that are not times are left out.
    var times: [CalendarTime] {
        value.split(separator: ",").compactMap { time(String($0)) }
    }

    /// The values of an RDATE: times, and PERIODs (`start/end` or `start/duration`).
    var recurrenceDates: [RecurrenceSet.RecurrenceDate] {
        value.split(separator: ",").compactMap { item -> RecurrenceSet.RecurrenceDate? in
            let parts = item.split(separator: "/", maxSplits: 1)
            guard let start = time(String(parts[0])) else { return nil }
            guard parts.count == 2 else { return .time(start) }
            if let end = time(String(parts[1])) { return .period(start, end: end) }
            guard let duration = ISO8601Text.parseDuration(Array(parts[1].utf8)) else { return .time(start) }
            let sign = duration.isNegative ? -1 : 1
            let civil = CivilDateTime(secondsSinceEpoch: start.civil.secondsSinceEpoch + sign * duration.totalSeconds)
            switch start {
            case .utc: return .period(start, end: .utc(civil))
            case .zoned(_, let zone): return .period(start, end: .zoned(civil, timeZone: zone))
            default: return .period(start, end: .floating(civil))
            }
        }
    }

    private func time(_ text: String) -> CalendarTime? {
        switch RecurrenceRule.until(text.uppercased()) {
        case .date(let day)?: return .date(day)
        case .utc(let value)?: return .utc(value)
        case .local(let value)?:
            if let zone = parameters["TZID"] { return .zoned(value, timeZone: zone) }
            return .floating(value)
        case nil: return nil
        }
    }
}
