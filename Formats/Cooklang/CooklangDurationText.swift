import AlmanacCore

/// Recipe times as Cooklang files write them (`15 minutes`, `1h 30min`, `1 hour 15 minutes`,
/// `90`, which counts minutes, or ISO 8601 `PT1H30M`), and durations written back.
enum CooklangDurationText {
    /// The duration `text` means, or `nil`.
    static func duration(_ text: String) -> ISODuration? {
        let bytes = Array(text.utf8)
        if bytes.first == UInt8(ascii: "P") || bytes.first == UInt8(ascii: "p") {
            return ISODuration(text.uppercased())
        }
        var duration = ISODuration()
        var index = 0
        var sawPart = false
        func skipBlanks() { while index < bytes.count, CooklangText.isSpace(bytes[index]) || bytes[index] == UInt8(ascii: ",") { index += 1 } }
        skipBlanks()
        while index < bytes.count {
            let numberStart = index
            while index < bytes.count, (bytes[index] >= 0x30 && bytes[index] <= 0x39) || bytes[index] == UInt8(ascii: ".") { index += 1 }
            guard index > numberStart, let value = Double(String(decoding: bytes[numberStart..<index], as: UTF8.self)) else { return nil }
            skipBlanks()
            let unitStart = index
            while index < bytes.count, bytes[index] | 0x20 >= 0x61, bytes[index] | 0x20 <= 0x7A { index += 1 }
            let unit = String(decoding: bytes[unitStart..<index], as: UTF8.self).lowercased()
            let part: WritableKeyPath<ISODuration, Int>
            switch unit {
            case "", "m", "min", "mins", "minute", "minutes": part = \.minutes
            case "h", "hr", "hrs", "hour", "hours": part = \.hours
            case "s", "sec", "secs", "second", "seconds": part = \.seconds
            case "d", "day", "days": part = \.days
            case "w", "week", "weeks": part = \.weeks
            default: return nil
            }
            guard unit != "" || !sawPart, value < 1e7 else { return nil }
            if value == value.rounded() {
                duration[keyPath: part] += Int(value)
            } else {
                // 1.5 hours is 90 minutes: a fraction counts in the next smaller part.
                let smaller: [WritableKeyPath<ISODuration, Int>: (WritableKeyPath<ISODuration, Int>, Double)] = [
                    \.weeks: (\.days, 7), \.days: (\.hours, 24), \.hours: (\.minutes, 60), \.minutes: (\.seconds, 60),
                ]
                guard let (next, factor) = smaller[part] else { return nil }
                duration[keyPath: next] += Int((value * factor).rounded())
            }
            sawPart = true
            if unit == "", index < bytes.count { return nil }
            skipBlanks()
            if index + 3 <= bytes.count, String(decoding: bytes[index..<index + 3], as: UTF8.self).lowercased() == "and" {
                index += 3
                skipBlanks()
            }
        }
        return sawPart ? duration : nil
    }

    /// `1 hour 30 minutes`, `90 minutes`, `2 days`: the duration's parts as it has them, a
    /// text ``duration(_:)`` reads back to the same parts; `nil` for a negative duration.
    static func text(_ duration: ISODuration) -> String? {
        guard !duration.isNegative else { return nil }
        var parts: [String] = []
        for (count, one, many) in [(duration.weeks, "week", "weeks"), (duration.days, "day", "days"), (duration.hours, "hour", "hours"),
                                   (duration.minutes, "minute", "minutes"), (duration.seconds, "second", "seconds")] where count > 0 {
            parts.append("\(count) \(count == 1 ? one : many)")
        }
        return parts.isEmpty ? "0 minutes" : parts.joined(separator: " ")
    }
}
