/// The value types of iCalendar properties (RFC 5545, RFC 7986, RFC 9253, RFC 9074),
/// by the lower-case names jCal and xCal give them.
public enum ICalValueTypes {
    /// The type a property has when it has no `VALUE` parameter; `nil` for a property
    /// not registered with a type (X- properties, unknown IANA ones): jCal and xCal call
    /// those `unknown` and carry their values as written.
    public static func defaultType(of name: String) -> String? {
        defaults[name]
    }

    /// The type of a property's value: its `VALUE` parameter, else its default type,
    /// else `unknown`.
    public static func type(of property: ICalProperty) -> String {
        if let value = property.parameter("VALUE"), !value.isEmpty { return value.lowercased() }
        return defaults[property.name] ?? "unknown"
    }

    /// Properties whose value is a comma-separated list (each item one jCal value, one
    /// xCal element).
    public static func isList(_ name: String) -> Bool {
        lists.contains(name)
    }

    /// Properties whose TEXT value is structured into `;`-separated parts.
    public static func isStructured(_ name: String) -> Bool {
        name == "REQUEST-STATUS" || name == "GEO"
    }

    private static let lists: Set<String> = ["CATEGORIES", "RESOURCES", "EXDATE", "RDATE", "FREEBUSY"]

    private static let defaults: [String: String] = {
        var table: [String: String] = [:]
        let groups: [(String, [String])] = [
            ("text", [
                "CALSCALE", "METHOD", "PRODID", "VERSION", "CATEGORIES", "CLASS", "COMMENT", "DESCRIPTION",
                "LOCATION", "RESOURCES", "STATUS", "SUMMARY", "TZID", "TZNAME", "CONTACT", "RELATED-TO",
                "UID", "ACTION", "REQUEST-STATUS", "TRANSP", "NAME", "COLOR", "PROXIMITY",
            ]),
            ("integer", ["PERCENT-COMPLETE", "PRIORITY", "REPEAT", "SEQUENCE"]),
            ("float", ["GEO"]),
            ("date-time", [
                "COMPLETED", "DTEND", "DUE", "DTSTART", "RECURRENCE-ID", "EXDATE", "RDATE", "CREATED",
                "DTSTAMP", "LAST-MODIFIED", "ACKNOWLEDGED",
            ]),
            ("duration", ["DURATION", "TRIGGER", "REFRESH-INTERVAL"]),
            ("period", ["FREEBUSY"]),
            ("uri", ["ATTACH", "TZURL", "URL", "IMAGE", "SOURCE", "CONFERENCE"]),
            ("cal-address", ["ATTENDEE", "ORGANIZER"]),
            ("utc-offset", ["TZOFFSETFROM", "TZOFFSETTO"]),
            ("recur", ["RRULE", "EXRULE"]),
        ]
        for (type, names) in groups {
            for name in names { table[name] = type }
        }
        return table
    }()
}
