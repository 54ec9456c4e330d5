/// A date and a wall-clock time of day, with no time zone attached.
///
/// Whether it is a UTC instant, a zoned local time or a floating time is said by
/// the ``CalendarTime`` that holds it.
public struct CivilDateTime: Hashable, Sendable, Comparable {
    /// The day.
    public var date: CivilDate
    /// Hour of the day, 0 to 23.
    public var hour: Int
    /// Minute of the hour, 0 to 59.
    public var minute: Int
    /// Second of the minute, 0 to 60 (60 only for a leap second a source wrote).
    public var second: Int
    /// Fraction of the second, in nanoseconds.
    public var nanosecond: Int

    /// Creates a date-time, or `nil` when a field is out of range.
    public init?(date: CivilDate, hour: Int, minute: Int, second: Int = 0, nanosecond: Int = 0) {
        guard (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second),
              (0..<1_000_000_000).contains(nanosecond) else { return nil }
        self.date = date
        self.hour = hour
        self.minute = minute
        self.second = second
        self.nanosecond = nanosecond
    }

    /// Midnight at the start of `date`.
    public init(midnightOf date: CivilDate) {
        self.date = date
        hour = 0
        minute = 0
        second = 0
        nanosecond = 0
    }

    /// Seconds since 1970-01-01T00:00:00 on the same (zone-less) clock.
    public var secondsSinceEpoch: Int {
        date.daysSinceEpoch * 86_400 + hour * 3_600 + minute * 60 + second
    }

    /// The date-time `seconds` seconds after 1970-01-01T00:00:00, keeping `nanosecond`.
    public init(secondsSinceEpoch seconds: Int, nanosecond: Int = 0) {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let rest = seconds - days * 86_400
        date = CivilDate(daysSinceEpoch: days)
        hour = rest / 3_600
        minute = rest % 3_600 / 60
        second = rest % 60
        self.nanosecond = nanosecond
    }

    public static func < (lhs: CivilDateTime, rhs: CivilDateTime) -> Bool {
        (lhs.date, lhs.hour, lhs.minute, lhs.second, lhs.nanosecond)
            < (rhs.date, rhs.hour, rhs.minute, rhs.second, rhs.nanosecond)
    }
}
