import Foundation
import Testing
import AlmanacCore

@Suite struct EndAfterStartRuleTests {
    let rule = EndAfterStartRule()

    @Test func anEndBeforeTheStartIsFlagged() {
        let backwards = RuleFixture.event(start: RuleFixture.utc("2026-12-24T10:00:00Z"), end: RuleFixture.utc("2026-12-24T09:59:59Z"))
        let instant = RuleFixture.event(start: RuleFixture.utc("2026-12-24T10:00:00Z"), end: RuleFixture.utc("2026-12-24T10:00:00Z"))
        let noEnd = RuleFixture.event(start: RuleFixture.utc("2026-12-24T10:00:00Z"))
        #expect(rule.check([backwards, instant, noEnd], settings: ValidationSettings()).map(\.itemIndex) == [0])
    }

    @Test func zonesAreComparedAsInstants() {
        guard case .floating(let tenBerlin) = RuleFixture.utc("2026-12-24T10:00:00"),
              case .floating(let nineUTCLocal) = RuleFixture.utc("2026-12-24T09:30:00") else {
            Issue.record("fixture")
            return
        }
        // 10:00 in Berlin is 09:00 UTC, so an end at 09:30 UTC is after it.
        let item = RuleFixture.event(start: .zoned(tenBerlin, timeZone: "Europe/Berlin"), end: .utc(nineUTCLocal))
        #expect(rule.check([item], settings: ValidationSettings()).isEmpty)
        let backwards = RuleFixture.event(start: .utc(tenBerlin), end: .zoned(nineUTCLocal, timeZone: "America/New_York"))
        #expect(rule.check([backwards], settings: ValidationSettings()).isEmpty, "09:30 in New York is 14:30 UTC")
        let reallyBackwards = RuleFixture.event(start: .zoned(tenBerlin, timeZone: "America/New_York"), end: .utc(tenBerlin))
        #expect(rule.check([reallyBackwards], settings: ValidationSettings()).count == 1)
    }

    @Test func allDayEventsNeedAtLeastOneDay() {
        let none = RuleFixture.event(start: RuleFixture.day(2026, 12, 24), end: RuleFixture.day(2026, 12, 24))
        let one = RuleFixture.event(start: RuleFixture.day(2026, 12, 24), end: RuleFixture.day(2026, 12, 25))
        #expect(rule.check([none, one], settings: ValidationSettings()).map(\.itemIndex) == [0])
    }

    @Test func theMessageSaysBeforeOnlyWhenTheEndIsBefore() {
        let same = RuleFixture.event(start: RuleFixture.day(2019, 1, 1), end: RuleFixture.day(2019, 1, 1))
        let before = RuleFixture.event(start: RuleFixture.day(2019, 1, 2), end: RuleFixture.day(2019, 1, 1))
        let messages = rule.check([same, before], settings: ValidationSettings()).map(\.message)
        #expect(messages == [
            "it ends on the day it starts (2019-01-01); an all-day event's end is exclusive, so a one-day event ends the next day (2019-01-02)",
            "it ends (2019-01-01) before it starts (2019-01-02)",
        ])
    }
}
