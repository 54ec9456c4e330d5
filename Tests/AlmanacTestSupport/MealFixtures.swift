import AlmanacCore

/// A small meal plan in the model, for the mapping tests of every format that has events:
/// three recipes (one whose time is prep plus cook, one with a web source and nested
/// groups) and the meals that name them, one naming a recipe the document does not hold.
public enum MealFixtures {
    public static func time(_ text: String) -> CalendarTime {
        ISO8601Text.parseCalendarTime(Array(text.utf8))!
    }

    public static let chili = Recipe(
        id: "chili", title: "Camp Chili", yields: [Yield(amount: 6, unit: "servings")],
        prepTime: ISODuration("PT15M"), cookTime: ISODuration("PT1H"),
        ingredients: [
            Ingredient(amount: 1, unit: "lb", name: "ground beef"),
            Ingredient(amount: 1.5, unit: "tsp", name: "ground cumin"),
            Ingredient(name: "salt", note: "to taste"),
        ]
    )

    public static let soup = Recipe(
        id: "soup", title: "Tomato Soup", totalTime: ISODuration("PT35M"),
        ingredients: [Ingredient(amount: 28, unit: "oz", name: "canned tomatoes")]
    )

    public static let galette = Recipe(
        id: "galette", title: "Apple Galette", yields: [Yield(amount: 8, unit: "slices")],
        prepTime: ISODuration("PT30M"), cookTime: ISODuration("PT45M"), totalTime: ISODuration("PT1H45M"),
        ingredientGroups: [
            IngredientGroup(title: "For the crust", ingredients: [Ingredient(amount: 1.5, unit: "cups", name: "flour")]),
            IngredientGroup(title: "For the filling", ingredients: [Ingredient(amount: 4, name: "apples", note: "sliced")], ingredientGroups: [
                IngredientGroup(title: "Spiced sugar", ingredients: [Ingredient(amount: 0.25, unit: "cup", name: "brown sugar")]),
            ]),
        ],
        source: "https://cooking.example/recipes/apple-galette"
    )

    public static let recipes = [chili, soup, galette]

    /// The meals: chili with notes, soup and galette together (zoned), an all-day chili
    /// day, and a meal naming a recipe that is not in the document.
    public static let meals: [Event] = [
        Event(id: "dinner-1", title: "Camp Chili", start: time("2026-12-07T18:30:00Z"), end: time("2026-12-07T19:45:00Z"), notes: "Servings: 6", recipes: ["chili"]),
        Event(id: "dinner-2", title: "Soup and galette", start: .zoned(time("2026-12-10T19:00:00").civil, timeZone: "America/Los_Angeles"),
              end: .zoned(time("2026-12-10T20:45:00").civil, timeZone: "America/Los_Angeles"), recipes: ["soup", "galette"]),
        Event(id: "chili-day", title: "Chili cook-off", start: time("2026-12-12"), end: time("2026-12-13"), recipes: ["chili"]),
        Event(id: "mystery", title: "Mystery dish", start: time("2026-12-13T12:00:00"), recipes: ["not-in-the-document"]),
    ]

    /// The recipes and the meals in one document.
    public static var document: AlmanacDocument {
        AlmanacDocument(recipes: recipes, events: meals)
    }
}
