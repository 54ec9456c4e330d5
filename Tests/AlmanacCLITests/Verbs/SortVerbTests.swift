import Testing
import AlmanacCore
@testable import AlmanacCLI

@Suite struct SortVerbTests {
    @Test func byDateIsSoonestFirstWithUndatedLast() throws {
        let items = [
            VerbRun.event("late", start: "2027-01-01T00:00:00Z"), VerbRun.event("none"),
            VerbRun.event("early", start: "2026-01-01"), VerbRun.event("mid", start: "2026-06-01T12:00:00Z"),
        ]
        #expect(try VerbRun.apply(SortVerb(), ["--by", "date"], to: items).map(\.id) == ["early", "mid", "late", "none"])
        #expect(try VerbRun.apply(SortVerb(), ["--by", "date", "--reverse"], to: items).map(\.id) == ["late", "mid", "early", "none"])
    }

    @Test func byTitleIgnoresCaseAndIsStable() throws {
        let items = [VerbRun.event("1", "banana"), VerbRun.event("2", "Apple"), VerbRun.event("3", "apple"), VerbRun.event("4", "item 10"), VerbRun.event("5", "item 9")]
        #expect(try VerbRun.apply(SortVerb(), ["--by", "title"], to: items).map(\.id) == ["2", "3", "1", "5", "4"])
    }

    @Test func byRatingIsHighestFirst() throws {
        let items = [VerbRun.recipe("a", rating: 3), VerbRun.recipe("b"), VerbRun.recipe("c", rating: 5), VerbRun.recipe("d", rating: 3)]
        #expect(try VerbRun.apply(SortVerb(), ["--by", "rating"], to: items).map(\.id) == ["c", "a", "d", "b"])
    }

    @Test func byPriorityIsOneFirstAndZeroMeansNone() throws {
        let items = [VerbRun.event("p9", priority: 9), VerbRun.event("p0", priority: 0), VerbRun.event("p1", priority: 1), VerbRun.event("p5", priority: 5)]
        #expect(try VerbRun.apply(SortVerb(), ["--by", "priority"], to: items).map(\.id) == ["p1", "p5", "p9", "p0"])
    }

    @Test func aMissingOrUnknownKeyIsAUsageError() {
        #expect(throws: UsageError.self) { try VerbRun.step(SortVerb(), []) }
        #expect(throws: UsageError.self) { try VerbRun.step(SortVerb(), ["--by", "colour"]) }
    }
}
