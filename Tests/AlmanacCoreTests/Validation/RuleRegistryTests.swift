import Testing
import AlmanacCore

@Suite struct RuleRegistryTests {
    @Test func theBuiltinRulesHaveTheirStableIDs() {
        #expect(RuleRegistry.builtin.rules.map(\.id) == [
            "title-required", "date-range", "end-after-start", "rating-range",
            "durations-non-negative", "unique-ids", "modified-after-added", "color-range",
        ])
        #expect(RuleRegistry.builtin.rules.allSatisfy { !$0.summary.isEmpty })
    }

    @Test func findingsAreOrderedByItemThenRule() {
        let items = [
            RuleFixture.event("a", title: "", start: RuleFixture.utc("2026-12-24T10:00:00Z"), end: RuleFixture.utc("2026-12-24T09:00:00Z")),
            RuleFixture.event("b", title: ""),
        ]
        let codes = Validator().validate(items).map { "\($0.item!.id) \($0.code!)" }
        #expect(codes == ["a title-required", "a end-after-start", "b title-required"])
    }
}
