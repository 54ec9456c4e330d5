/// The local date-times one ``RecurrenceRule`` gives from a start, in order, on a
/// zone-less clock (seconds since 1970-01-01T00:00:00 of the event's own wall clock).
///
/// RFC 5545 3.3.10: each period of `FREQ` × `INTERVAL` is expanded or limited by the
/// BYxxx parts (BYMONTH, BYWEEKNO, BYYEARDAY, BYMONTHDAY, BYDAY, BYHOUR, BYMINUTE,
/// BYSECOND), then BYSETPOS picks among the period's set. Dates that do not exist
/// (30 February, day 366 of a common year) are not generated. Parts a rule leaves out
/// are taken from the start, as the RFC says. `COUNT` and `UNTIL` are the caller's.
struct RuleIterator {
    private let rule: RecurrenceRule
    private let startSecond: Int
    private let masks: RuleMasks
    /// Times of day (seconds) each day of a DAILY or coarser period holds, sorted.
    private let timesOfDay: [Int]
    /// Offsets from the start of an hour (HOURLY) or minute (MINUTELY) a period holds.
    private let subPeriodOffsets: [Int]
    /// Index of the period being read.
    private var period = 0
    private var buffer: [Int] = []
    /// The days of the period being read, kept between periods for its storage.
    private var dayBuffer: [Int] = []
    private var position = 0
    private var yearCache = YearCache()
    /// Whether INTERVAL never meets BYHOUR (HOURLY), BYMINUTE (MINUTELY) or BYSECOND
    /// (SECONDLY), so that the rule gives nothing.
    private let neverMatches: Bool

    init(rule: RecurrenceRule, start: CivilDateTime) {
        var rule = rule
        let startDate = start.date
        let startDay = startDate.daysSinceEpoch
        // Parts left out are taken from the start (RFC 5545 3.3.10, "Information, not
        // contained in the rule, necessary to determine the various recurrence instance
        // start time and dates are derived from the Start Time").
        if rule.byWeekNo.isEmpty && rule.byYearDay.isEmpty && rule.byMonthDay.isEmpty && rule.byDay.isEmpty {
            switch rule.frequency {
            case .yearly:
                if rule.byMonth.isEmpty { rule.byMonth = [startDate.month] }
                rule.byMonthDay = [startDate.day]
            case .monthly:
                rule.byMonthDay = [startDate.day]
            case .weekly:
                rule.byDay = [.init(.of(daysSinceEpoch: startDay))]
            default:
                break
            }
        }
        if rule.byHour.isEmpty && rule.frequency > .hourly { rule.byHour = [start.hour] }
        if rule.byMinute.isEmpty && rule.frequency > .minutely { rule.byMinute = [start.minute] }
        if rule.bySecond.isEmpty && rule.frequency > .secondly { rule.bySecond = [min(start.second, 59)] }
        self.rule = rule
        startSecond = start.secondsSinceEpoch
        masks = RuleMasks(rule)
        let hours = masks.hours(orAll: rule.byHour), minutes = masks.minutes(orAll: rule.byMinute), seconds = masks.seconds(orAll: rule.bySecond)
        var times: [Int] = []
        for hour in hours { for minute in minutes { for second in seconds { times.append(hour * 3_600 + minute * 60 + second) } } }
        timesOfDay = times
        neverMatches = Self.neverMeets(rule, start: start)
        switch rule.frequency {
        case .hourly:
            subPeriodOffsets = minutes.flatMap { minute in seconds.map { minute * 60 + $0 } }
        case .minutely:
            subPeriodOffsets = seconds
        default:
            subPeriodOffsets = [0]
        }
    }

    /// Moves to the last period that starts before `second` (only when the caller does not
    /// count occurrences from the start: `COUNT` needs every one).
    mutating func skip(toward second: Int) {
        guard second > startSecond else { return }
        let step = rule.interval
        let periods: Int
        switch rule.frequency {
        case .yearly:
            let target = CivilDate(daysSinceEpoch: floorDiv(second, 86_400)).year
            periods = (target - startDateTime.date.year) / step
        case .monthly:
            let target = CivilDate(daysSinceEpoch: floorDiv(second, 86_400))
            periods = ((target.year - startDateTime.date.year) * 12 + target.month - startDateTime.date.month) / step
        case .weekly: periods = (second - startSecond) / (604_800 * step)
        case .daily: periods = (second - startSecond) / (86_400 * step)
        case .hourly: periods = (second - startSecond) / (3_600 * step)
        case .minutely: periods = (second - startSecond) / (60 * step)
        case .secondly: periods = (second - startSecond) / step
        }
        let target = max(0, periods - 1)
        if target > period {
            period = target
            buffer = []
            position = 0
        }
    }

    private var startDateTime: CivilDateTime { CivilDateTime(secondsSinceEpoch: startSecond) }

    /// The next local time the rule gives at or after the start, or `nil` once the periods
    /// begin after `limit` or `budget` periods have been read without a match.
    mutating func next(limit: Int, budget: inout Int) -> Int? {
        while position >= buffer.count {
            guard budget > 0, !neverMatches, let first = fill() else { return nil }
            if first > limit { return nil }
            budget = buffer.isEmpty ? budget - 1 : max(budget, 1_000_000)
        }
        defer { position += 1 }
        return buffer[position]
    }

    /// Reads the next period into `buffer`; returns where the period begins.
    private mutating func fill() -> Int? {
        buffer.removeAll(keepingCapacity: true)
        position = 0
        let index = period
        period += 1
        let start = startDateTime
        let step = rule.interval
        // The storage of the last period's days, taken (not shared) so that appending
        // allocates nothing, and given back at the end.
        var days: [Int] = []
        swap(&days, &dayBuffer)
        days.removeAll(keepingCapacity: true)
        defer { swap(&days, &dayBuffer) }
        var periodStart: Int
        var times = timesOfDay
        switch rule.frequency {
        case .yearly:
            let year = start.date.year + index * step
            guard year <= 9_999 else { return nil }
            let jan1 = yearCache.jan1(year)
            periodStart = jan1 * 86_400
            let months = rule.byMonth.isEmpty ? Array(1...12) : masks.sortedMonths
            for month in months {
                let first = jan1 + YearCache.daysBefore(month: month, year: year)
                let last = first + CivilDate.daysIn(month: month, year: year) - 1
                for day in first...last where matches(day, year: year, month: month, dayOfMonth: day - first + 1, monthRange: first...last) {
                    days.append(day)
                }
            }
        case .monthly:
            let total = start.date.year * 12 + start.date.month - 1 + index * step
            let year = floorDiv(total, 12), month = total - year * 12 + 1
            guard year <= 9_999 else { return nil }
            let first = yearCache.jan1(year) + YearCache.daysBefore(month: month, year: year)
            periodStart = first * 86_400
            if rule.byMonth.isEmpty || masks.month(month) {
                let last = first + CivilDate.daysIn(month: month, year: year) - 1
                for day in first...last where matches(day, year: year, month: month, dayOfMonth: day - first + 1, monthRange: first...last) {
                    days.append(day)
                }
            }
        case .weekly:
            let startDay = start.date.daysSinceEpoch
            let back = (RecurrenceRule.Weekday.of(daysSinceEpoch: startDay).rawValue - rule.weekStart.rawValue + 7) % 7
            let first = startDay - back + index * step * 7
            periodStart = first * 86_400
            for day in first..<(first + 7) where matchesAnyDay(day) { days.append(day) }
        case .daily:
            let day = start.date.daysSinceEpoch + index * step
            periodStart = day * 86_400
            if matchesAnyDay(day) { days.append(day) }
        case .hourly, .minutely, .secondly:
            let unit = rule.frequency == .hourly ? 3_600 : rule.frequency == .minutely ? 60 : 1
            let base = floorDiv(startSecond, unit) * unit
            periodStart = base + index * step * unit
            let day = floorDiv(periodStart, 86_400)
            let time = periodStart - day * 86_400
            let hour = time / 3_600, minute = time % 3_600 / 60, second = time % 60
            // A period the day, hour or minute filters rule out: go on at the first
            // period of the next day, hour or minute, not one period at a time.
            var next: Int?
            if !matchesAnyDay(day) {
                next = (day + 1) * 86_400
            } else if !rule.byHour.isEmpty && !masks.hour(hour) {
                next = periodStart - time % 3_600 + 3_600
            } else if rule.frequency < .hourly && !rule.byMinute.isEmpty && !masks.minute(minute) {
                next = periodStart - time % 60 + 60
            } else if rule.frequency == .secondly && !rule.bySecond.isEmpty && !masks.second(second) {
                next = nil
            } else {
                days.append(day)
                times = subPeriodOffsets.map { time + $0 }
            }
            if let next {
                let span = step * unit
                period = max(period, (next - base + span - 1) / span)
            }
        }
        guard periodStart / 86_400 <= 2_932_896 else { return nil } // 9999-12-31
        for day in days {
            for time in times { buffer.append(day * 86_400 + time) }
        }
        if !rule.bySetPos.isEmpty { buffer = Self.pick(rule.bySetPos, from: buffer) }
        if let firstKept = buffer.firstIndex(where: { $0 >= startSecond }), firstKept > 0 {
            buffer.removeFirst(firstKept)
        } else if buffer.last.map({ $0 < startSecond }) ?? false {
            buffer.removeAll(keepingCapacity: true)
        }
        return periodStart
    }

    /// Whether stepping by INTERVAL from the start never reaches a listed hour (HOURLY),
    /// minute (MINUTELY) or second (SECONDLY): the values reachable are those of one cycle.
    private static func neverMeets(_ rule: RecurrenceRule, start: CivilDateTime) -> Bool {
        let (values, modulus, first): ([Int], Int, Int)
        switch rule.frequency {
        case .hourly: (values, modulus, first) = (rule.byHour, 24, start.hour)
        case .minutely: (values, modulus, first) = (rule.byMinute, 60, start.minute)
        case .secondly: (values, modulus, first) = (rule.bySecond, 60, start.second)
        default: return false
        }
        guard !values.isEmpty else { return false }
        var reachable = Set<Int>()
        var value = first % modulus
        while reachable.insert(value).inserted { value = (value + rule.interval) % modulus }
        return !values.contains { reachable.contains($0) }
    }

    /// BYSETPOS: the n-th (from the end when negative) members of a period's sorted set.
    static func pick(_ positions: [Int], from set: [Int]) -> [Int] {
        var picked: [Int] = []
        for position in positions {
            let index = position > 0 ? position - 1 : set.count + position
            if set.indices.contains(index) { picked.append(set[index]) }
        }
        picked.sort()
        var unique: [Int] = []
        for value in picked where unique.last != value { unique.append(value) }
        return unique
    }

    private mutating func matchesAnyDay(_ day: Int) -> Bool {
        let date = CivilDate(daysSinceEpoch: day)
        let monthFirst = day - date.day + 1
        return matches(day, year: date.year, month: date.month, dayOfMonth: date.day,
                       monthRange: monthFirst...(monthFirst + CivilDate.daysIn(month: date.month, year: date.year) - 1))
    }

    /// The day filters of RFC 5545 3.3.10 for one day.
    private mutating func matches(_ day: Int, year: Int, month: Int, dayOfMonth: Int, monthRange: ClosedRange<Int>) -> Bool {
        if !rule.byMonth.isEmpty && !masks.month(month) { return false }
        if !rule.byWeekNo.isEmpty {
            let (number, weeks) = yearCache.week(of: day, year: year, weekStart: rule.weekStart)
            if !masks.weekNo(number, weeks: weeks) { return false }
        }
        if !rule.byYearDay.isEmpty {
            let jan1 = yearCache.jan1(year)
            if !masks.yearDay(day - jan1 + 1, length: CivilDate.isLeap(year) ? 366 : 365) { return false }
        }
        if !rule.byMonthDay.isEmpty && !masks.monthDay(dayOfMonth, length: monthRange.count) { return false }
        if !rule.byDay.isEmpty {
            let weekday = RecurrenceRule.Weekday.of(daysSinceEpoch: day)
            if masks.weekday(weekday) { return true }
            guard masks.hasOrdinals, rule.frequency >= .monthly, rule.frequency == .monthly || rule.byWeekNo.isEmpty else {
                return masks.ordinalWeekday(weekday)
            }
            let range: ClosedRange<Int>
            if rule.frequency == .monthly || !rule.byMonth.isEmpty {
                range = monthRange
            } else {
                let jan1 = yearCache.jan1(year)
                range = jan1...(jan1 + (CivilDate.isLeap(year) ? 365 : 364))
            }
            let fromStart = (day - range.lowerBound) / 7 + 1
            let fromEnd = -((range.upperBound - day) / 7 + 1)
            return rule.byDay.contains { $0.weekday == weekday && ($0.ordinal == fromStart || $0.ordinal == fromEnd) }
        }
        return true
    }
}

/// Floor division for possibly negative numerators.
func floorDiv(_ value: Int, _ divisor: Int) -> Int {
    value >= 0 ? value / divisor : (value - divisor + 1) / divisor
}
