import Testing
import Almanac

/// ``HeadStep``: the first N items.
@Suite struct HeadStepTests {
    @Test func keepsTheFirstItems() throws {
        let items = (1...12).map { Fixture.event("e\($0)") }
        #expect(try Fixture.ids(items, HeadStep(count: 2)) == ["e1", "e2"])
        #expect(try Fixture.ids(items, HeadStep()).count == 10)
        #expect(try Fixture.ids(items, HeadStep(count: 0)).isEmpty)
        #expect(try Fixture.ids(items, HeadStep(count: 99)).count == 12)
    }
}
