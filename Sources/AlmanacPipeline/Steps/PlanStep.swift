import AlmanacCore

/// `plan`: adds a meal event that serves a recipe of the stream, or of any recipe the
/// inputs held (``PipelineState/recipeBook``), made by ``MealPlan/meal(for:at:servings:title:)``.
public struct PlanStep: PipelineStep {
    /// The recipe's id, or its title (compared ignoring case).
    public let recipe: String
    /// When the meal starts; a date makes an all-day meal.
    public let start: CalendarTime
    /// How many the meal is for, recorded in its notes.
    public let servings: Int?
    /// The meal's title; `nil` takes the recipe's.
    public let title: String?

    public init(recipe: String, start: CalendarTime, servings: Int? = nil, title: String? = nil) {
        self.recipe = recipe
        self.start = start
        self.servings = servings
        self.title = title
    }

    /// Throws a usage error (``ExitStatus/usage``) when no recipe, or more than one by that
    /// title, answers to ``recipe``.
    public func apply(to state: inout PipelineState) throws {
        let inStream = state.items.compactMap { if case .recipe(let recipe) = $0.item { recipe } else { nil } }
        switch MealPlan.find(recipe, in: inStream + state.recipeBook) {
        case .found(let found):
            state.items.append(LocatedItem(.event(MealPlan.meal(for: found, at: start, servings: servings, title: title))))
        case .missing:
            throw AlmanacError(
                .usage, message: "plan: no recipe has the id or title '\(recipe)'",
                hint: "the recipes come from the inputs, such as: almanac convert Samples/recipes.json -t ics then plan --recipe <id> --at <date-time>")
        case .ambiguous(let ids):
            throw AlmanacError(.usage, message: "plan: several recipes are titled '\(recipe)'; give one of their ids: \(ids.joined(separator: ", "))")
        }
    }
}
