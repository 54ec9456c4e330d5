import AlmanacCore
import Foundation

/// The DTSTAMP every iCalendar writer (RFC 5545 text, jCal, xCal) puts on VEVENTs and VTODOs.
public enum ICalendarStamp {
    /// The setting that fixes it (`almanac convert --dtstamp 2026-01-01T00:00:00Z`).
    public static let setting = "dtstamp"

    /// The option writers declare for it (`format`, the writer's name, is said by the CLI after the help).
    public static func option(format: String) -> FormatOption {
        FormatOption(name: setting, valueName: "<date-time>", help: "DTSTAMP to write instead of now (also $SOURCE_DATE_EPOCH)")
    }

    /// The `dtstamp` setting (ISO 8601 or iCalendar form), else `$SOURCE_DATE_EPOCH`
    /// (seconds since 1970, for reproducible output), else now. `nil` when the
    /// setting is not a date-time.
    public static func resolve(_ options: EncodingOptions) -> CivilDateTime? {
        if let text = options.settings[setting] {
            if case .dateTime(let value, _)? = ICalTimeText.parse(text) { return value }
            switch ISO8601Text.parseCalendarTime(Array(text.utf8)) {
            case .utc(let value)?, .floating(let value)?: return CivilDateTime(secondsSinceEpoch: value.secondsSinceEpoch)
            case .date(let date)?: return CivilDateTime(midnightOf: date)
            default: return nil
            }
        }
        if let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], let seconds = Int(epoch) {
            return CivilDateTime(secondsSinceEpoch: seconds)
        }
        return CivilDateTime(secondsSinceEpoch: Int(Date().timeIntervalSince1970))
    }

    /// The DTSTAMP ``resolve(_:)`` finds; throws when the `dtstamp` setting is not a date-time.
    public static func resolved(_ options: EncodingOptions) throws(ICalendarEncodingError) -> CivilDateTime {
        guard let stamp = resolve(options) else { throw .invalidStamp(options.settings[setting] ?? "") }
        return stamp
    }
}
