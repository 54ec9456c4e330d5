import AlmanacCore
import Foundation

/// The DTSTAMP every iCalendar writer (RFC 5545 text, jCal, xCal) puts on VEVENTs and VTODOs:
/// ``EncodingOptions/stamp``, else `$SOURCE_DATE_EPOCH`, else now.
public enum ICalendarStamp {
    /// The option writers declare for it (`format`, the writer's name, is said by the CLI after the help).
    public static func option(format: String) -> FormatOption {
        FormatOption(.stamp, help: "DTSTAMP to write instead of now (also $SOURCE_DATE_EPOCH)")
    }

    /// A DTSTAMP as `almanac convert --dtstamp` takes it: an ISO 8601 date-time (with `Z`, an
    /// offset, which is made UTC, or none) or date (its midnight), or iCalendar's form
    /// (`20261224T170000Z`). `nil` when the text is none of these.
    public static func parse(_ text: String) -> CivilDateTime? {
        if case .dateTime(let value, _)? = ICalTimeText.parse(text) { return value }
        switch ISO8601Text.parseCalendarTime(Array(text.utf8)) {
        case .utc(let value)?, .floating(let value)?: return CivilDateTime(secondsSinceEpoch: value.secondsSinceEpoch)
        case .date(let date)?: return CivilDateTime(midnightOf: date)
        default: return nil
        }
    }

    /// The DTSTAMP to write: ``EncodingOptions/stamp``, else `$SOURCE_DATE_EPOCH` (seconds
    /// since 1970, for reproducible output), else now.
    public static func resolve(_ options: EncodingOptions) -> CivilDateTime {
        if let stamp = options.stamp { return stamp }
        if let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], let seconds = Int(epoch) {
            return CivilDateTime(secondsSinceEpoch: seconds)
        }
        return CivilDateTime(secondsSinceEpoch: Int(Date().timeIntervalSince1970))
    }
}
