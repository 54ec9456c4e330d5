import Testing
import AlmanacCore

@Suite struct UniqueIDsRuleTests {
    @Test func theSecondItemWithAnIDIsFlagged() {
        let items = [RuleFixture.event("x", title: "First"), RuleFixture.recipe("y"), RuleFixture.event("x", title: "Second"), RuleFixture.recipe("x")]
        let findings = UniqueIDsRule().check(items, settings: ValidationSettings())
        #expect(findings.map(\.itemIndex) == [2, 3])
        #expect(findings[0].message == "the id x is already used by event 'First'")
    }

    @Test func taskIDsAreUniqueWithinAnEvent() {
        let tasks = [EventTask(id: "t", text: "a"), EventTask(id: "t", text: "b")]
        #expect(UniqueIDsRule().check([RuleFixture.event(tasks: tasks)], settings: ValidationSettings()).count == 1)
    }
}
