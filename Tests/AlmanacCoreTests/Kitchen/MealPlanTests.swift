import AlmanacCore
import Testing

@Suite("Meal plans")
struct MealPlanTests {
    static func duration(_ text: String) -> ISODuration { ISODuration(text)! }

    static func time(_ text: String) -> CalendarTime { ISO8601Text.parseCalendarTime(Array(text.utf8))! }

    @Test("the cooking time is the total time, else prep plus cook, else nothing")
    func cookingTime() {
        var recipe = Recipe(id: "r", title: "R", prepTime: Self.duration("PT15M"), cookTime: Self.duration("PT1H"), totalTime: Self.duration("PT1H30M"))
        #expect(MealPlan.cookingTime(of: recipe)?.totalSeconds == 5_400)
        recipe.totalTime = nil
        #expect(MealPlan.cookingTime(of: recipe)?.totalSeconds == 4_500)
        #expect(MealPlan.cookingTime(of: recipe).map(MealPlan.text) == "1 h 15 min")
        recipe.cookTime = nil
        #expect(MealPlan.cookingTime(of: recipe)?.totalSeconds == 900)
        recipe.prepTime = nil
        #expect(MealPlan.cookingTime(of: recipe) == nil)
        recipe.totalTime = Self.duration("PT0S")
        #expect(MealPlan.cookingTime(of: recipe) == nil, "a zero total time gives no time to start early")
    }

    @Test("durations read as people write them", arguments: [
        ("PT1H30M", "1 h 30 min"), ("PT45M", "45 min"), ("PT90M", "1 h 30 min"), ("P1W3D", "10 d"),
        ("PT2H0M5S", "2 h 5 s"), ("PT0S", "0 min"), ("P1DT2H", "1 d 2 h"),
    ])
    func text(_ pair: (String, String)) {
        #expect(MealPlan.text(Self.duration(pair.0)) == pair.1)
    }

    @Test("the alarm's text names the recipe and its time")
    func alarmText() {
        let recipe = Recipe(id: "chili", title: "Chili")
        #expect(MealPlan.alarmText(recipe, time: Self.duration("PT1H30M")) == "Start cooking: Chili (1 h 30 min)")
    }

    @Test("a meal is titled by its recipe, starts when asked and lasts the recipe's time")
    func meal() {
        let recipe = Recipe(id: "chili", title: "Camp Chili", prepTime: Self.duration("PT15M"), cookTime: Self.duration("PT1H"))
        let meal = MealPlan.meal(for: recipe, at: Self.time("2026-12-07T18:30:00"))
        #expect(meal.title == "Camp Chili")
        #expect(meal.recipes == ["chili"])
        #expect(meal.start == Self.time("2026-12-07T18:30:00"))
        #expect(meal.end == Self.time("2026-12-07T19:45:00"))
        #expect(meal.notes == nil)
        #expect(meal.id.hasPrefix("meal-"))
        #expect(MealPlan.meal(for: recipe, at: Self.time("2026-12-07T18:30:00")).id == meal.id, "the same meal planned twice has one id")
        #expect(MealPlan.meal(for: recipe, at: Self.time("2026-12-08T18:30:00")).id != meal.id)
        let titled = MealPlan.meal(for: recipe, at: Self.time("2026-12-07T18:30:00Z"), servings: 8, title: "Chili night")
        #expect(titled.title == "Chili night")
        #expect(titled.notes == "Servings: 8")
        #expect(titled.end == Self.time("2026-12-07T19:45:00Z"))
    }

    @Test("a recipe without times makes an hour's meal; a date makes an all-day one")
    func defaults() {
        let recipe = Recipe(id: "salad", title: "Salad")
        #expect(MealPlan.meal(for: recipe, at: Self.time("2026-12-07T12:00:00")).end == Self.time("2026-12-07T13:00:00"))
        let allDay = MealPlan.meal(for: recipe, at: Self.time("2026-12-24"))
        #expect(allDay.end == Self.time("2026-12-25"))
        #expect(allDay.isAllDay)
    }

    @Test("a zoned meal's end is elapsed time across a change of clocks")
    func zoned() {
        let recipe = Recipe(id: "roast", title: "Roast", totalTime: Self.duration("PT3H"))
        // Berlin sets its clocks back at 03:00 on 2026-10-25: 01:30 plus three hours is 03:30 on the wall.
        let meal = MealPlan.meal(for: recipe, at: .zoned(CivilDateTime(date: CivilDate(year: 2026, month: 10, day: 25)!, hour: 1, minute: 30)!, timeZone: "Europe/Berlin"))
        #expect(meal.end == .zoned(CivilDateTime(date: CivilDate(year: 2026, month: 10, day: 25)!, hour: 3, minute: 30)!, timeZone: "Europe/Berlin"))
    }

    @Test("a recipe is found by its id, else by its title; two of one title are ambiguous")
    func find() {
        let recipes = [Recipe(id: "a", title: "Soup"), Recipe(id: "b", title: "Bread"), Recipe(id: "c", title: "soup ")]
        #expect(MealPlan.find("b", in: recipes) == .found(recipes[1]))
        #expect(MealPlan.find("BREAD", in: recipes) == .found(recipes[1]))
        #expect(MealPlan.find("Soup", in: recipes) == .ambiguous(["a", "c"]))
        #expect(MealPlan.find("cake", in: recipes) == .missing)
        #expect(MealPlan.find("a", in: recipes + [Recipe(id: "a", title: "Other")]) == .found(recipes[0]), "the first of an id wins")
    }

    @Test("an event's recipes are looked up in its order, each once")
    func recipesOfEvent() {
        let book = ["a": Recipe(id: "a", title: "A"), "b": Recipe(id: "b", title: "B")]
        let event = Event(id: "e", title: "E", recipes: ["b", "missing", "a", "b"])
        #expect(MealPlan.recipes(of: event) { book[$0] }.map(\.id) == ["b", "a"])
    }
}
