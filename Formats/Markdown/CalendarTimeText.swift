import AlmanacCore
import Foundation

/// Times as almanac writes them in attribute lines and front matter: ISO 8601, with a
/// zoned time's IANA zone in brackets as RFC 9557 does (`2026-12-12T15:00:00[America/Los_Angeles]`).
enum CalendarTimeText {
    static func format(_ time: CalendarTime) -> String {
        var bytes: [UInt8] = []
        append(time, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends ``format(_:)`` of `time`.
    static func append(_ time: CalendarTime, to bytes: inout [UInt8]) {
        ISO8601Text.append(time, to: &bytes)
        if case .zoned(_, let zone) = time {
            bytes.append(UInt8(ascii: "["))
            MarkdownText.append(utf8Of: zone, to: &bytes)
            bytes.append(UInt8(ascii: "]"))
        }
    }

    /// A time as static-site generators read it (RFC 3339): a zoned time with the offset
    /// its zone has at that moment (`2026-12-12T15:00:00-08:00`), else as ``format(_:)``
    /// (a floating time without offset, which Hugo reads in the site's zone).
    static func siteFormat(_ time: CalendarTime) -> String {
        guard case .zoned(let civil, let name) = time, let zone = TimeZone(identifier: name), let instant = time.instant() else {
            if case .zoned(let civil, _) = time { return format(.floating(civil)) }
            return format(time)
        }
        let offset = zone.secondsFromGMT(for: instant)
        var bytes: [UInt8] = []
        ISO8601Text.append(civil, to: &bytes)
        bytes.append(UInt8(ascii: offset < 0 ? "-" : "+"))
        ISO8601Text.appendDigits(abs(offset) / 3600, count: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        ISO8601Text.appendDigits(abs(offset) % 3600 / 60, count: 2, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The time `text` spells, or `nil`.
    static func parse(_ text: String) -> CalendarTime? {
        var bytes = Array(text.utf8)
        var zone: String?
        if bytes.last == UInt8(ascii: "]"), let open = bytes.firstIndex(of: UInt8(ascii: "[")) {
            zone = String(decoding: bytes[(open + 1)..<(bytes.count - 1)], as: UTF8.self)
            bytes.removeSubrange(open...)
        }
        guard let parsed = ISO8601Text.parseCalendarTime(bytes) else { return nil }
        guard let zone else { return parsed }
        guard case .floating(let value) = parsed, !zone.isEmpty else { return nil }
        return .zoned(value, timeZone: zone)
    }
}
