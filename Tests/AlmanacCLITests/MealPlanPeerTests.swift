import AlmanacCore
import AlmanacTestSupport
import Foundation
import Testing

/// The real python `icalendar` 7.3.0 reads the calendars of meal plans almanac writes:
/// each meal's VALARM goes off the recipe's total time (prep plus cook without one)
/// before the meal. Skipped when that peer is absent, unless `ALMANAC_REQUIRE_PEERS=1`.
@Suite("Peer: python icalendar reads meal plans", .enabled(if: Peers.shouldRun(pythonModule: "icalendar")))
struct MealPlanPeerTests {
    /// Prints, per VEVENT, its UID, its X-ALMANAC-RECIPE values, and each VALARM's action,
    /// trigger in seconds (relative to the start), description and recipe.
    static let script = #"""
        import json, sys
        import icalendar

        cal = icalendar.Calendar.from_ical(sys.stdin.buffer.read())
        out = []
        for event in cal.walk("VEVENT"):
            recipes = event.get("X-ALMANAC-RECIPE")
            recipes = [] if recipes is None else [str(r) for r in (recipes if isinstance(recipes, list) else [recipes])]
            alarms = []
            for alarm in event.walk("VALARM"):
                trigger = alarm.get("TRIGGER")
                alarms.append({
                    "action": str(alarm.get("ACTION")),
                    "seconds": int(trigger.dt.total_seconds()),
                    "related": trigger.params.get("RELATED", "START"),
                    "description": str(alarm.get("DESCRIPTION")),
                    "recipe": str(alarm.get("X-ALMANAC-RECIPE")),
                })
            out.append({"uid": str(event.get("UID")), "recipes": recipes, "alarms": alarms,
                        "description": str(event.get("DESCRIPTION") or "")})
        print(json.dumps(out))
        """#

    struct Meal {
        var uid: String
        var recipes: [String]
        var alarms: [[String: Any]]
        var description: String
    }

    static func peerReading(_ bytes: [UInt8]) throws -> [Meal] {
        let python = try #require(Peers.python, "no python with icalendar: see Tests/peers-requirements.txt")
        let result = try ProcessRunner.run(python, ["-c", script], stdin: bytes)
        try #require(result.status == 0, "the peer could not read it: \(result.stderrText)")
        let events = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [[String: Any]])
        return events.map { Meal(uid: $0["uid"] as! String, recipes: $0["recipes"] as! [String], alarms: $0["alarms"] as! [[String: Any]], description: $0["description"] as! String) }
    }

    /// The sample's recipes by id: title and cooking time in seconds, from the JSON itself.
    static func sampleRecipes(_ name: String) throws -> [String: (title: String, seconds: Int?)] {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: TestPaths.sample(name))) as? [String: Any])
        var recipes: [String: (title: String, seconds: Int?)] = [:]
        for recipe in root["recipes"] as? [[String: Any]] ?? [] {
            func seconds(_ key: String) -> Int? { (recipe[key] as? String).flatMap(ISODuration.init)?.totalSeconds }
            let parts = [seconds("prepTime"), seconds("cookTime")].compactMap { $0 }
            let time = seconds("totalTime") ?? (parts.isEmpty ? nil : parts.reduce(0, +))
            recipes[recipe["id"] as! String] = (recipe["title"] as! String, time)
        }
        return recipes
    }

    static func sampleMeals() throws -> [(id: String, recipes: [String])] {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: TestPaths.sample("meal-plan.json"))) as? [String: Any])
        return (root["events"] as! [[String: Any]]).map { ($0["id"] as! String, $0["recipes"] as? [String] ?? []) }
    }

    @Test("Samples/meal-plan.json as ics: each meal's alarm is minus its recipe's total time")
    func samplePlan() throws {
        let scratch = try ScratchFolder()
        let output = scratch.path("week.ics")
        let run = try CLI.run(["convert", "Samples/meal-plan.json", "-o", output])
        try #require(run.status == 0, "\(run.stderrText)")
        #expect(run.stderrText.isEmpty, "no warning: the recipes are the meals' details")
        let recipes = try Self.sampleRecipes("meal-plan.json")
        let meals = try Self.peerReading(try CLI.fileBytes(output))
        let expected = try Self.sampleMeals()
        #expect(meals.map(\.uid) == expected.map(\.id))
        var alarms = 0
        for (meal, plan) in zip(meals, expected) {
            #expect(meal.recipes == plan.recipes, "\(meal.uid)")
            let timed = plan.recipes.compactMap { id in recipes[id].flatMap { recipe in recipe.seconds.map { (id, recipe.title, $0) } } }
            try #require(meal.alarms.count == timed.count, "\(meal.uid): \(meal.alarms)")
            for (alarm, (id, title, seconds)) in zip(meal.alarms, timed) {
                #expect(alarm["action"] as? String == "DISPLAY")
                #expect(alarm["related"] as? String == "START")
                #expect(alarm["seconds"] as? Int == -seconds, "\(meal.uid) \(title)")
                #expect(alarm["recipe"] as? String == id)
                #expect((alarm["description"] as? String)?.hasPrefix("Start cooking: \(title) (") == true)
                alarms += 1
            }
            for id in plan.recipes { #expect(meal.description.contains(recipes[id]!.title), "\(meal.uid): the description shows the recipe") }
        }
        #expect(alarms == 5)
    }

    @Test("a meal planned from Samples/recipes.json rings the recipe's total time before it")
    func plannedMeal() throws {
        let run = try CLI.run([
            "convert", "Samples/recipes.json", "-t", "ics",
            "then", "plan", "--recipe", "Camp Chili", "--at", "2026-12-07T18:30", "--time-zone", "Europe/Berlin",
            "then", "filter", "--kind", "event",
        ])
        try #require(run.status == 0, "\(run.stderrText)")
        let meals = try Self.peerReading(run.stdout)
        let chili = try #require(try Self.sampleRecipes("recipes.json").first { $0.value.title == "Camp Chili" })
        try #require(meals.count == 1)
        #expect(meals[0].recipes == [chili.key])
        #expect(meals[0].alarms.map { $0["seconds"] as? Int } == [-(chili.value.seconds ?? 0)])
        #expect(meals[0].alarms.first?["description"] as? String == "Start cooking: Camp Chili (1 h 15 min)")
    }
}
