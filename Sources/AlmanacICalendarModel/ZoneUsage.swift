import AlmanacCore

/// Which IANA zones events use, and in which years: the zones of zoned start and end
/// times, and the TZIDs of kept properties (EXDATE, RDATE, RECURRENCE-ID, …) that name
/// an IANA zone. Filled event by event.
public struct ZoneUsage: Sendable {
    /// The years each zone is used in.
    public private(set) var years: [String: ClosedRange<Int>] = [:]

    public init() {}

    /// Notes the zones `event` and its tasks use.
    public mutating func note(_ event: Event) {
        note(event.start)
        note(event.end)
        note(event.recurrenceID)
        let year = (event.start ?? event.end)?.civil.date.year
        note(keptLines: ICalendarExtras.properties(of: event.extras), fallbackYear: year)
        for task in event.tasks { note(task, of: event) }
    }

    /// Notes the zones the kept lines of `task`, one of `event`'s, use.
    public mutating func note(_ task: EventTask, of event: Event) {
        guard !task.extras.isEmpty else { return }
        note(keptLines: ICalendarExtras.properties(of: task.extras), fallbackYear: (event.start ?? event.end)?.civil.date.year)
    }

    private mutating func note(_ zone: String, _ year: Int) {
        // A zone noted before is known: only its years can change.
        if let range = years[zone] {
            if !range.contains(year) { years[zone] = min(range.lowerBound, year)...max(range.upperBound, year) }
        } else if TimeZoneNames.isKnown(zone) {
            years[zone] = year...year
        }
    }

    private mutating func note(_ time: CalendarTime?) {
        if case .zoned(let value, let zone)? = time { note(zone, value.date.year) }
    }

    private mutating func note(keptLines: [String], fallbackYear: Int?) {
        for raw in keptLines where raw.contains("TZID=") || raw.contains("tzid=") {
            guard case .line(let line)? = ContentLineParser.parse(raw), let zone = line.parameter("TZID") else { continue }
            var noted = false
            for part in line.value.split(separator: ",") {
                if let value = ICalTimeText.parse(String(part)) {
                    switch value {
                    case .date(let date): note(zone, date.year)
                    case .dateTime(let dateTime, _): note(zone, dateTime.date.year)
                    }
                    noted = true
                }
            }
            if !noted, let fallbackYear { note(zone, fallbackYear) }
        }
    }
}
