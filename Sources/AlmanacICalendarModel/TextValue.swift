/// iCalendar TEXT values: backslash escapes for `\`, `;`, `,` and line breaks.
///
/// TEXT has a single line-break escape (`\n`). So that `\r\n` and a lone `\r` in
/// a title survive a round trip exactly, the writer adds the parameter
/// `X-ALMANAC-BREAKS` (one letter per break, in order: `c` for CR LF, `r` for a lone
/// CR, `n` for LF) whenever a text holds a carriage return; other programs simply
/// see line breaks.
public enum TextValue {
    /// The parameter that records which line breaks were CR LF or CR.
    public static let breaksParameter = "X-ALMANAC-BREAKS"

    /// The escaped value, the `X-ALMANAC-BREAKS` letters when needed, and whether
    /// control characters TEXT cannot hold were left out.
    public static func escape(_ text: String) -> (value: String, breaks: String?, droppedControls: Bool) {
        var result = ""
        var breaks = ""
        var sawCarriageReturn = false
        var dropped = false
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\n":
                result += "\\n"
                breaks += "n"
            case "\r":
                sawCarriageReturn = true
                result += "\\n"
                if scalars.first == "\n" {
                    scalars.removeFirst()
                    breaks += "c"
                } else {
                    breaks += "r"
                }
            default:
                if (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F {
                    dropped = true
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return (result, sawCarriageReturn ? breaks : nil, dropped)
    }

    /// A TEXT property: the value escaped, with `X-ALMANAC-BREAKS` when it holds CRs,
    /// and whether control characters TEXT cannot hold were left out.
    public static func property(_ name: String, _ text: String) -> (property: ICalProperty, droppedControls: Bool) {
        let escaped = escape(text)
        let parameters = escaped.breaks.map { [(breaksParameter, $0)] } ?? []
        return (ICalProperty(name, parameters, escaped.value), escaped.droppedControls)
    }

    /// Undoes TEXT escapes; `breaks` (from `X-ALMANAC-BREAKS`) restores CR LF and CR.
    /// An unknown escape keeps its backslash, except `\:` which some programs write.
    public static func unescape(_ value: String, breaks: String? = nil) -> String {
        guard value.utf8.contains(UInt8(ascii: "\\")) else { return value }
        var result = ""
        var breakKinds = Array(breaks ?? "")[...]
        var iterator = value.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            guard scalar == "\\" else {
                result.unicodeScalars.append(scalar)
                continue
            }
            guard let escaped = iterator.next() else {
                result += "\\"
                break
            }
            switch escaped {
            case "n", "N":
                switch breakKinds.popFirst() {
                case "c": result += "\r\n"
                case "r": result += "\r"
                default: result += "\n"
                }
            case "\\", ";", ",", ":":
                result.unicodeScalars.append(escaped)
            default:
                result += "\\"
                result.unicodeScalars.append(escaped)
            }
        }
        return result
    }

    /// Splits a multi-valued TEXT (CATEGORIES) on commas that are not escaped,
    /// unescaping each part; `breaks` (from `X-ALMANAC-BREAKS`) runs across the parts.
    public static func splitList(_ value: String, breaks: String? = nil) -> [String] {
        var rawParts: [String] = []
        var current = ""
        var escaping = false
        for scalar in value.unicodeScalars {
            if escaping {
                current.unicodeScalars.append("\\")
                current.unicodeScalars.append(scalar)
                escaping = false
            } else if scalar == "\\" {
                escaping = true
            } else if scalar == "," {
                rawParts.append(current)
                current = ""
            } else {
                current.unicodeScalars.append(scalar)
            }
        }
        if escaping { current += "\\" }
        rawParts.append(current)
        var remaining = Substring(breaks ?? "")
        return rawParts.map { part in
            let count = lineBreakEscapes(in: part)
            let mine = remaining.prefix(count)
            remaining = remaining.dropFirst(count)
            return unescape(part, breaks: breaks == nil ? nil : String(mine))
        }
    }

    /// How many `\n` (or `\N`) escapes `value` holds.
    private static func lineBreakEscapes(in value: String) -> Int {
        var count = 0
        var iterator = value.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            if scalar == "\\", let escaped = iterator.next(), escaped == "n" || escaped == "N" { count += 1 }
        }
        return count
    }
}
