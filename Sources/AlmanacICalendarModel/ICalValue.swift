/// One value of a property in the typed form jCal (RFC 7265) and xCal (RFC 6321) use:
/// TEXT unescaped, dates and times in the extended ISO 8601 form, numbers as numbers,
/// structured values as their parts, and recurrence rules as their rule parts.
public indirect enum ICalValue: Hashable, Sendable {
    /// A string: unescaped TEXT, an extended-form date or time (`2026-12-24T17:00:00Z`),
    /// a UTC offset (`+01:00`), a duration, a URI, or an `unknown` value as written.
    case string(String)
    /// An integer, as its decimal text.
    case integer(String)
    /// A float, as its decimal text.
    case float(String)
    case boolean(Bool)
    /// The parts of a structured value: a period's start and end, a GEO's latitude and
    /// longitude, a REQUEST-STATUS's code, description and data.
    case parts([ICalValue])
    /// A recurrence rule's parts in order (`freq`, `until`, `byday`, …; names lower-cased).
    case recur([ICalRecurPart])
}

/// One part of a recurrence rule, such as `byday` with `MO` and `-1FR`.
public struct ICalRecurPart: Hashable, Sendable {
    /// The lower-cased part name.
    public var name: String
    /// The values (several for a list such as `byday`).
    public var values: [ICalValue]

    public init(name: String, values: [ICalValue]) {
        self.name = name
        self.values = values
    }
}
