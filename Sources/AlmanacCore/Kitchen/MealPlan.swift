import Foundation

/// Meal plans: events that serve recipes (``Event/recipes``), as `almanac convert … then
/// plan --recipe ID --at DATETIME` adds them and the iCalendar writer gives them their
/// details (the recipe's title and ingredients, an alarm to start cooking).
public enum MealPlan {
    /// How long `recipe` takes to make: its total time, else its prep time plus its cook
    /// time (either alone when only one is given); `nil` when it gives none, or when the
    /// time is not positive.
    public static func cookingTime(of recipe: Recipe) -> ISODuration? {
        if let total = recipe.totalTime { return total.totalSeconds > 0 ? total : nil }
        let parts = [recipe.prepTime, recipe.cookTime].compactMap { $0 }
        guard !parts.isEmpty else { return nil }
        if parts.count == 1 { return parts[0].totalSeconds > 0 ? parts[0] : nil }
        let seconds = parts.reduce(0) { $0 + $1.totalSeconds }
        return seconds > 0 ? duration(seconds: seconds) : nil
    }

    /// A duration of `seconds` (not negative) in hours, minutes and seconds:
    /// 5400 is `PT1H30M`; a day or more keeps its days (`P1DT2H`).
    public static func duration(seconds: Int) -> ISODuration {
        let magnitude = abs(seconds)
        return ISODuration(
            isNegative: seconds < 0, days: magnitude / 86_400, hours: magnitude % 86_400 / 3_600,
            minutes: magnitude % 3_600 / 60, seconds: magnitude % 60
        )
    }

    /// A duration for people: `1 h 30 min`, `45 min`, `10 d`, `2 h 5 s`; zero is `0 min`.
    public static func text(_ duration: ISODuration) -> String {
        let seconds = abs(duration.totalSeconds)
        let parts = [(seconds / 86_400, "d"), (seconds % 86_400 / 3_600, "h"), (seconds % 3_600 / 60, "min"), (seconds % 60, "s")]
            .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        return parts.isEmpty ? "0 min" : parts.joined(separator: " ")
    }

    /// The first line of a meal alarm's text: `Start cooking: Camp Chili (1 h 15 min)`.
    public static func alarmText(_ recipe: Recipe, time: ISODuration) -> String {
        "Start cooking: \(recipe.title) (\(text(time)))"
    }

    /// The line the `plan` verb writes into a meal's notes for `--servings`: `Servings: 6`.
    /// It records how many the meal is for; scaling the recipe is the `scale` verb's work.
    public static func servingsNote(_ servings: Int) -> String {
        "Servings: \(servings)"
    }

    /// A meal event that serves `recipe`: titled by the recipe (or `title`), starting at
    /// `start` and lasting the recipe's ``cookingTime(of:)`` (an hour when it gives none;
    /// an all-day `start` makes a one-day event), with a ``servingsNote(_:)`` when
    /// `servings` is given. Its id is derived from the recipe's id and the start, so
    /// planning the same meal twice gives the same id.
    public static func meal(for recipe: Recipe, at start: CalendarTime, servings: Int? = nil, title: String? = nil) -> Event {
        var text: [UInt8] = []
        ISO8601Text.append(start, to: &text)
        text += Array((start.timeZoneID ?? "").utf8)
        let id = "meal-" + StableID.make(from: Array(recipe.id.utf8) + [0] + text, salt: "meal")
        var event = Event(id: id, title: title ?? recipe.title, start: start, recipes: [recipe.id])
        if case .date(let day) = start {
            event.end = .date(day.adding(days: 1))
        } else {
            event.end = adding(seconds: cookingTime(of: recipe)?.totalSeconds ?? 3_600, to: start)
        }
        event.notes = servings.map(servingsNote)
        return event
    }

    /// `time` moved by `seconds` of elapsed time: a zoned time keeps its zone, across a
    /// change of clocks too; a date moves by whole days.
    public static func adding(seconds: Int, to time: CalendarTime) -> CalendarTime {
        func moved(_ value: CivilDateTime) -> CivilDateTime {
            CivilDateTime(secondsSinceEpoch: value.secondsSinceEpoch + seconds, nanosecond: value.nanosecond)
        }
        switch time {
        case .date(let day):
            return .date(day.adding(days: seconds / 86_400))
        case .utc(let value):
            return .utc(moved(value))
        case .floating(let value):
            return .floating(moved(value))
        case .zoned(let value, let zone):
            guard let timeZone = TimeZone(identifier: zone), let instant = time.instant() else { return .zoned(moved(value), timeZone: zone) }
            let later = instant.addingTimeInterval(TimeInterval(seconds))
            let wall = CivilDateTime(secondsSinceEpoch: Int(later.timeIntervalSince1970.rounded(.down)) + timeZone.secondsFromGMT(for: later), nanosecond: value.nanosecond)
            return .zoned(wall, timeZone: zone)
        }
    }

    /// What ``find(_:in:)`` found.
    public enum Match: Equatable, Sendable {
        case found(Recipe)
        /// No recipe has that id or title.
        case missing
        /// No recipe has that id, and several have that title: their ids.
        case ambiguous([String])
    }

    /// The recipe `reference` names among `recipes`: the one with that id, else the one
    /// whose title it is (compared without case and surrounding space).
    public static func find(_ reference: String, in recipes: [Recipe]) -> Match {
        if let recipe = recipes.first(where: { $0.id == reference }) { return .found(recipe) }
        let key = reference.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        var seen = Set<String>()
        let titled = recipes.filter { $0.title.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() == key && seen.insert($0.id).inserted }
        switch titled.count {
        case 0: return .missing
        case 1: return .found(titled[0])
        default: return .ambiguous(titled.map(\.id))
        }
    }

    /// The recipes `event` serves that `lookup` knows, in the event's order, each once.
    public static func recipes(of event: Event, lookup: (String) -> Recipe?) -> [Recipe] {
        var seen = Set<String>()
        return event.recipes.compactMap { id in seen.insert(id).inserted ? lookup(id) : nil }
    }
}
