import Foundation
import Testing
import Almanac

/// ``ExternalStep``: items out to a program as NDJSON and back.
@Suite struct ExternalStepTests {
    @Test func itemsGoThroughTheProgramAndBack() throws {
        let step = try #require(ExternalStep(name: "cat", program: "/bin/cat"))
        var state = PipelineState(items: [Fixture.event("e", "Ünïcode"), Fixture.recipe("r")].map { LocatedItem($0, source: "in.json") })
        try step.apply(to: &state)
        #expect(state.items.map(\.item.title) == ["Ünïcode", "r"])
        #expect(state.items.allSatisfy { $0.source == "almanac-cat" })
    }

    @Test func aFailingProgramStopsThePipelineWithStatus70() throws {
        let step = try #require(ExternalStep(name: "false", program: "/bin/false"))
        var state = PipelineState(items: [LocatedItem(Fixture.event("e"))])
        let error = try #require(throws: AlmanacError.self) { try step.apply(to: &state) }
        #expect(error.status == .externalVerbFailed)
        #expect(error.message == "the external verb almanac-false failed with status 1")
        #expect(state.items.map(\.item.id) == ["e"], "the items stay as they were")
    }

    @Test func aRegistryWithoutNDJSONGivesNoStep() {
        #expect(ExternalStep(name: "cat", program: "/bin/cat", registry: FormatRegistry([])) == nil)
    }
}
