import Testing
import Almanac

/// ``TailStep``: the last N items.
@Suite struct TailStepTests {
    @Test func keepsTheLastItems() throws {
        let items = (1...12).map { Fixture.event("e\($0)") }
        #expect(try Fixture.ids(items, TailStep(count: 2)) == ["e11", "e12"])
        #expect(try Fixture.ids(items, TailStep()).first == "e3")
        #expect(try Fixture.ids(items, TailStep(count: -3)).isEmpty)
    }
}
