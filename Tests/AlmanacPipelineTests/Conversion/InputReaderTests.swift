import Testing
import Almanac

/// ``InputReader``: inputs of any format merged into one state, with origins.
@Suite struct InputReaderTests {
    @Test func readsSamplesOfTwoFormatsWithTheirOrigins() throws {
        let events = try Fixture.sample("events.ics")
        let recipes = try Fixture.sample("recipes.md")
        let state = try InputReader().read([events, recipes])
        #expect(state.items.contains { $0.item.kind == .event } && state.items.contains { $0.item.kind == .recipe })
        #expect(Set(state.items.map(\.source)) == [events.name, recipes.name])
        #expect(state.items.allSatisfy { $0.position != nil })
        #expect(state.recipeBook.map(\.id) == state.items.compactMap { $0.item.kind == .recipe ? $0.item.id : nil })
        let fromJSON = try InputReader().read([try Fixture.sample("events.json")])
        #expect(state.items.filter { $0.item.kind == .event }.map(\.item.title) == fromJSON.items.map(\.item.title))
    }

    @Test func theItemLimitIsADataErrorNamingItsOption() throws {
        var limits = InputLimits()
        limits.maximumItems = 2
        let input = try Fixture.sample("events.json")
        let error = try #require(throws: AlmanacError.self) { try InputReader(limits: limits).read([input]) }
        #expect(error.status == .dataError)
        #expect(error.diagnostics.map(\.rendered) == ["\(input.name): error: the input brings the items to more than 2, the limit; raise it with --max-items"])
    }
}
