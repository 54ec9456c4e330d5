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

    /// Each task whose id an earlier task has is named once, in the checklist's order,
    /// in a short checklist (compared pair by pair) and in a long one (hashed) alike.
    @Test(arguments: [3, 40])
    func everyRepeatedTaskIDIsNamedInOrder(copies: Int) {
        var tasks = (0..<copies).map { EventTask(id: "t\($0)", text: "task \($0)") }
        tasks.insert(EventTask(id: "t1", text: "again"), at: 2)
        tasks.append(EventTask(id: "t0", text: "last"))
        tasks.append(EventTask(id: "t1", text: "third"))
        let findings = UniqueIDsRule().check([RuleFixture.event(tasks: tasks)], settings: ValidationSettings())
        #expect(findings.map(\.message) == ["two tasks have the id t1", "two tasks have the id t0", "two tasks have the id t1"])
        #expect(findings.allSatisfy { $0.itemIndex == 0 })
    }
}

@Suite struct UniqueIDsOfOccurrencesTests {
    @Test func changedOccurrencesOfASeriesAreNotDuplicates() {
        let start = RuleFixture.utc("2026-12-01T10:00:00Z")
        let series = LocatedItem(.event(Event(id: "s", title: "Weekly", start: start, recurrence: "FREQ=WEEKLY")))
        let moved = LocatedItem(.event(Event(id: "s", title: "Weekly (moved)", start: RuleFixture.utc("2026-12-08T11:00:00Z"), recurrenceID: RuleFixture.utc("2026-12-08T10:00:00Z"))))
        let movedAgain = moved
        let findings = UniqueIDsRule().check([series, moved, movedAgain], settings: ValidationSettings())
        #expect(findings.map(\.itemIndex) == [2], "only the second copy of the same occurrence")
    }
}
