import AlmanacCore

/// Limits and leniencies of the iCalendar reader.
public struct ICalendarDecodingOptions: Sendable, Hashable {
    /// The deepest nesting of components accepted (VCALENDAR › VEVENT › VALARM is 3);
    /// deeper input is an error, not a stack overflow.
    public var maximumDepth: Int
    /// Whether floating date-times in a calendar with a known `X-WR-TIMEZONE` are
    /// read as times in that zone, as Google Calendar and Apple Calendar mean them.
    public var appliesCalendarTimeZone: Bool

    public init(maximumDepth: Int = 64, appliesCalendarTimeZone: Bool = true) {
        self.maximumDepth = maximumDepth
        self.appliesCalendarTimeZone = appliesCalendarTimeZone
    }

    /// These options with the depth `limits` sets, if it sets one.
    public func applying(_ limits: ReaderLimits) -> ICalendarDecodingOptions {
        var options = self
        options.maximumDepth = limits.depth(default: maximumDepth)
        return options
    }
}
