import AlmanacCore

/// What the document writers of the three iCalendar syntaxes (ics, jCal, xCal) share when
/// they write a calendar event by event (see `DocumentStreamWriter`): the tree builder,
/// the zones the events use (their VTIMEZONEs head the calendar) and the recipes left out.
public struct ICalendarStreamState {
    private var builder: ICalendarTreeBuilder
    private var zones = ZoneUsage()
    /// The document's extras: the calendar's kept properties and components.
    public var extras = Extras()
    /// The recipes met so far (items and referenced ones), by id: the first of an id wins.
    private var recipeBook: [String: Recipe] = [:]
    /// The ids of the recipe items, each once.
    private var recipeItems: Set<String> = []
    /// The recipe ids the events named.
    private var namedRecipes: Set<String> = []
    private var recipeWarning: Diagnostic?

    /// A state for a calendar with DTSTAMP `stamp`.
    public init(stamp: CivilDateTime) {
        builder = ICalendarTreeBuilder(stamp: stamp)
    }

    /// The event's component and its tasks', noting the zones they use; none for a recipe,
    /// which iCalendar cannot hold as an item: it gives the meals that name it their
    /// details (``MealDetails``) when it comes before them, and a warning at the end says
    /// how many recipes no event named.
    public mutating func components(for item: Item) -> [ICalComponent] {
        var tree = ICalendarTreeSink()
        map(item, to: &tree)
        return tree.components
    }

    /// What ``components(for:)`` gives, written to `lines` as content lines without a tree.
    public mutating func write(_ item: Item, to lines: inout ContentLineWriter) {
        map(item, to: &lines)
    }

    private mutating func map<Sink: ICalendarSink>(_ item: Item, to sink: inout Sink) {
        switch item {
        case .recipe(let recipe):
            if recipeBook[recipe.id] == nil { recipeBook[recipe.id] = recipe }
            recipeItems.insert(recipe.id)
        case .event(let event):
            zones.note(event)
            namedRecipes.formUnion(event.recipes)
            builder.map(event, recipes: MealPlan.recipes(of: event) { recipeBook[$0] }, to: &sink)
        }
    }

    /// Takes recipes that meals name but that are not items (``AlmanacDocument/referencedRecipes``).
    public mutating func refer(to recipes: [Recipe]) {
        for recipe in recipes where recipeBook[recipe.id] == nil { recipeBook[recipe.id] = recipe }
    }

    /// The VCALENDAR's properties, with a VTIMEZONE for each zone the events used as its children.
    public mutating func head() -> ICalComponent {
        var head = builder.calendarHead(extras: extras)
        head.children = ICalendarTreeBuilder.timeZones(zones.years)
        return head
    }

    /// The calendar components the document kept, which close the calendar.
    public mutating func tail() -> [ICalComponent] {
        let leftOut = recipeItems.subtracting(namedRecipes).count
        if leftOut > 0 { recipeWarning = ICalendarTreeBuilder.recipesLeftOut(leftOut) }
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

    public mutating func refer(to recipes: [Recipe]) {
        state.refer(to: recipes)
    }
}
