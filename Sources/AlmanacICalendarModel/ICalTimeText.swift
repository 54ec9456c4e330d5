import AlmanacCore

/// iCalendar's basic-format dates, date-times and UTC offsets (`20261224`,
/// `20261224T170000Z`, `+0100`), read and written on bytes: no formatters, no
/// regular expressions.
public enum ICalTimeText {
    /// A DATE or DATE-TIME value before any time zone is applied.
    public enum Value: Hashable, Sendable {
        case date(CivilDate)
        /// A date-time; `utc` when it ended in `Z`.
        case dateTime(CivilDateTime, utc: Bool)
    }

    private static let zero = UInt8(ascii: "0")

    /// Parses `YYYYMMDD` or `YYYYMMDDTHHMMSS[Z]` (seconds may be left out; a
    /// fraction of a second is tolerated and dropped). `nil` for anything else.
    public static func parse(_ text: String) -> Value? {
        var copy = text
        return copy.withUTF8 { parse($0) }
    }

    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Value? {
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == UInt8(ascii: " ") { start += 1 }
        while end > start, bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
        func digits(_ at: Int, _ count: Int) -> Int? {
            guard at + count <= end else { return nil }
            var value = 0
            for index in at..<(at + count) {
                let digit = bytes[index] &- zero
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            return value
        }
        guard let year = digits(start, 4), let month = digits(start + 4, 2), let day = digits(start + 6, 2),
              let date = CivilDate(year: year, month: month, day: day) else { return nil }
        var cursor = start + 8
        if cursor == end { return .date(date) }
        guard bytes[cursor] == UInt8(ascii: "T") || bytes[cursor] == UInt8(ascii: "t") else { return nil }
        cursor += 1
        guard let hour = digits(cursor, 2), let minute = digits(cursor + 2, 2) else { return nil }
        cursor += 4
        var second = 0
        if let value = digits(cursor, 2) {
            second = value
            cursor += 2
            if cursor < end, bytes[cursor] == UInt8(ascii: ".") || bytes[cursor] == UInt8(ascii: ",") {
                cursor += 1
                while cursor < end, bytes[cursor] &- zero < 10 { cursor += 1 }
            }
        }
        var utc = false
        if cursor < end, bytes[cursor] == UInt8(ascii: "Z") || bytes[cursor] == UInt8(ascii: "z") {
            utc = true
            cursor += 1
        }
        guard cursor == end, let value = CivilDateTime(date: date, hour: hour, minute: minute, second: second) else { return nil }
        return .dateTime(value, utc: utc)
    }

    /// Parses a UTC offset `+HHMM` or `-HHMMSS` into seconds east of UTC.
    public static func parseUTCOffset(_ text: String) -> Int? {
        let bytes = Array(text.utf8.filter { $0 != UInt8(ascii: " ") })
        guard bytes.count == 5 || bytes.count == 7, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-") else { return nil }
        var parts: [Int] = []
        var index = 1
        while index < bytes.count {
            let high = bytes[index] &- zero
            let low = bytes[index + 1] &- zero
            guard high < 10, low < 10 else { return nil }
            parts.append(Int(high) * 10 + Int(low))
            index += 2
        }
        guard parts[0] < 24, parts[1] < 60, parts.count < 3 || parts[2] < 60 else { return nil }
        let seconds = parts[0] * 3_600 + parts[1] * 60 + (parts.count == 3 ? parts[2] : 0)
        return bytes[0] == UInt8(ascii: "-") ? -seconds : seconds
    }

    // MARK: Writing

    /// Appends `YYYYMMDD`.
    public static func append(_ date: CivilDate, to bytes: inout [UInt8]) {
        append(Value.date(date), to: &bytes)
    }

    /// Appends `YYYYMMDDTHHMMSS`, with `Z` when `utc`.
    public static func append(_ value: CivilDateTime, utc: Bool, to bytes: inout [UInt8]) {
        append(Value.dateTime(value, utc: utc), to: &bytes)
    }

    /// Appends `value` (``put(_:into:)``), put together on the stack and appended at once.
    static func append(_ value: Value, to bytes: inout [UInt8]) {
        var text: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &text) { digits in
            let count = put(value, into: digits)
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: digits[0..<count]))
        }
    }

    /// The most bytes ``put(_:into:)`` writes.
    static let maximumCount = 16

    /// Puts `YYYYMMDD`, or `YYYYMMDDTHHMMSS` with `Z` when UTC, at the start of `digits`
    /// (room for ``maximumCount`` bytes) and returns how many bytes it put.
    @inline(__always)
    static func put(_ value: Value, into digits: UnsafeMutableRawBufferPointer) -> Int {
        switch value {
        case .date(let date):
            put(date, into: digits)
            return 8
        case .dateTime(let value, let utc):
            put(value.date, into: digits)
            digits[8] = UInt8(ascii: "T")
            put(value.hour, 2, at: 9, into: digits)
            put(value.minute, 2, at: 11, into: digits)
            put(min(value.second, 59), 2, at: 13, into: digits)
            guard utc else { return 15 }
            digits[15] = UInt8(ascii: "Z")
            return 16
        }
    }

    /// Puts `YYYYMMDD` into the first eight bytes of `digits`.
    @inline(__always)
    private static func put(_ date: CivilDate, into digits: UnsafeMutableRawBufferPointer) {
        put(date.year, 4, at: 0, into: digits)
        put(date.month, 2, at: 4, into: digits)
        put(date.day, 2, at: 6, into: digits)
    }

    /// Puts the lowest `count` decimal digits of `value` at `at`, the most significant
    /// first (as ``ISO8601Text/appendDigits(_:count:to:)`` writes them).
    @inline(__always)
    private static func put(_ value: Int, _ count: Int, at: Int, into digits: UnsafeMutableRawBufferPointer) {
        var rest = value
        var index = at + count - 1
        while index >= at {
            digits[index] = zero + UInt8(rest % 10)
            rest /= 10
            index -= 1
        }
    }

    /// `YYYYMMDDTHHMMSS[Z]` as a string.
    public static func text(_ value: CivilDateTime, utc: Bool) -> String {
        var bytes: [UInt8] = []
        append(value, utc: utc, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `YYYYMMDD` as a string.
    public static func text(_ date: CivilDate) -> String {
        var bytes: [UInt8] = []
        append(date, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A UTC offset in seconds as `+HHMM` (`+HHMMSS` when it has seconds).
    public static func offsetText(_ seconds: Int) -> String {
        var bytes: [UInt8] = [seconds < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")]
        let magnitude = abs(seconds)
        ISO8601Text.appendDigits(magnitude / 3_600, count: 2, to: &bytes)
        ISO8601Text.appendDigits(magnitude % 3_600 / 60, count: 2, to: &bytes)
        if magnitude % 60 != 0 { ISO8601Text.appendDigits(magnitude % 60, count: 2, to: &bytes) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
