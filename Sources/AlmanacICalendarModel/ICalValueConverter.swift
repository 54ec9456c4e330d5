import AlmanacCore

/// Converts property values between RFC 5545 value syntax (what the tree keeps) and the
/// typed values of jCal and xCal, as RFC 7265 section 3.6 and RFC 6321 section 3.6 say.
public enum ICalValueConverter {
    /// The property's value type and its values in typed form. A value that does not
    /// read as its type (a broken date, say) is given as type `unknown` with the value
    /// as written, so that it survives as it was.
    public static func typedValues(of property: ICalProperty) -> (type: String, values: [ICalValue]) {
        let type = ICalValueTypes.type(of: property)
        if type == "unknown" { return (type, [.string(property.value)]) }
        let items = ICalValueTypes.isList(property.name) ? splitUnescaped(property.value, on: ",") : [property.value]
        var values: [ICalValue] = []
        for item in items {
            guard let value = typedValue(item, type: type, name: property.name) else {
                return ("unknown", [.string(property.value)])
            }
            values.append(value)
        }
        return (type, values)
    }

    /// The RFC 5545 value text of typed `values` of `type` for property `name`
    /// (`unknown` values are taken as written).
    public static func text(of values: [ICalValue], type: String, name: String) -> String {
        values.map { text(of: $0, type: type, name: name) }.joined(separator: ",")
    }

    // MARK: To typed values

    private static func typedValue(_ item: String, type: String, name: String) -> ICalValue? {
        switch type {
        case "text":
            if ICalValueTypes.isStructured(name) {
                return .parts(splitUnescaped(item, on: ";").map { .string(TextValue.unescape($0)) })
            }
            return .string(TextValue.unescape(item))
        case "date", "date-time", "time":
            return extendedTime(item, type: type).map(ICalValue.string)
        case "utc-offset":
            guard let seconds = ICalTimeText.parseUTCOffset(item) else { return nil }
            return .string(extendedOffset(seconds))
        case "period":
            let pieces = item.split(separator: "/", maxSplits: 1).map(String.init)
            guard pieces.count == 2, let start = extendedTime(pieces[0], type: "date-time") else { return nil }
            if let end = extendedTime(pieces[1], type: "date-time") { return .parts([.string(start), .string(end)]) }
            guard ISO8601Text.parseDuration(Array(pieces[1].utf8)) != nil else { return nil }
            return .parts([.string(start), .string(pieces[1])])
        case "recur":
            return recur(item)
        case "integer":
            return isInteger(item) ? .integer(item) : nil
        case "float":
            if ICalValueTypes.isStructured(name) {
                let parts = item.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
                guard parts.allSatisfy(isFloat) else { return nil }
                return .parts(parts.map(ICalValue.float))
            }
            return isFloat(item) ? .float(item) : nil
        case "boolean":
            switch item.uppercased() {
            case "TRUE": return .boolean(true)
            case "FALSE": return .boolean(false)
            default: return nil
            }
        default:
            return .string(item)
        }
    }

    /// `20261224` → `2026-12-24`, `20261224T170000Z` → `2026-12-24T17:00:00Z`, `170000` → `17:00:00`.
    private static func extendedTime(_ text: String, type: String) -> String? {
        let bytes = Array(text.utf8)
        func digits(_ range: Range<Int>) -> Bool {
            range.upperBound <= bytes.count && bytes[range].allSatisfy { $0 &- UInt8(ascii: "0") < 10 }
        }
        func time(from start: Int) -> String? {
            guard digits(start..<(start + 6)) else { return nil }
            let rest = bytes.count - start - 6
            guard rest == 0 || (rest == 1 && bytes[start + 6] == UInt8(ascii: "Z")) else { return nil }
            let hour = String(decoding: bytes[start..<(start + 2)], as: UTF8.self)
            let minute = String(decoding: bytes[(start + 2)..<(start + 4)], as: UTF8.self)
            let second = String(decoding: bytes[(start + 4)...], as: UTF8.self)
            return hour + ":" + minute + ":" + second
        }
        switch type {
        case "time":
            return time(from: 0)
        case "date":
            guard bytes.count == 8, case .date? = ICalTimeText.parse(text) else { return nil }
            return dashed(bytes)
        default:
            guard bytes.count >= 15, bytes[8] == UInt8(ascii: "T"), case .dateTime? = ICalTimeText.parse(text),
                  let clock = time(from: 9) else { return nil }
            return dashed(Array(bytes[0..<8])) + "T" + clock
        }
    }

    private static func dashed(_ date: [UInt8]) -> String {
        String(decoding: date[0..<4], as: UTF8.self) + "-" + String(decoding: date[4..<6], as: UTF8.self) + "-" + String(decoding: date[6..<8], as: UTF8.self)
    }

    private static func extendedOffset(_ seconds: Int) -> String {
        var bytes: [UInt8] = [seconds < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")]
        let magnitude = abs(seconds)
        ISO8601Text.appendDigits(magnitude / 3_600, count: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        ISO8601Text.appendDigits(magnitude % 3_600 / 60, count: 2, to: &bytes)
        if magnitude % 60 != 0 {
            bytes.append(UInt8(ascii: ":"))
            ISO8601Text.appendDigits(magnitude % 60, count: 2, to: &bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let numericRecurParts: Set<String> = [
        "count", "interval", "bysecond", "byminute", "byhour", "bymonthday", "byyearday", "byweekno", "bysetpos",
    ]

    private static func recur(_ text: String) -> ICalValue? {
        var parts: [ICalRecurPart] = []
        for piece in text.split(separator: ";") {
            let pair = piece.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2, !pair[0].isEmpty else { return nil }
            let name = pair[0].lowercased()
            var values: [ICalValue] = []
            for item in pair[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
                if name == "until" {
                    guard let time = extendedTime(item, type: item.utf8.count == 8 ? "date" : "date-time") else { return nil }
                    values.append(.string(time))
                } else if numericRecurParts.contains(name) || (name == "bymonth" && isInteger(item)) {
                    guard isInteger(item) else { return nil }
                    values.append(.integer(item.hasPrefix("+") ? String(item.dropFirst()) : item))
                } else {
                    values.append(.string(item))
                }
            }
            parts.append(ICalRecurPart(name: name, values: values))
        }
        return parts.isEmpty ? nil : .recur(parts)
    }

    private static func isInteger(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        return !bytes.isEmpty && bytes.count < 19 && bytes.allSatisfy { $0 &- UInt8(ascii: "0") < 10 }
    }

    private static func isFloat(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        let integer = bytes.prefix { $0 &- UInt8(ascii: "0") < 10 }
        bytes = bytes.dropFirst(integer.count)
        guard !integer.isEmpty else { return false }
        if bytes.isEmpty { return true }
        guard bytes.first == UInt8(ascii: ".") else { return false }
        bytes = bytes.dropFirst()
        return !bytes.isEmpty && bytes.allSatisfy { $0 &- UInt8(ascii: "0") < 10 }
    }

    /// Splits on `separator` where it is not escaped with a backslash (escapes stay in place).
    static func splitUnescaped(_ text: String, on separator: Character) -> [String] {
        var parts: [String] = []
        var current = ""
        var escaping = false
        for character in text {
            if escaping {
                current.append(character)
                escaping = false
            } else if character == "\\" {
                current.append(character)
                escaping = true
            } else if character == separator {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current)
        return parts
    }

    // MARK: To value text

    private static func text(of value: ICalValue, type: String, name: String) -> String {
        switch value {
        case .string(let text):
            switch type {
            case "unknown": return text
            case "text": return TextValue.escape(text).value
            case "date", "date-time", "time", "period": return basic(text)
            case "utc-offset": return text.replacingColons()
            default: return text
            }
        case .integer(let text), .float(let text):
            return text
        case .boolean(let flag):
            return flag ? "TRUE" : "FALSE"
        case .parts(let parts):
            if type == "period" {
                return parts.map { part in
                    guard case .string(let moment) = part else { return self.text(of: part, type: "text", name: name) }
                    return basic(moment)
                }.joined(separator: "/")
            }
            return parts.map { part in
                if case .parts(let list) = part { return list.map { self.text(of: $0, type: type, name: name) }.joined(separator: ",") }
                return self.text(of: part, type: type, name: name)
            }.joined(separator: ";")
        case .recur(let parts):
            return parts.map { part in
                let values = part.values.map { value -> String in
                    switch value {
                    case .string(let text): return part.name == "until" ? basic(text) : text
                    default: return self.text(of: value, type: "unknown", name: name)
                    }
                }
                return part.name.uppercased() + "=" + values.joined(separator: ",")
            }.joined(separator: ";")
        }
    }

    /// An extended-form date or time in basic form: `2026-12-24T17:00:00Z` → `20261224T170000Z`
    /// (a duration or anything without dashes and colons is left as it is).
    private static func basic(_ text: String) -> String {
        if text.hasPrefix("P") || text.hasPrefix("-P") || text.hasPrefix("+P") { return text }
        return String(text.unicodeScalars.filter { $0 != "-" && $0 != ":" }.map(Character.init))
    }
}

extension String {
    fileprivate func replacingColons() -> String {
        String(unicodeScalars.filter { $0 != ":" }.map(Character.init))
    }
}
