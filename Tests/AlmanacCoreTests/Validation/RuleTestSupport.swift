import AlmanacCore

/// Small builders for rule tests.
enum RuleFixture {
    static func event(_ id: String = "e", title: String = "Party", start: CalendarTime? = nil, end: CalendarTime? = nil, color: RGBAColor? = nil, tasks: [EventTask] = []) -> LocatedItem {
        LocatedItem(.event(Event(id: id, title: title, color: color, start: start, end: end, tasks: tasks)), source: "test.json", position: SourcePosition(offset: 0, line: 7, column: 3))
    }

    static func recipe(_ id: String = "r", title: String = "Bread", rating: Int? = nil, prep: ISODuration? = nil, added: CalendarTime? = nil, modified: CalendarTime? = nil) -> LocatedItem {
        LocatedItem(.recipe(Recipe(id: id, title: title, prepTime: prep, rating: rating, dateAdded: added, dateModified: modified)))
    }

    static func utc(_ text: String) -> CalendarTime {
        ISO8601Text.parseCalendarTime(Array(text.utf8))!
    }

    static func day(_ year: Int, _ month: Int, _ day: Int) -> CalendarTime {
        .date(CivilDate(year: year, month: month, day: day)!)
    }
}
