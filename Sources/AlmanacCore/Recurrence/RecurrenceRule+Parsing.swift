extension RecurrenceRule {
    /// Parses RFC 5545 RECUR text such as `FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE,FR`
    /// (an `RRULE:` prefix and lower case are accepted; `X-` parts are ignored).
    public init(parsing text: String) throws(RecurrenceRuleError) {
        var body = Substring(text.recurrenceTrimmed)
        if body.uppercased().hasPrefix("RRULE:") { body = body.dropFirst(6) }
        var frequency: Frequency?
        var rule = RecurrenceRule(frequency: .daily)
        var seen: Set<String> = []
        for rawPart in body.split(separator: ";", omittingEmptySubsequences: true) {
            guard let equals = rawPart.firstIndex(of: "=") else { throw .malformed(String(rawPart)) }
            let name = rawPart[..<equals].recurrenceTrimmed.uppercased()
            let value = rawPart[rawPart.index(after: equals)...].recurrenceTrimmed.uppercased()
            if name.hasPrefix("X-") { continue }
            guard seen.insert(name).inserted else { throw .repeatedPart(name) }
            func bad() -> RecurrenceRuleError { .invalidValue(part: name, value: value) }
            func list(_ range: ClosedRange<Int>, signed: Bool) throws(RecurrenceRuleError) -> [Int] {
                var numbers: [Int] = []
                for item in value.split(separator: ",", omittingEmptySubsequences: false) {
                    guard let number = Int(item.recurrenceTrimmed), number != 0 || range.lowerBound == 0,
                          range.contains(abs(number)), signed || number >= 0 else { throw bad() }
                    numbers.append(number)
                }
                return numbers
            }
            switch name {
            case "FREQ":
                guard let match = Frequency.allCases.first(where: { $0.name == value }) else { throw bad() }
                frequency = match
            case "INTERVAL":
                guard let number = Int(value), number >= 1 else { throw bad() }
                rule.interval = number
            case "COUNT":
                guard let number = Int(value), number >= 1 else { throw bad() }
                rule.count = number
            case "UNTIL":
                guard let until = Self.until(value) else { throw bad() }
                rule.until = until
            case "BYSECOND": rule.bySecond = try list(0...60, signed: false)
            case "BYMINUTE": rule.byMinute = try list(0...59, signed: false)
            case "BYHOUR": rule.byHour = try list(0...23, signed: false)
            case "BYMONTHDAY": rule.byMonthDay = try list(1...31, signed: true)
            case "BYYEARDAY": rule.byYearDay = try list(1...366, signed: true)
            case "BYWEEKNO": rule.byWeekNo = try list(1...53, signed: true)
            case "BYMONTH": rule.byMonth = try list(1...12, signed: false)
            case "BYSETPOS": rule.bySetPos = try list(1...366, signed: true)
            case "BYDAY":
                for item in value.split(separator: ",", omittingEmptySubsequences: false) {
                    guard let entry = Self.weekdayNumber(item.recurrenceTrimmed) else { throw bad() }
                    rule.byDay.append(entry)
                }
            case "WKST":
                guard let day = Self.weekday(value) else { throw bad() }
                rule.weekStart = day
            default:
                throw .unknownPart(name)
            }
        }
        guard let frequency else { throw .missingFrequency }
        if rule.count != nil && rule.until != nil { throw .countAndUntil }
        rule.frequency = frequency
        self = rule
    }

    static func weekday(_ code: some StringProtocol) -> Weekday? {
        Weekday.allCases.first { $0.code == code }
    }

    /// `MO`, `2TU`, `-1FR`, `+3WE`.
    static func weekdayNumber(_ text: String) -> WeekdayNumber? {
        guard text.count >= 2, let day = weekday(text.suffix(2)) else { return nil }
        let number = text.dropLast(2)
        if number.isEmpty { return WeekdayNumber(day) }
        guard let ordinal = Int(number.hasPrefix("+") ? number.dropFirst() : number), ordinal != 0, abs(ordinal) <= 53 else { return nil }
        return WeekdayNumber(day, ordinal: ordinal)
    }

    /// `20261224`, `20261224T170000Z` or `20261224T170000`.
    static func until(_ text: String) -> Until? {
        let bytes = Array(text.utf8)
        func digits(_ at: Int, _ count: Int) -> Int? {
            guard at + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[at..<(at + count)] {
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard let year = digits(0, 4), let month = digits(4, 2), let day = digits(6, 2),
              let date = CivilDate(year: year, month: month, day: day) else { return nil }
        if bytes.count == 8 { return .date(date) }
        guard bytes.count == 15 || bytes.count == 16, bytes[8] == UInt8(ascii: "T"),
              let hour = digits(9, 2), let minute = digits(11, 2), let second = digits(13, 2),
              let time = CivilDateTime(date: date, hour: hour, minute: minute, second: second) else { return nil }
        if bytes.count == 16 { return bytes[15] == UInt8(ascii: "Z") ? .utc(time) : nil }
        return .local(time)
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    fileprivate var recurrenceTrimmed: String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return String(slice)
    }
}
