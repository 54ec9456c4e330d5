import Testing
import AlmanacCore

@Suite struct ColorRangeRuleTests {
    @Test func componentsOutside0To1AreFlaggedByName() {
        let items = [RuleFixture.event(color: RGBAColor(red: 1, green: 0, blue: 0)), RuleFixture.event(color: RGBAColor(red: 1.5, green: 0, blue: -0.25))]
        let findings = ColorRangeRule().check(items, settings: ValidationSettings())
        #expect(findings.map(\.itemIndex) == [1])
        #expect(findings[0].message == "the color's red 1.5, blue -0.25 is outside 0 to 1")
    }
}
