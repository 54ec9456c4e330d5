/// Leniencies of the mapping from an iCalendar component tree to the model,
/// whichever syntax the tree was read from.
public struct ICalendarMappingOptions: Sendable, Hashable {
    /// Whether floating date-times in a calendar with a known `X-WR-TIMEZONE` are
    /// read as times in that zone, as Google Calendar and Apple Calendar mean them.
    public var appliesCalendarTimeZone: Bool

    public init(appliesCalendarTimeZone: Bool = true) {
        self.appliesCalendarTimeZone = appliesCalendarTimeZone
    }
}
