/// Day numbers of 1 January and of the first day of week 1, remembered per year,
/// for the iterator's day tests.
struct YearCache {
    private var jan1s: [Int: Int] = [:]
    private var week1s: [Int: Int] = [:]

    /// Days since 1970-01-01 of 1 January of `year`.
    mutating func jan1(_ year: Int) -> Int {
        if let known = jan1s[year] { return known }
        let value = CivilDate(year: year, month: 1, day: 1)!.daysSinceEpoch
        jan1s[year] = value
        return value
    }

    /// Days in the months of `year` before `month`.
    static func daysBefore(month: Int, year: Int) -> Int {
        let cumulative = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334]
        return cumulative[month - 1] + (month > 2 && CivilDate.isLeap(year) ? 1 : 0)
    }

    /// The first day of week 1 of `year`: weeks begin on `weekStart`, and week 1 is the
    /// first that holds at least four days of the year (RFC 5545 BYWEEKNO, as ISO 8601).
    mutating func week1(_ year: Int, weekStart: RecurrenceRule.Weekday) -> Int {
        let key = year * 8 + weekStart.rawValue
        if let known = week1s[key] { return known }
        let first = jan1(year)
        let offset = (RecurrenceRule.Weekday.of(daysSinceEpoch: first).rawValue - weekStart.rawValue + 7) % 7
        let value = offset <= 3 ? first - offset : first - offset + 7
        week1s[key] = value
        return value
    }

    /// The week number of `day` (in calendar year `year`) and how many weeks its
    /// week-numbering year has (52 or 53).
    mutating func week(of day: Int, year: Int, weekStart: RecurrenceRule.Weekday) -> (number: Int, weeks: Int) {
        var weekYear = year
        if day < week1(year, weekStart: weekStart) {
            weekYear = year - 1
        } else if day >= week1(year + 1, weekStart: weekStart) {
            weekYear = year + 1
        }
        let start = week1(weekYear, weekStart: weekStart)
        let weeks = (week1(weekYear + 1, weekStart: weekStart) - start) / 7
        return ((day - start) / 7 + 1, weeks)
    }
}
