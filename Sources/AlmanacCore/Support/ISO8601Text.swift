/// Reads and writes the ISO 8601 / RFC 3339 texts the model uses, on bytes:
/// dates (`2026-12-24`), date-times (`2026-12-24T17:00:00`, with `Z` or an offset)
/// and durations (`PT1H30M`). No formatter objects, no regular expressions.
package enum ISO8601Text {
    private static let zero = UInt8(ascii: "0")

    // MARK: Reading

    /// Parses a date, or a date-time that is UTC (`Z`), offset (`+01:00`, normalised to UTC)
    /// or floating (no suffix). Years have 4 to 6 digits and may carry a sign.
    /// Returns `nil` for anything else, including out-of-range fields.
    package static func parseCalendarTime<Bytes: RandomAccessCollection>(_ bytes: Bytes) -> CalendarTime? where Bytes.Element == UInt8, Bytes.Index == Int {
        // Readers in other modules call this unspecialized: the work happens once, on a buffer.
        if let parsed = bytes.withContiguousStorageIfAvailable(parseCalendarTime(buffer:)) { return parsed }
        return Array(bytes).withUnsafeBufferPointer(parseCalendarTime(buffer:))
    }

    /// ``parseCalendarTime(_:)`` of bytes in memory, not generic: what a reader in another
    /// module calls on its hot path (a generic `package` function runs unspecialized there).
    package static func parseCalendarTime(_ bytes: UnsafeBufferPointer<UInt8>) -> CalendarTime? {
        parseCalendarTime(buffer: bytes)
    }

    private static func parseCalendarTime(buffer bytes: UnsafeBufferPointer<UInt8>) -> CalendarTime? {
        var cursor = Cursor(bytes: bytes)
        guard let date = cursor.date() else { return nil }
        if cursor.atEnd { return .date(date) }
        guard let separator = cursor.next(), separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t") || separator == UInt8(ascii: " "),
              let hour = cursor.digits(2), cursor.take(UInt8(ascii: ":")), let minute = cursor.digits(2) else { return nil }
        var second = 0
        var nanosecond = 0
        if cursor.take(UInt8(ascii: ":")) {
            guard let value = cursor.digits(2) else { return nil }
            second = value
            if cursor.take(UInt8(ascii: ".")) || cursor.take(UInt8(ascii: ",")) {
                guard let fraction = cursor.fraction() else { return nil }
                nanosecond = fraction
            }
        }
        guard let local = CivilDateTime(date: date, hour: hour, minute: minute, second: second, nanosecond: nanosecond) else { return nil }
        if cursor.atEnd { return .floating(local) }
        if cursor.take(UInt8(ascii: "Z")) || cursor.take(UInt8(ascii: "z")) {
            return cursor.atEnd ? .utc(local) : nil
        }
        guard let sign = cursor.next(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"),
              let offsetHours = cursor.digits(2), offsetHours < 24 else { return nil }
        _ = cursor.take(UInt8(ascii: ":"))
        guard let offsetMinutes = cursor.digits(2), offsetMinutes < 60, cursor.atEnd else { return nil }
        let offset = (offsetHours * 3_600 + offsetMinutes * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
        return .utc(CivilDateTime(secondsSinceEpoch: local.secondsSinceEpoch - offset, nanosecond: nanosecond))
    }

    /// Parses `[-|+]P[nW][nD][T[nH][nM][nS]]` with at least one part; `nil` otherwise.
    package static func parseDuration<Bytes: RandomAccessCollection>(_ bytes: Bytes) -> ISODuration? where Bytes.Element == UInt8, Bytes.Index == Int {
        if let parsed = bytes.withContiguousStorageIfAvailable(parseDuration(buffer:)) { return parsed }
        return Array(bytes).withUnsafeBufferPointer(parseDuration(buffer:))
    }

    private static func parseDuration(buffer bytes: UnsafeBufferPointer<UInt8>) -> ISODuration? {
        var cursor = Cursor(bytes: bytes)
        var duration = ISODuration()
        if cursor.take(UInt8(ascii: "-")) { duration.isNegative = true } else { _ = cursor.take(UInt8(ascii: "+")) }
        guard cursor.take(UInt8(ascii: "P")) else { return nil }
        var inTime = false
        var parts = 0
        var lastDesignator = 0
        while !cursor.atEnd {
            if cursor.take(UInt8(ascii: "T")) {
                guard !inTime else { return nil }
                inTime = true
                continue
            }
            guard let value = cursor.number(), let designator = cursor.next() else { return nil }
            let order: Int
            switch (designator, inTime) {
            case (UInt8(ascii: "W"), false): order = 1; duration.weeks = value
            case (UInt8(ascii: "D"), false): order = 2; duration.days = value
            case (UInt8(ascii: "H"), true): order = 3; duration.hours = value
            case (UInt8(ascii: "M"), true): order = 4; duration.minutes = value
            case (UInt8(ascii: "S"), true): order = 5; duration.seconds = value
            default: return nil
            }
            guard order > lastDesignator else { return nil }
            lastDesignator = order
            parts += 1
        }
        guard parts > 0, !(inTime && lastDesignator < 3) else { return nil }
        return duration
    }

    // MARK: Writing

    /// The text that `write` appends to an empty buffer, as a String: the model's ISO 8601
    /// values give their `description` this way.
    package static func string(_ write: (inout [UInt8]) -> Void) -> String {
        var bytes: [UInt8] = []
        write(&bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `YYYY-MM-DD` (years outside 0...9999 keep their sign and digits).
    package static func append(_ date: CivilDate, to bytes: inout [UInt8]) {
        if (0...9_999).contains(date.year) {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 10) { text in
                put(date, into: text)
                bytes.append(contentsOf: UnsafeBufferPointer(text))
            }
            return
        }
        if date.year < 0 { bytes.append(UInt8(ascii: "-")) }
        let year = abs(date.year)
        if year > 9_999 { bytes.append(contentsOf: String(year).utf8) } else { appendDigits(year, count: 4, to: &bytes) }
        bytes.append(UInt8(ascii: "-"))
        appendDigits(date.month, count: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(date.day, count: 2, to: &bytes)
    }

    /// Appends `YYYY-MM-DDTHH:MM:SS` with a fraction only when it is not zero.
    package static func append(_ value: CivilDateTime, to bytes: inout [UInt8]) {
        if (0...9_999).contains(value.date.year) {
            // The usual years: the 19 bytes made at once, with no division by a variable.
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 19) { text in
                put(value.date, into: text)
                text[10] = UInt8(ascii: "T")
                put2(value.hour, at: 11, in: text)
                text[13] = UInt8(ascii: ":")
                put2(value.minute, at: 14, in: text)
                text[16] = UInt8(ascii: ":")
                put2(value.second, at: 17, in: text)
                bytes.append(contentsOf: UnsafeBufferPointer(text))
            }
        } else {
            append(value.date, to: &bytes)
            bytes.append(UInt8(ascii: "T"))
            appendDigits(value.hour, count: 2, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            appendDigits(value.minute, count: 2, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            appendDigits(value.second, count: 2, to: &bytes)
        }
        if value.nanosecond > 0 {
            bytes.append(UInt8(ascii: "."))
            var digits = 9
            var fraction = value.nanosecond
            while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
            appendDigits(fraction, count: digits, to: &bytes)
        }
    }

    /// Appends a date, a UTC time with `Z`, or a local time (zoned or floating) without suffix.
    package static func append(_ time: CalendarTime, to bytes: inout [UInt8]) {
        switch time {
        case .date(let date):
            append(date, to: &bytes)
        case .utc(let value):
            append(value, to: &bytes)
            bytes.append(UInt8(ascii: "Z"))
        case .zoned(let value, _), .floating(let value):
            append(value, to: &bytes)
        }
    }

    /// Appends a duration such as `PT1H30M`, `P1W` or `-PT5M`; zero is `PT0S`.
    package static func append(_ duration: ISODuration, to bytes: inout [UInt8]) {
        if duration.isNegative { bytes.append(UInt8(ascii: "-")) }
        bytes.append(UInt8(ascii: "P"))
        let dateParts = [(duration.weeks, UInt8(ascii: "W")), (duration.days, UInt8(ascii: "D"))]
        let timeParts = [(duration.hours, UInt8(ascii: "H")), (duration.minutes, UInt8(ascii: "M")), (duration.seconds, UInt8(ascii: "S"))]
        for (value, designator) in dateParts where value != 0 {
            bytes.append(contentsOf: String(value).utf8)
            bytes.append(designator)
        }
        let anyTime = timeParts.contains { $0.0 != 0 }
        if anyTime || (duration.weeks == 0 && duration.days == 0) {
            bytes.append(UInt8(ascii: "T"))
            for (value, designator) in timeParts where value != 0 {
                bytes.append(contentsOf: String(value).utf8)
                bytes.append(designator)
            }
            if !anyTime { bytes.append(contentsOf: "0S".utf8) }
        }
    }

    /// Appends `value` in decimal, padded with zeros to `count` digits.
    /// `YYYY-MM-DD` of a year from 0 to 9999 into the first 10 bytes of `text`.
    private static func put(_ date: CivilDate, into text: UnsafeMutableBufferPointer<UInt8>) {
        put2(date.year / 100, at: 0, in: text)
        put2(date.year, at: 2, in: text)
        text[4] = UInt8(ascii: "-")
        put2(date.month, at: 5, in: text)
        text[7] = UInt8(ascii: "-")
        put2(date.day, at: 8, in: text)
    }

    /// The lowest two digits of `value` (not negative) at `offset`.
    @inline(__always)
    private static func put2(_ value: Int, at offset: Int, in text: UnsafeMutableBufferPointer<UInt8>) {
        text[offset] = zero + UInt8(truncatingIfNeeded: value / 10 % 10)
        text[offset + 1] = zero + UInt8(truncatingIfNeeded: value % 10)
    }

    package static func appendDigits(_ value: Int, count: Int, to bytes: inout [UInt8]) {
        guard count > 0 else { return }
        var divisor = 1
        for _ in 1..<count { divisor *= 10 }
        // The lowest `count` digits, the most significant first.
        while divisor > 0 {
            bytes.append(zero + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }

    // MARK: Cursor

    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        var atEnd: Bool { index == bytes.endIndex }

        mutating func next() -> UInt8? {
            guard !atEnd else { return nil }
            defer { index += 1 }
            return bytes[index]
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard !atEnd, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func digits(_ count: Int) -> Int? {
            var value = 0
            for _ in 0..<count {
                guard !atEnd, case let digit = bytes[index] &- zero, digit < 10 else { return nil }
                value = value * 10 + Int(digit)
                index += 1
            }
            return value
        }

        /// One or more digits, at most 9 (no overflow).
        mutating func number() -> Int? {
            let start = index
            var value = 0
            while !atEnd, case let digit = bytes[index] &- zero, digit < 10, index - start < 9 {
                value = value * 10 + Int(digit)
                index += 1
            }
            return index > start ? value : nil
        }

        /// A fraction of a second as nanoseconds (digits past the ninth are dropped).
        mutating func fraction() -> Int? {
            let start = index
            var value = 0
            while !atEnd, case let digit = bytes[index] &- zero, digit < 10 {
                if index - start < 9 { value = value * 10 + Int(digit) }
                index += 1
            }
            let count = index - start
            guard count > 0 else { return nil }
            for _ in count..<max(count, 9) { value *= 10 }
            return value
        }

        mutating func date() -> CivilDate? {
            var negative = false
            if take(UInt8(ascii: "-")) { negative = true } else { _ = take(UInt8(ascii: "+")) }
            let start = index
            var year = 0
            while !atEnd, case let digit = bytes[index] &- zero, digit < 10, index - start < 6 {
                year = year * 10 + Int(digit)
                index += 1
            }
            guard index - start >= 4, take(UInt8(ascii: "-")), let month = digits(2),
                  take(UInt8(ascii: "-")), let day = digits(2) else { return nil }
            return CivilDate(year: negative ? -year : year, month: month, day: day)
        }
    }
}
