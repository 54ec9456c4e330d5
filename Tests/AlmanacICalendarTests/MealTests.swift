@testable import AlmanacICalendar
import AlmanacCore
import AlmanacICalendarModel
import AlmanacTestSupport
import Foundation
import Testing

/// Meal events (``Event/recipes``) in iCalendar: `X-ALMANAC-RECIPE`, the recipes' details in
/// the DESCRIPTION, a derived LINK and a start-cooking VALARM, none of them doubled on a round trip.
@Suite("iCalendar meal plans")
struct MealTests {
    static let goldenPath = TestPaths.inPackage("Tests/AlmanacICalendarTests/Golden/meals.ics")

    static func encode(_ document: AlmanacDocument) throws -> EncodeResult {
        try ICS.codec.encode(document, options: ICS.options)
    }

    @Test("a meal plan's calendar matches the golden file byte for byte")
    func golden() throws {
        let output = try Self.encode(MealFixtures.document).bytes
        if ProcessInfo.processInfo.environment["ALMANAC_UPDATE_GOLDEN"] == "1" {
            try Data(output).write(to: Self.goldenPath)
        }
        let golden = Array(try Data(contentsOf: Self.goldenPath))
        #expect(ICS.text(output) == ICS.text(golden), "set ALMANAC_UPDATE_GOLDEN=1 to rewrite Golden/meals.ics")
    }

    @Test("each meal names its recipes, carries their details, and the recipes are not written as items")
    func written() throws {
        let result = try Self.encode(MealFixtures.document)
        let text = ICS.text(result.bytes)
        let calendar = try #require(try ICS.codec.components(from: result.bytes).first)
        let events = calendar.children.filter { $0.name == "VEVENT" }
        #expect(events.count == MealFixtures.meals.count)
        #expect(events.map { $0.properties("X-ALMANAC-RECIPE").map(\.value) } == MealFixtures.meals.map(\.recipes))
        let dinner = events[0]
        #expect(dinner.property("DESCRIPTION")?.parameter("X-ALMANAC-MEAL") == "TRUE")
        let description = TextValue.unescape(try #require(dinner.property("DESCRIPTION")).value)
        #expect(description == "Servings: 6\n\nCamp Chili\nMakes 6 servings. Takes 1 h 15 min.\nIngredients:\n- 1 lb ground beef\n- 1 1/2 tsp ground cumin\n- salt, to taste")
        #expect(dinner.property("X-ALMANAC-NOTES")?.value == "Servings: 6")
        let galette = TextValue.unescape(try #require(events[1].property("DESCRIPTION")).value)
        #expect(galette.hasSuffix("Apple Galette\nMakes 8 slices. Takes 1 h 45 min.\nIngredients:\nFor the crust:\n  - 1 1/2 cups flour\nFor the filling:\n  - 4 apples, sliced\n  Spiced sugar:\n    - 1/4 cup brown sugar"))
        #expect(events[1].property("X-ALMANAC-NOTES") == nil, "a meal without notes has none to keep")
        let link = try #require(events[1].property("LINK"))
        #expect(link.value == "https://cooking.example/recipes/apple-galette")
        #expect(link.parameter("LINKREL") == "related" && link.parameter("LABEL") == "Apple Galette" && link.parameter("X-ALMANAC-MEAL") == "TRUE")
        #expect(!text.contains("BEGIN:VRECIPE") && result.diagnostics.isEmpty, "\(result.diagnostics)")
        // The meal whose recipe the document does not hold keeps its id, without details.
        #expect(events[3].property("DESCRIPTION") == nil)
    }

    @Test("a meal at a time of day gets an alarm per recipe at start minus its time; an all-day meal none")
    func alarms() throws {
        let calendar = try #require(try ICS.codec.components(from: try Self.encode(MealFixtures.document).bytes).first)
        let events = calendar.children.filter { $0.name == "VEVENT" }
        func alarms(_ event: ICalComponent) -> [[String]] {
            event.children.filter { $0.name == "VALARM" }.map { alarm in
                ["ACTION", "TRIGGER", "DESCRIPTION", "X-ALMANAC-RECIPE"].map { alarm.property($0).map { TextValue.unescape($0.value) } ?? "-" }
            }
        }
        #expect(alarms(events[0]) == [["DISPLAY", "-PT1H15M", "Start cooking: Camp Chili (1 h 15 min)", "chili"]])
        #expect(alarms(events[1]) == [
            ["DISPLAY", "-PT35M", "Start cooking: Tomato Soup (35 min)", "soup"],
            ["DISPLAY", "-PT1H45M", "Start cooking: Apple Galette (1 h 45 min)", "galette"],
        ])
        #expect(alarms(events[2]).isEmpty, "an all-day meal has no time to count back from")
        #expect(alarms(events[3]).isEmpty, "an unknown recipe has no time")
    }

    @Test("reading gives back the meals as they were, without what was derived")
    func roundTrip() throws {
        var withAlarm = MealFixtures.document
        // An alarm of the user's own is kept beside the derived one.
        withAlarm.events[0].extras = ICalendarExtras(components: ["BEGIN:VALARM\nACTION:AUDIO\nTRIGGER:-PT5M\nEND:VALARM"]).stored(in: Extras())
        let first = try Self.encode(withAlarm).bytes
        let read = try ICS.decode(first)
        #expect(read.document.events == withAlarm.events)
        #expect(read.document.recipes.isEmpty)
        // Written again with the recipes, the calendar is the same: no alarm, link or text doubled.
        var again = read.document
        again.referencedRecipes = MealFixtures.recipes
        let second = try Self.encode(again).bytes
        #expect(ICS.text(second) == ICS.text(first))
        #expect(ICS.text(second).components(separatedBy: "BEGIN:VALARM").count - 1 == 4)
    }

    @Test("recipes the document only refers to give the meals their details, as its own recipes do")
    func referenced() throws {
        var document = AlmanacDocument(events: MealFixtures.meals)
        document.referencedRecipes = MealFixtures.recipes
        #expect(ICS.text(try Self.encode(document).bytes) == ICS.text(try Self.encode(MealFixtures.document).bytes))
    }

    @Test("a recipe no meal names is left out with a warning; those meals name are not")
    func leftOut() throws {
        var document = MealFixtures.document
        document.recipes.append(Recipe(id: "cake", title: "Cake"))
        let result = try Self.encode(document)
        #expect(result.diagnostics.map(\.message) == ["1 recipe(s) not written: iCalendar holds events only (a recipe a meal event names gives the meal its details)"])
    }

    @Test("a calendar folder's meals carry their recipes' details and alarms too")
    func folder() throws {
        var document = MealFixtures.document
        document.recipes.append(Recipe(id: "cake", title: "Cake"))
        let resources = CalendarResources(document, stamp: CivilDateTime(secondsSinceEpoch: 0))
        #expect(resources.resources.map(\.name) == MealFixtures.meals.map(\.id))
        let dinner = try #require(resources.resources[1].calendar.children.first { $0.name == "VEVENT" })
        #expect(dinner.children.filter { $0.name == "VALARM" }.compactMap { $0.property("TRIGGER")?.value } == ["-PT35M", "-PT1H45M"])
        #expect(dinner.property("DESCRIPTION")?.parameter("X-ALMANAC-MEAL") == "TRUE")
        #expect(resources.diagnostics.map(\.message) == ["1 recipe(s) not written: iCalendar holds events only (a recipe a meal event names gives the meal its details)"])
    }

    @Test("a DESCRIPTION another program rewrote without the mark is the notes")
    func rewrittenDescription() throws {
        let text = ICS.calendar([
            "BEGIN:VEVENT", "UID:m", "DTSTART:20261207T183000Z", "SUMMARY:Chili",
            "DESCRIPTION:Bring the big pot", "X-ALMANAC-NOTES:Servings: 6", "X-ALMANAC-RECIPE:chili",
            "LINK;LINKREL=related:https://example.com/other", "END:VEVENT",
        ])
        let event = try #require(try ICS.decode(text).document.events.first)
        #expect(event.notes == "Bring the big pot")
        #expect(event.recipes == ["chili"])
        #expect(ICalendarExtras(event.extras).properties == ["LINK;LINKREL=related:https://example.com/other"], "a LINK of another program's is kept")
    }

    @Test("a marked DESCRIPTION without X-ALMANAC-NOTES means a meal without notes")
    func derivedWithoutNotes() throws {
        let text = ICS.calendar([
            "BEGIN:VEVENT", "UID:m", "DTSTART:20261207T183000Z", "SUMMARY:Chili",
            "DESCRIPTION;X-ALMANAC-MEAL=TRUE:Chili\\nIngredients:\\n- beans", "X-ALMANAC-RECIPE:chili",
            "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT1H", "DESCRIPTION:Start cooking: Chili (1 h)", "X-ALMANAC-RECIPE:chili", "END:VALARM",
            "END:VEVENT",
        ])
        let event = try #require(try ICS.decode(text).document.events.first)
        #expect(event.notes == nil)
        #expect(event.extras.isEmpty, "the derived alarm is not kept: \(event.extras)")
    }
}
