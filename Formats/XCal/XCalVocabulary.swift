/// The names of RFC 6321's vocabulary that the reader and the writer share.
enum XCalVocabulary {
    /// The namespace of every xCal element.
    static let namespace = "urn:ietf:params:xml:ns:icalendar-2.0"

    /// The value-type elements of properties and parameters (RFC 6321 section 3.6).
    static let valueTypes: Set<String> = [
        "binary", "boolean", "cal-address", "date", "date-time", "duration", "float", "integer",
        "period", "recur", "text", "time", "uri", "utc-offset", "unknown",
    ]

    /// The parts of the two properties whose value is written as its parts, directly
    /// inside the property element instead of inside a value-type element.
    static let structuredParts: [String: [String]] = [
        "GEO": ["latitude", "longitude"],
        "REQUEST-STATUS": ["code", "description", "data"],
    ]

    /// The value type of a parameter's values: `cal-address` for the parameters that
    /// name calendar users, `uri` for ALTREP and DIR, `boolean` for RSVP, `text` for
    /// every other one (unknown and X- parameters included).
    static func parameterType(_ name: String) -> String {
        switch name {
        case "DELEGATED-FROM", "DELEGATED-TO", "MEMBER", "SENT-BY": return "cal-address"
        case "ALTREP", "DIR": return "uri"
        case "RSVP": return "boolean"
        default: return "text"
        }
    }

    /// Whether `name` is a component, property or parameter name both iCalendar and XML
    /// can spell: an ASCII letter, then ASCII letters, digits and hyphens.
    static func isName(_ name: String) -> Bool {
        var bytes = name.utf8.makeIterator()
        guard let first = bytes.next(), isLetter(first) else { return false }
        while let byte = bytes.next() {
            guard isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-") else { return false }
        }
        return true
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }
}
