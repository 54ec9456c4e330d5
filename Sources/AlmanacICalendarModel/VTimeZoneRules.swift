import AlmanacCore

/// The offsets an in-file VTIMEZONE defines, for TZIDs that name no IANA zone
/// (`"GMT +0100 (Standard) / GMT +0200 (Daylight)"`, `(UTC-03:00) Brasilia`, …).
///
/// Understands what real exports use: STANDARD and DAYLIGHT observances with
/// DTSTART, TZOFFSETFROM, TZOFFSETTO, RDATE, and a yearly RRULE with BYMONTH and
/// BYDAY (`-1SU`, `2SU`, or `SU` with BYMONTHDAY), optionally ending at UNTIL.
struct VTimeZoneRules: Sendable {
    struct Observance: Sendable {
        /// Onset as local time on the clock before the change.
        var start: CivilDateTime
        var offsetFrom: Int
        var offsetTo: Int
        var rule: YearlyRule?
        var extraOnsets: [CivilDateTime]
    }

    struct YearlyRule: Sendable {
        var month: Int
        /// 0 = Monday … 6 = Sunday, or `nil` for a fixed day of the month.
        var weekday: Int?
        /// 1 = first, -1 = last; 0 with `monthDays` for "first weekday among these days".
        var ordinal: Int
        var monthDays: [Int]
        var until: CivilDateTime?

        /// The day the rule picks in `year`, or `nil`.
        func day(in year: Int) -> CivilDate? {
            let length = CivilDate.daysIn(month: month, year: year)
            guard let weekday else {
                guard let day = monthDays.first, day != 0 else { return nil }
                return CivilDate(year: year, month: month, day: day > 0 ? min(day, length) : max(length + day + 1, 1))
            }
            func weekdayOf(_ date: CivilDate) -> Int { ((date.daysSinceEpoch + 3) % 7 + 7) % 7 }
            if ordinal == 0 {
                let days = monthDays.isEmpty ? Array(1...length) : monthDays.map { $0 > 0 ? $0 : length + $0 + 1 }
                for day in days.sorted() {
                    if let date = CivilDate(year: year, month: month, day: day), weekdayOf(date) == weekday { return date }
                }
                return nil
            }
            if ordinal > 0 {
                guard let first = CivilDate(year: year, month: month, day: 1) else { return nil }
                let shift = (weekday - weekdayOf(first) + 7) % 7
                let day = 1 + shift + (ordinal - 1) * 7
                return day <= length ? CivilDate(year: year, month: month, day: day) : nil
            }
            guard let last = CivilDate(year: year, month: month, day: length) else { return nil }
            let shift = (weekdayOf(last) - weekday + 7) % 7
            let day = length - shift + (ordinal + 1) * 7
            return day >= 1 ? CivilDate(year: year, month: month, day: day) : nil
        }
    }

    var observances: [Observance]

    /// Reads a VTIMEZONE; `nil` when it has no usable observance.
    init?(_ component: ICalComponent) {
        var observances: [Observance] = []
        for child in component.children where child.name == "STANDARD" || child.name == "DAYLIGHT" {
            guard let startText = child.property("DTSTART")?.value,
                  case .dateTime(let start, _)? = ICalTimeText.parse(startText),
                  let toText = child.property("TZOFFSETTO")?.value,
                  let offsetTo = ICalTimeText.parseUTCOffset(toText) else { continue }
            let offsetFrom = child.property("TZOFFSETFROM").flatMap { ICalTimeText.parseUTCOffset($0.value) } ?? offsetTo
            var extra: [CivilDateTime] = []
            for rdate in child.properties("RDATE") {
                for part in rdate.value.split(separator: ",") {
                    if case .dateTime(let value, _)? = ICalTimeText.parse(String(part)) { extra.append(value) }
                }
            }
            let rule = child.property("RRULE").flatMap { Self.parseRule($0.value, start: start) }
            observances.append(Observance(start: start, offsetFrom: offsetFrom, offsetTo: offsetTo, rule: rule, extraOnsets: extra))
        }
        guard !observances.isEmpty else { return nil }
        self.observances = observances
    }

    private static func parseRule(_ text: String, start: CivilDateTime) -> YearlyRule? {
        var parts: [String: String] = [:]
        for part in text.uppercased().split(separator: ";") {
            let pieces = part.split(separator: "=", maxSplits: 1)
            if pieces.count == 2 { parts[String(pieces[0])] = String(pieces[1]) }
        }
        guard parts["FREQ"] == "YEARLY" else { return nil }
        let month = parts["BYMONTH"].flatMap { Int($0) } ?? start.date.month
        let monthDays = (parts["BYMONTHDAY"] ?? "").split(separator: ",").compactMap { Int($0) }
        var until: CivilDateTime?
        if let text = parts["UNTIL"], let value = ICalTimeText.parse(text) {
            switch value {
            case .date(let date): until = CivilDateTime(midnightOf: date)
            case .dateTime(let dateTime, _): until = dateTime
            }
        }
        guard let byDay = parts["BYDAY"]?.split(separator: ",").first else {
            return YearlyRule(month: month, weekday: nil, ordinal: 0, monthDays: monthDays.isEmpty ? [start.date.day] : monthDays, until: until)
        }
        let names = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
        let dayName = String(byDay.suffix(2))
        guard let weekday = names.firstIndex(of: dayName) else { return nil }
        let ordinal = Int(byDay.dropLast(2)) ?? 0
        return YearlyRule(month: month, weekday: weekday, ordinal: ordinal, monthDays: monthDays, until: until)
    }

    /// Seconds east of UTC in force at wall-clock time `local`.
    func offset(at local: CivilDateTime) -> Int {
        var best: (onset: CivilDateTime, offset: Int)?
        for observance in observances {
            var onsets = [observance.start] + observance.extraOnsets
            if let rule = observance.rule {
                for year in [local.date.year - 1, local.date.year] where year >= observance.start.date.year {
                    guard let day = rule.day(in: year),
                          var onset = CivilDateTime(date: day, hour: observance.start.hour, minute: observance.start.minute, second: observance.start.second)
                    else { continue }
                    if let until = rule.until, onset.secondsSinceEpoch - observance.offsetFrom > until.secondsSinceEpoch + 86_400 { continue }
                    if onset < observance.start { onset = observance.start }
                    onsets.append(onset)
                }
            }
            for onset in onsets where onset <= local {
                if best == nil || best!.onset < onset { best = (onset, observance.offsetTo) }
            }
        }
        if let best { return best.offset }
        let earliest = observances.min { $0.start < $1.start }!
        return earliest.offsetFrom
    }

    /// The UTC instant of wall-clock time `local` in this zone.
    func utc(_ local: CivilDateTime) -> CivilDateTime {
        CivilDateTime(secondsSinceEpoch: local.secondsSinceEpoch - offset(at: local), nanosecond: local.nanosecond)
    }
}
