import Testing
import AlmanacCore

@Suite struct ModifiedAfterAddedRuleTests {
    @Test func modifiedBeforeAddedIsAWarning() {
        let early = RuleFixture.recipe(added: RuleFixture.utc("2026-05-01T10:00:00Z"), modified: RuleFixture.utc("2026-04-30T10:00:00Z"))
        let fine = RuleFixture.recipe(added: RuleFixture.utc("2026-05-01T10:00:00Z"), modified: RuleFixture.utc("2026-05-01T10:00:00Z"))
        let rule = ModifiedAfterAddedRule()
        #expect(rule.check([early, fine], settings: ValidationSettings()).map(\.itemIndex) == [0])
        #expect(Validator().validate([early]).map(\.severity) == [.warning])
    }
}
