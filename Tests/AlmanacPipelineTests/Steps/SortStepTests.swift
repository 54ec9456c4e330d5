import Testing
import Almanac

/// ``SortStep``: stable, natural orders, items without the key last also reversed.
@Suite struct SortStepTests {
    @Test func byDateSoonestFirstAndReversedWithTheUndatedLast() throws {
        let items = [
            Fixture.event("late", start: "2026-12-20T10:00:00Z"), Fixture.event("none"),
            Fixture.event("early", start: "2026-12-01T10:00:00Z"), Fixture.event("mid", start: "2026-12-10T10:00:00Z"),
        ]
        let today = Fixture.day("2026-11-01")
        #expect(try Fixture.ids(items, SortStep(by: .date, today: today)) == ["early", "mid", "late", "none"])
        #expect(try Fixture.ids(items, SortStep(by: .date, reverse: true, today: today)) == ["late", "mid", "early", "none"])
    }

    @Test func byTitleIgnoringCaseWithNumbersByValue() throws {
        let items = [Fixture.recipe("1", "soup 10"), Fixture.recipe("2", "Apple"), Fixture.recipe("3", "soup 9"), Fixture.recipe("4", "banana")]
        #expect(try Fixture.ids(items, SortStep(by: .title)) == ["2", "4", "3", "1"])
    }

    @Test func byRatingHighestFirstAndPriorityOneFirst() throws {
        let recipes = [Fixture.recipe("a", rating: 3), Fixture.recipe("b"), Fixture.recipe("c", rating: 5), Fixture.recipe("d", rating: 3)]
        #expect(try Fixture.ids(recipes, SortStep(by: .rating)) == ["c", "a", "d", "b"])
        let events = [Fixture.event("p9", priority: 9), Fixture.event("p0", priority: 0), Fixture.event("p1", priority: 1)]
        #expect(try Fixture.ids(events, SortStep(by: .priority)) == ["p1", "p9", "p0"])
    }
}
