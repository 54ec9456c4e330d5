import Testing
import Almanac

/// ``GroupStep``: events by period, stable within each, and the grouping passed on typed.
@Suite struct GroupStepTests {
    @Test func ordersByPeriodAndSetsTheGrouping() throws {
        let items = [
            Fixture.event("future", start: "2027-06-01T10:00:00Z"), Fixture.event("past", start: "2026-01-01T10:00:00Z"),
            Fixture.recipe("r"), Fixture.event("soon", start: "2026-12-22T10:00:00Z"), Fixture.event("later", start: "2027-01-10T10:00:00Z"),
        ]
        var state = PipelineState(items: items.map { LocatedItem($0) })
        try GroupStep(by: .period, from: PeriodReference(today: Fixture.day("2026-12-20"))).apply(to: &state)
        #expect(state.items.map(\.item.id) == ["past", "soon", "later", "future", "r"])
        #expect(state.grouping == .period(today: Fixture.day("2026-12-20")))
        var fromNow = PipelineState(items: [])
        try GroupStep().apply(to: &fromNow)
        #expect(fromNow.grouping == .period(today: nil))
    }
}
