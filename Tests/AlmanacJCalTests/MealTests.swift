@testable import AlmanacJCal
import AlmanacCore
import AlmanacICalendarModel
import AlmanacTestSupport
import Foundation
import Testing

/// Meal events in jCal: the mapping iCalendar's meals have (``MealDetails``), in jCal's syntax.
@Suite("jCal meal plans")
struct MealTests {
    @Test("meals keep their recipes through jcal, and their derived details and alarms are not doubled")
    func roundTrip() throws {
        let first = try JCal.encode(MealFixtures.document)
        let text = JCal.text(first)
        // An X- property's value type is "unknown" (RFC 7265 section 5), as for X-ALMANAC-SYMBOL.
        #expect(text.contains(#"["x-almanac-recipe", {}, "unknown", "chili"]"#), "\(text)")
        #expect(text.contains(#""x-almanac-meal": "TRUE""#))
        #expect(text.contains(#"["trigger", {"related": "START"}, "duration", "-PT1H15M"]"#))
        let read = try JCal.decode(first)
        #expect(read.document.events == MealFixtures.meals)
        var again = read.document
        again.referencedRecipes = MealFixtures.recipes
        #expect(JCal.text(try JCal.encode(again)) == text)
    }
}
