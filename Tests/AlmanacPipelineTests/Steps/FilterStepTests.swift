import Testing
import Almanac

/// ``FilterStep``: every test has to pass; each test keeps only the kinds it is about.
@Suite struct FilterStepTests {
    let items = [
        Fixture.recipe("galette", "Apple Galette", favorite: true, collections: ["Desserts"], tags: ["Baking"]),
        Fixture.recipe("soup", "Tomato Soup", tags: ["soup"]),
        Fixture.event("bake-sale", "Bake Sale", start: "2026-12-03T10:00:00Z", categories: ["baking"], tasks: [EventTask(id: "t", text: "Flour")]),
        Fixture.event("done", "Done", start: "2026-11-03T10:00:00Z", tasks: [EventTask(id: "u", text: "Milk", isCompleted: true)]),
    ]

    @Test func eachTest() throws {
        #expect(try Fixture.ids(items, FilterStep(.kind(.event))) == ["bake-sale", "done"])
        #expect(try Fixture.ids(items, FilterStep(.tag("BAKING"))) == ["galette", "bake-sale"])
        #expect(try Fixture.ids(items, FilterStep(.favorite)) == ["galette"])
        #expect(try Fixture.ids(items, FilterStep(.collection("Desserts"))) == ["galette"])
        #expect(try Fixture.ids(items, FilterStep(.incomplete)) == ["bake-sale"])
        #expect(try Fixture.ids(items, FilterStep(.title("soup"))) == ["soup"])
        #expect(try Fixture.ids(items, FilterStep(.id("done"))) == ["done"])
        #expect(try Fixture.ids(items, FilterStep(.matching { $0.title.count > 10 })) == ["galette", "soup"])
    }

    @Test func testsAreAllRequired() throws {
        #expect(try Fixture.ids(items, FilterStep(.tag("baking"), .kind(.recipe))) == ["galette"])
        #expect(try Fixture.ids(items, FilterStep()) == items.map(\.id))
    }

    @Test func periodsAreCountedFromTheReference() throws {
        let reference = PeriodReference(today: Fixture.day("2026-12-01"))
        #expect(try Fixture.ids(items, FilterStep(.period(.nextSevenDays, from: reference))) == ["bake-sale"])
        #expect(try Fixture.ids(items, FilterStep(.period(.past, from: reference))) == ["done"])
    }
}
