import Testing
import AlmanacCore

@Suite struct DateRangeRuleTests {
    let rule = DateRangeRule()

    @Test func typoYearsAreOutsideTheDefaultWindow() {
        let items = [
            RuleFixture.event("ok", start: RuleFixture.utc("2026-12-24T17:00:00Z")),
            RuleFixture.event("big", start: RuleFixture.utc("20260-12-24T17:00:00Z")),
            RuleFixture.event("small", start: RuleFixture.day(26, 12, 24)),
            RuleFixture.event("edge", start: RuleFixture.day(1900, 1, 1), end: RuleFixture.day(2201, 1, 1)),
        ]
        let findings = rule.check(items, settings: ValidationSettings())
        #expect(findings.map(\.itemIndex) == [1, 2])
    }

    @Test func anAllDayEndIsExclusive() {
        let settings = ValidationSettings(notAfter: CivilDate(year: 2026, month: 12, day: 31)!)
        let fits = RuleFixture.event(start: RuleFixture.day(2026, 12, 30), end: RuleFixture.day(2027, 1, 1))
        let spills = RuleFixture.event(start: RuleFixture.day(2026, 12, 30), end: RuleFixture.day(2027, 1, 2))
        #expect(rule.check([fits], settings: settings).isEmpty)
        #expect(rule.check([spills], settings: settings).count == 1)
    }

    @Test func aNarrowedWindowCatchesTheEnd() {
        let settings = ValidationSettings(notBefore: CivilDate(year: 2026, month: 1, day: 1)!, notAfter: CivilDate(year: 2026, month: 12, day: 31)!)
        let item = RuleFixture.event(start: RuleFixture.utc("2026-12-31T22:00:00Z"), end: RuleFixture.utc("2027-01-01T01:00:00Z"))
        let findings = rule.check([item], settings: settings)
        #expect(findings.count == 1)
        #expect(findings[0].message.contains("end 2027-01-01"))
    }
}
