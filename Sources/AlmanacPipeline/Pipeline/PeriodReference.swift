import Foundation
import AlmanacCore

/// The instant periods are counted from (the date planner's past, next 7 days, …): the
/// start of a given day on this machine's calendar, or now. Recurring events are placed by
/// their next occurrence on or after ``day``.
public struct PeriodReference: Sendable, Hashable {
    /// The instant periods start from.
    public let instant: Date
    /// The calendar days and weeks are counted on (this machine's zone).
    public let calendar: Calendar
    /// The reference day.
    public let day: CivilDate
    /// The day given, or `nil` when counting from now.
    public let given: CivilDate?

    /// From the start of `today` on this machine's calendar, or (`nil`) from now.
    public init(today: CivilDate? = nil) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        self.calendar = calendar
        given = today
        if let today {
            day = today
            instant = CalendarTime.date(today).instant(localZone: calendar.timeZone)!
        } else {
            instant = Date()
            let parts = calendar.dateComponents([.year, .month, .day], from: instant)
            day = CivilDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1) ?? CivilDate(daysSinceEpoch: 0)
        }
    }

    /// The period `event` falls in, placed by its next occurrence on or after ``day``.
    public func period(of event: Event) -> EventPeriod? {
        event.placed(onOrAfter: day).period(relativeTo: instant, calendar: calendar)
    }
}
