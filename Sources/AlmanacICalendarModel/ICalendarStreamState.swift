import AlmanacCore

/// What the document writers of the three iCalendar syntaxes (ics, jCal, xCal) share when
/// they write a calendar event by event (see `DocumentStreamWriter`): the tree builder,
/// the zones the events use (their VTIMEZONEs head the calendar) and the recipes left out.
public struct ICalendarStreamState {
    private var builder: ICalendarTreeBuilder
    private var zones = ZoneUsage()
    /// The document's extras: the calendar's kept properties and components.
    public var extras = Extras()
    private var recipesLeftOut = 0
    private var recipeWarning: Diagnostic?

    /// A state for a calendar with DTSTAMP `stamp`.
    public init(stamp: CivilDateTime) {
        builder = ICalendarTreeBuilder(stamp: stamp)
    }

    /// The event's component and its tasks', noting the zones they use; none for a recipe,
    /// which iCalendar cannot hold (a warning at the end says how many were left out).
    public mutating func components(for item: Item) -> [ICalComponent] {
        guard case .event(let event) = item else {
            recipesLeftOut += 1
            return []
        }
        zones.note(event)
        return builder.components(for: event)
    }

    /// The VCALENDAR's properties, with a VTIMEZONE for each zone the events used as its children.
    public mutating func head() -> ICalComponent {
        var head = builder.calendarHead(extras: extras)
        head.children = ICalendarTreeBuilder.timeZones(zones.years)
        return head
    }

    /// The calendar components the document kept, which close the calendar.
    public mutating func tail() -> [ICalComponent] {
        if recipesLeftOut > 0 { recipeWarning = ICalendarTreeBuilder.recipesLeftOut(recipesLeftOut) }
        return builder.keptCalendarComponents(extras: extras)
    }

    /// The warnings so far; after ``tail()``, first the one about recipes left out.
    public mutating func takeDiagnostics() -> [Diagnostic] {
        defer { recipeWarning = nil }
        return (recipeWarning.map { [$0] } ?? []) + builder.takeDiagnostics()
    }
}

/// A document writer of one of the iCalendar syntaxes, built on an ``ICalendarStreamState``:
/// its document extras and its warnings are the state's.
public protocol ICalendarStateWriter: DocumentStreamWriter {
    var state: ICalendarStreamState { get set }
}

extension ICalendarStateWriter {
    /// The calendar's kept properties and components.
    public var extras: Extras {
        get { state.extras }
        set { state.extras = newValue }
    }

    public mutating func takeDiagnostics() -> [Diagnostic] {
        state.takeDiagnostics()
    }
}
