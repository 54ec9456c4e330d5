extension RecurrenceRule {
    static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]

    /// The rule in English words, as a calendar app shows it: "every week on Monday",
    /// "every year on 12 December", "every 2 weeks on Monday, Wednesday and Friday, 10 times".
    /// Parts the rule leaves out are taken from `start`, as the rule itself takes them.
    public func words(start: CalendarTime?) -> String {
        let units: [Frequency: (String, String)] = [
            .secondly: ("second", "seconds"), .minutely: ("minute", "minutes"), .hourly: ("hour", "hours"),
            .daily: ("day", "days"), .weekly: ("week", "weeks"), .monthly: ("month", "months"), .yearly: ("year", "years"),
        ]
        let unit = units[frequency]!
        var text = interval == 1 ? "every \(unit.0)" : "every \(interval) \(unit.1)"
        let day = start?.day
        let plainOnly = byWeekNo.isEmpty && byYearDay.isEmpty && byMonthDay.isEmpty && byDay.isEmpty
        var months = byMonth
        switch frequency {
        case .yearly where plainOnly:
            if let day {
                let month = months.isEmpty ? [day.month] : months
                text += " on \(day.day) " + Self.list(month.map { Self.monthNames[$0 - 1] })
                months = []
            }
        case .monthly where plainOnly:
            if let day { text += " on day \(day.day)" }
        case .weekly where byDay.isEmpty:
            if let day { text += " on " + Self.weekdayNames[RecurrenceRule.Weekday.of(daysSinceEpoch: day.daysSinceEpoch).rawValue] }
        default:
            break
        }
        if !byDay.isEmpty { text += " on " + Self.list(byDay.map(Self.words)) }
        if !byMonthDay.isEmpty {
            if frequency == .yearly, months.count >= 1, byMonthDay.allSatisfy({ $0 > 0 }) {
                text += " on " + Self.list(byMonthDay.map(String.init)) + " " + Self.list(months.map { Self.monthNames[$0 - 1] })
                months = []
            } else {
                text += (byDay.isEmpty ? " on " : " that fall on ") + Self.list(byMonthDay.map(Self.dayWords)) + (frequency == .monthly ? "" : " of the month")
            }
        }
        if !byYearDay.isEmpty { text += " on " + Self.list(byYearDay.map { Self.dayWords($0) }) + " of the year" }
        if !byWeekNo.isEmpty { text += " in week " + Self.list(byWeekNo.map { $0 < 0 ? "\(-$0) from the end" : "\($0)" }) }
        if !months.isEmpty { text += " in " + Self.list(months.map { Self.monthNames[$0 - 1] }) }
        if !byHour.isEmpty || !byMinute.isEmpty || !bySecond.isEmpty {
            var parts: [String] = []
            if !byHour.isEmpty { parts.append("hour " + Self.list(byHour.map(String.init))) }
            if !byMinute.isEmpty { parts.append("minute " + Self.list(byMinute.map(String.init))) }
            if !bySecond.isEmpty { parts.append("second " + Self.list(bySecond.map(String.init))) }
            text += " at " + parts.joined(separator: ", ")
        }
        if !bySetPos.isEmpty { text += ", only the " + Self.list(bySetPos.map(Self.ordinalWords)) + " of each" }
        if weekStart != .monday, frequency == .weekly, interval > 1 { text += ", weeks from " + Self.weekdayNames[weekStart.rawValue] }
        if let count { text += count == 1 ? ", once" : ", \(count) times" }
        if let until {
            switch until {
            case .date(let day): text += ", until \(day)"
            case .utc(let value), .local(let value): text += ", until \(value.date)"
            }
        }
        return text
    }

    static func words(_ entry: WeekdayNumber) -> String {
        let name = weekdayNames[entry.weekday.rawValue]
        return entry.ordinal == 0 ? name : "the " + ordinalWords(entry.ordinal) + " " + name
    }

    static func dayWords(_ number: Int) -> String {
        number > 0 ? "day \(number)" : "the " + ordinalWords(number) + " day"
    }

    /// `1` "first", `2` "2nd", `-1` "last", `-2` "2nd to last".
    static func ordinalWords(_ number: Int) -> String {
        if number == 1 { return "first" }
        if number == -1 { return "last" }
        let value = abs(number)
        let suffix = (value % 100 >= 11 && value % 100 <= 13) ? "th" : ["th", "st", "nd", "rd", "th", "th", "th", "th", "th", "th"][value % 10]
        return "\(value)\(suffix)" + (number < 0 ? " to last" : "")
    }

    /// "A", "A and B", "A, B and C".
    static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items.last!
    }
}
