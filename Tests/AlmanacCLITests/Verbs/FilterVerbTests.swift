import Testing
import AlmanacCore
@testable import AlmanacCLI

@Suite struct FilterVerbTests {
    let items = [
        VerbRun.recipe("bread", "Banana Bread", favorite: true, collections: ["Baking"], tags: ["Sweet"]),
        VerbRun.recipe("soup", "Tomato Soup", collections: ["Weeknight"]),
        VerbRun.event("party", "Maya's Birthday", start: "2026-12-24T17:00:00Z", categories: ["sweet"], tasks: [EventTask(id: "t", text: "Cups")]),
        VerbRun.event("old", "Old Event", start: "2026-01-01T10:00:00Z", tasks: [EventTask(id: "u", text: "Done", isCompleted: true)]),
        VerbRun.event("later", "Camping", start: "2027-01-10"),
        VerbRun.event("far", "Far Away", start: "2027-06-01T10:00:00Z"),
    ]

    func ids(_ arguments: [String]) throws -> [String] {
        try VerbRun.apply(FilterVerb(), arguments, to: items).map(\.id)
    }

    @Test func byKind() throws {
        #expect(try ids(["--kind", "recipe"]) == ["bread", "soup"])
    }

    @Test func byPeriodRelativeToToday() throws {
        #expect(try ids(["--period", "past", "--today", "2026-12-20"]) == ["old"])
        #expect(try ids(["--period", "next-7-days", "--today", "2026-12-20"]) == ["party"])
        #expect(try ids(["--period", "next-30-days", "--today", "2026-12-20"]) == ["later"])
        #expect(try ids(["--period", "future", "--today", "2026-12-20"]) == ["far"])
    }

    @Test func byCollectionFavoriteTagIncompleteTitleAndID() throws {
        #expect(try ids(["--collection", "Weeknight"]) == ["soup"])
        #expect(try ids(["--favorite"]) == ["bread"])
        #expect(try ids(["--tag", "SWEET"]) == ["bread", "party"])
        #expect(try ids(["--incomplete"]) == ["party"])
        #expect(try ids(["--title", "bread"]) == ["bread"])
        #expect(try ids(["--id", "far"]) == ["far"])
    }

    @Test func optionsCombineWithAnd() throws {
        #expect(try ids(["--tag", "sweet", "--kind", "event"]) == ["party"])
        #expect(try ids(["--favorite", "--collection", "Weeknight"]).isEmpty)
    }

    @Test func badValuesAreUsageErrors() {
        #expect(throws: UsageError.self) { try VerbRun.step(FilterVerb(), ["--period", "soon"]) }
        #expect(throws: UsageError.self) { try VerbRun.step(FilterVerb(), ["--kind", "todo"]) }
        #expect(throws: UsageError.self) { try VerbRun.step(FilterVerb(), ["--period", "past", "--today", "tomorrow"]) }
    }

    @Test func recurringEventsByTheirNextOccurrence() throws {
        let standup = Item.event(Event(id: "standup", title: "Weekly standup", start: ISO8601Text.parseCalendarTime(Array("2025-01-06T09:00:00Z".utf8)), recurrence: "FREQ=WEEKLY;BYDAY=MO"))
        let ended = Item.event(Event(id: "ended", title: "Ended", start: ISO8601Text.parseCalendarTime(Array("2025-01-06T09:00:00Z".utf8)), recurrence: "FREQ=WEEKLY;COUNT=3"))
        #expect(try VerbRun.apply(FilterVerb(), ["--period", "next-7-days", "--today", "2026-12-01"], to: [standup, ended]).map(\.id) == ["standup"])
        #expect(try VerbRun.apply(FilterVerb(), ["--period", "past", "--today", "2026-12-01"], to: [standup, ended]).map(\.id) == ["ended"])
        let later = VerbRun.event("later", "Later", start: "2026-12-03T10:00:00Z")
        #expect(try VerbRun.apply(SortVerb(), ["--by", "date", "--today", "2026-12-01"], to: [standup, later]).map(\.id) == ["later", "standup"])
        #expect(try VerbRun.apply(SortVerb(), ["--by", "date", "--today", "2026-12-02"], to: [later, standup]).map(\.id) == ["later", "standup"])
        #expect(try VerbRun.apply(SortVerb(), ["--by", "date", "--today", "2026-12-04"], to: [later, standup]).map(\.id) == ["later", "standup"])
    }
}

