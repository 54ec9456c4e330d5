@testable import AlmanacXCal
import AlmanacCore
import AlmanacTestSupport
import Foundation
import Testing

/// Meal events in xCal: the mapping iCalendar's meals have, in xCal's syntax.
@Suite("xCal meal plans")
struct MealTests {
    @Test("meals keep their recipes through xcal, and their derived details and alarms are not doubled")
    func roundTrip() throws {
        let first = try XCal.encode(MealFixtures.document)
        let text = XCal.text(first)
        let compact = XCal.text(try XCal.encode(MealFixtures.document, compact: true))
        #expect(compact.contains("<x-almanac-recipe><unknown>chili</unknown></x-almanac-recipe>"), "\(compact)")
        #expect(compact.contains("<x-almanac-meal><text>TRUE</text></x-almanac-meal>"))
        #expect(text.contains("<duration>-PT1H15M</duration>"))
        let read = try XCal.decode(first)
        #expect(read.document.events == MealFixtures.meals)
        var again = read.document
        again.referencedRecipes = MealFixtures.recipes
        #expect(XCal.text(try XCal.encode(again)) == text)
    }
}
