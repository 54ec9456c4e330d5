import Testing
import Almanac

/// ``ExpandStep``: one event per occurrence in the window, with a warning past the limit.
@Suite struct ExpandStepTests {
    @Test func oneEventPerOccurrenceInTheWindow() throws {
        let weekly = Item.event(Event(id: "w", title: "Weekly", start: ISO8601Text.parseCalendarTime(Array("2026-01-05T09:00:00Z".utf8)), recurrence: "FREQ=WEEKLY"))
        var state = PipelineState(items: [LocatedItem(weekly, source: "in.json"), LocatedItem(Fixture.recipe("r"))])
        try ExpandStep(from: Fixture.day("2026-01-01"), to: Fixture.day("2026-02-01")).apply(to: &state)
        #expect(state.items.map(\.item.id) == ["r", "w", "w", "w", "w"])
        #expect(state.items.dropFirst().allSatisfy { $0.source == "in.json" })
        #expect(state.warnings.isEmpty)
    }

    @Test func aSeriesPastTheLimitIsCutWithAWarning() throws {
        let every = Item.event(Event(id: "tick", title: "Tick", start: ISO8601Text.parseCalendarTime(Array("2026-01-01T00:00:00Z".utf8)), recurrence: "FREQ=MINUTELY"))
        var state = PipelineState(items: [LocatedItem(every, source: "in.json")])
        try ExpandStep(from: Fixture.day("2026-01-01"), to: Fixture.day("2026-01-02"), maxOccurrences: 50).apply(to: &state)
        #expect(state.items.count == 50)
        #expect(state.warnings.map(\.severity) == [.warning])
        #expect(state.warnings.first?.source == "in.json")
    }
}
