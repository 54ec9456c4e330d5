import Testing
import AlmanacCore

@Suite struct DurationsNonNegativeRuleTests {
    @Test func negativeDurationsAreFlagged() {
        let items = [RuleFixture.recipe(prep: ISODuration("-PT5M")), RuleFixture.recipe(prep: ISODuration("PT0S")), RuleFixture.recipe(prep: ISODuration("PT5M"))]
        let findings = DurationsNonNegativeRule().check(items, settings: ValidationSettings())
        #expect(findings.map(\.itemIndex) == [0])
        #expect(findings[0].message == "prepTime -PT5M is negative")
    }
}
