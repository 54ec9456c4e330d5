import Testing
import AlmanacCore

@Suite struct RatingRangeRuleTests {
    @Test func ratingsOutside0To5AreFlagged() {
        let items = [-1, 0, 5, 6, nil].map { RuleFixture.recipe(rating: $0) }
        let findings = RatingRangeRule().check(items, settings: ValidationSettings())
        #expect(findings.map(\.itemIndex) == [0, 3])
        #expect(findings[1].message == "the rating 6 is not from 0 to 5")
    }
}
