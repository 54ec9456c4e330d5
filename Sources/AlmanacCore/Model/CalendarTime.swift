import Foundation

/// A point in the calendar as a source file said it.
///
/// The four kinds are different things and survive a round trip as such:
/// a date-only value (all-day events), a UTC instant, a local time in a named
/// IANA time zone, and a floating local time that means the same clock time
/// wherever the reader is.
public enum CalendarTime: Hashable, Sendable {
    /// A whole day, such as an all-day event's `2026-12-24`.
    case date(CivilDate)
    /// An instant in UTC, such as `2026-12-24T17:00:00Z`.
    case utc(CivilDateTime)
    /// A wall-clock time in an IANA time zone, such as 17:00 in `Europe/Berlin`.
    case zoned(CivilDateTime, timeZone: String)
    /// A wall-clock time in no time zone in particular.
    case floating(CivilDateTime)

    /// Whether this is a date with no time of day.
    public var isDateOnly: Bool {
        if case .date = self { return true }
        return false
    }

    /// The IANA time-zone id of a zoned time, otherwise `nil`.
    public var timeZoneID: String? {
        if case .zoned(_, let zone) = self { return zone }
        return nil
    }

    /// The wall-clock fields (midnight for a date-only value).
    public var civil: CivilDateTime {
        switch self {
        case .date(let date): return CivilDateTime(midnightOf: date)
        case .utc(let value), .zoned(let value, _), .floating(let value): return value
        }
    }

    /// The calendar day (in the value's own clock).
    public var day: CivilDate { civil.date }

    /// The instant this time stands for. Date-only and floating values are read
    /// on the clock of `localZone` (the reader's own zone, by default).
    /// Returns `nil` for a zoned value whose time zone is unknown.
    public func instant(localZone: TimeZone = .current) -> Date? {
        switch self {
        case .utc(let value):
            return Self.date(value, offsetSeconds: 0)
        case .zoned(let value, let zone):
            guard let timeZone = TimeZone(identifier: zone) else { return nil }
            return Self.date(value, in: timeZone)
        case .floating(let value):
            return Self.date(value, in: localZone)
        case .date(let date):
            return Self.date(CivilDateTime(midnightOf: date), in: localZone)
        }
    }

    private static func date(_ value: CivilDateTime, offsetSeconds: Int) -> Date {
        let seconds = Double(value.secondsSinceEpoch - offsetSeconds) + Double(value.nanosecond) / 1e9
        return Date(timeIntervalSince1970: seconds)
    }

    private static func date(_ value: CivilDateTime, in zone: TimeZone) -> Date {
        // As RFC 5545 reads local times next to a daylight-saving change: a time that
        // occurs twice (clocks going back) is the first occurrence, and a time that is
        // skipped (clocks going forward) is read with the offset in force before the change.
        let guess = date(value, offsetSeconds: 0)
        let near = guess.addingTimeInterval(-Double(zone.secondsFromGMT(for: guess)))
        let before = zone.secondsFromGMT(for: near.addingTimeInterval(-21_600))
        let after = zone.secondsFromGMT(for: near.addingTimeInterval(21_600))
        let early = date(value, offsetSeconds: before)
        // One offset all around (most times): the two readings are the same instant.
        if before == after { return early }
        let late = date(value, offsetSeconds: after)
        if zone.secondsFromGMT(for: early) != before, zone.secondsFromGMT(for: late) == after { return late }
        return early
    }
}

extension CalendarTime: Codable {
    /// Encodes as one string: ISO 8601 (`2026-12-24`, `…T17:00:00Z`, `…T17:00:00`),
    /// with a zoned time's zone in brackets as RFC 9557 does (`…T17:00:00[Europe/Berlin]`).
    public func encode(to encoder: any Encoder) throws {
        var bytes: [UInt8] = []
        ISO8601Text.append(self, to: &bytes)
        if case .zoned(_, let zone) = self {
            bytes.append(UInt8(ascii: "["))
            bytes.append(contentsOf: zone.utf8)
            bytes.append(UInt8(ascii: "]"))
        }
        var container = encoder.singleValueContainer()
        try container.encode(String(decoding: bytes, as: UTF8.self))
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        var bytes = Array(text.utf8)
        var zone: String?
        if bytes.last == UInt8(ascii: "]"), let open = bytes.firstIndex(of: UInt8(ascii: "[")) {
            zone = String(decoding: bytes[(open + 1)..<(bytes.count - 1)], as: UTF8.self)
            bytes.removeSubrange(open...)
        }
        guard let parsed = ISO8601Text.parseCalendarTime(bytes) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not an ISO 8601 date or date-time: \(text)"))
        }
        if let zone, case .floating(let value) = parsed {
            self = .zoned(value, timeZone: zone)
        } else {
            self = parsed
        }
    }
}
