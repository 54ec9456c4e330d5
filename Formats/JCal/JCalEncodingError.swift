import AlmanacICalendarModel

/// Why the jCal writer refused its settings: the error every iCalendar writer shares.
public typealias JCalEncodingError = ICalendarEncodingError
