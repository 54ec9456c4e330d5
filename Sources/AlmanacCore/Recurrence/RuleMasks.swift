/// A rule's BYxxx lists as bit masks, so that the iterator tests a day or a time
/// with a shift and an AND.
struct RuleMasks {
    private var months: UInt16 = 0
    private var monthDaysFromStart: UInt64 = 0
    private var monthDaysFromEnd: UInt64 = 0
    private var weekdays: UInt8 = 0
    private var ordinalWeekdays: UInt8 = 0
    private var hoursMask: UInt32 = 0
    private var minutesMask: UInt64 = 0
    private var secondsMask: UInt64 = 0
    private var yearDaysFromStart: [Bool] = []
    private var yearDaysFromEnd: [Bool] = []
    private var weeksFromStart: UInt64 = 0
    private var weeksFromEnd: UInt64 = 0
    /// Whether BYDAY has an entry with an ordinal.
    let hasOrdinals: Bool
    /// BYMONTH in increasing order.
    let sortedMonths: [Int]

    init(_ rule: RecurrenceRule) {
        var monthBits: UInt16 = 0
        for month in rule.byMonth { monthBits |= 1 << month }
        months = monthBits
        sortedMonths = (1...12).filter { monthBits & (1 << $0) != 0 }
        for day in rule.byMonthDay {
            if day > 0 { monthDaysFromStart |= 1 << day } else { monthDaysFromEnd |= 1 << -day }
        }
        for entry in rule.byDay {
            if entry.ordinal == 0 { weekdays |= 1 << entry.weekday.rawValue } else { ordinalWeekdays |= 1 << entry.weekday.rawValue }
        }
        hasOrdinals = ordinalWeekdays != 0
        for hour in rule.byHour { hoursMask |= 1 << hour }
        for minute in rule.byMinute { minutesMask |= 1 << minute }
        for second in rule.bySecond where second < 60 { secondsMask |= 1 << second }
        if !rule.byYearDay.isEmpty {
            yearDaysFromStart = Array(repeating: false, count: 367)
            yearDaysFromEnd = Array(repeating: false, count: 367)
            for day in rule.byYearDay {
                if day > 0 { yearDaysFromStart[day] = true } else { yearDaysFromEnd[-day] = true }
            }
        }
        for week in rule.byWeekNo {
            if week > 0 { weeksFromStart |= 1 << week } else { weeksFromEnd |= 1 << -week }
        }
    }

    func month(_ month: Int) -> Bool { months & (1 << month) != 0 }
    func weekday(_ day: RecurrenceRule.Weekday) -> Bool { weekdays & (1 << day.rawValue) != 0 }
    func ordinalWeekday(_ day: RecurrenceRule.Weekday) -> Bool { ordinalWeekdays & (1 << day.rawValue) != 0 }
    func hour(_ hour: Int) -> Bool { hoursMask & (1 << hour) != 0 }
    func minute(_ minute: Int) -> Bool { minutesMask & (1 << minute) != 0 }
    func second(_ second: Int) -> Bool { second < 60 && secondsMask & (1 << second) != 0 }

    /// Day `day` of a month of `length` days, counted from either end.
    func monthDay(_ day: Int, length: Int) -> Bool {
        monthDaysFromStart & (1 << day) != 0 || monthDaysFromEnd & (1 << (length - day + 1)) != 0
    }

    /// Day `day` (1-based) of a year of `length` days, counted from either end.
    func yearDay(_ day: Int, length: Int) -> Bool {
        yearDaysFromStart[day] || yearDaysFromEnd[length - day + 1]
    }

    /// Week `number` of a week-numbering year of `weeks` weeks, counted from either end.
    func weekNo(_ number: Int, weeks: Int) -> Bool {
        weeksFromStart & (1 << number) != 0 || weeksFromEnd & (1 << (weeks - number + 1)) != 0
    }

    /// The hours of the list, or every hour when it is empty; likewise minutes and seconds.
    func hours(orAll list: [Int]) -> [Int] { list.isEmpty ? Array(0...23) : Self.members(UInt64(hoursMask), below: 24) }
    func minutes(orAll list: [Int]) -> [Int] { list.isEmpty ? Array(0...59) : Self.members(minutesMask, below: 60) }
    func seconds(orAll list: [Int]) -> [Int] { list.isEmpty ? Array(0...59) : Self.members(secondsMask, below: 60) }

    /// The numbers below `limit` whose bits `mask` sets, in increasing order: a bit at a time,
    /// not every number tested.
    static func members(_ mask: UInt64, below limit: Int) -> [Int] {
        var rest = mask & (1 << UInt64(limit) &- 1)
        var numbers: [Int] = []
        numbers.reserveCapacity(rest.nonzeroBitCount)
        while rest != 0 {
            numbers.append(rest.trailingZeroBitCount)
            rest &= rest &- 1
        }
        return numbers
    }
}
