/// An RFC 5545 recurrence rule (3.3.10 RECUR), typed: `FREQ=MONTHLY;BYDAY=-1FR;COUNT=10`.
///
/// Parse one with ``init(parsing:)``; ``RecurrenceSet`` turns it, with a start and the
/// event's RDATEs and EXDATEs, into occurrences.
public struct RecurrenceRule: Hashable, Sendable {
    /// `FREQ`, finest first so that `<` reads "finer than".
    public enum Frequency: Int, Hashable, Sendable, Comparable, CaseIterable {
        case secondly, minutely, hourly, daily, weekly, monthly, yearly

        /// The RFC 5545 name, such as `WEEKLY`.
        public var name: String {
            switch self {
            case .secondly: return "SECONDLY"
            case .minutely: return "MINUTELY"
            case .hourly: return "HOURLY"
            case .daily: return "DAILY"
            case .weekly: return "WEEKLY"
            case .monthly: return "MONTHLY"
            case .yearly: return "YEARLY"
            }
        }

        public static func < (lhs: Frequency, rhs: Frequency) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// A day of the week, Monday first (as ISO 8601 and RFC 5545's default `WKST` count).
    public enum Weekday: Int, Hashable, Sendable, CaseIterable {
        case monday, tuesday, wednesday, thursday, friday, saturday, sunday

        /// The two-letter RFC 5545 name, such as `MO`.
        public var code: String { ["MO", "TU", "WE", "TH", "FR", "SA", "SU"][rawValue] }

        /// The weekday of a day counted from 1970-01-01 (a Thursday).
        public static func of(daysSinceEpoch day: Int) -> Weekday {
            Weekday(rawValue: ((day + 3) % 7 + 7) % 7)!
        }
    }

    /// One `BYDAY` entry: a weekday, with an ordinal (`-1FR`, the last Friday) or without (0).
    public struct WeekdayNumber: Hashable, Sendable {
        public var ordinal: Int
        public var weekday: Weekday

        public init(_ weekday: Weekday, ordinal: Int = 0) {
            self.weekday = weekday
            self.ordinal = ordinal
        }
    }

    /// `UNTIL`: a date, a UTC date-time, or a local (floating) date-time.
    public enum Until: Hashable, Sendable {
        case date(CivilDate)
        case utc(CivilDateTime)
        case local(CivilDateTime)
    }

    public var frequency: Frequency
    public var interval: Int = 1
    public var count: Int?
    public var until: Until?
    public var bySecond: [Int] = []
    public var byMinute: [Int] = []
    public var byHour: [Int] = []
    public var byDay: [WeekdayNumber] = []
    public var byMonthDay: [Int] = []
    public var byYearDay: [Int] = []
    public var byWeekNo: [Int] = []
    public var byMonth: [Int] = []
    public var bySetPos: [Int] = []
    public var weekStart: Weekday = .monday

    /// A rule of this frequency and nothing else (every day, every week, …).
    public init(frequency: Frequency) {
        self.frequency = frequency
    }
}
