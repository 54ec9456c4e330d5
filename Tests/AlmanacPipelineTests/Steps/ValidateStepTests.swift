import Testing
import Almanac

/// ``ValidateStep``: errors stop the pipeline with every finding; warnings are kept.
@Suite struct ValidateStepTests {
    @Test func errorsStopWithTheFindingsAndWarningsPass() throws {
        var state = PipelineState(items: [LocatedItem(Fixture.event("e", tasks: [EventTask(id: "t", text: "")]), source: "in.json")])
        try ValidateStep().apply(to: &state)
        #expect(state.warnings.map(\.code) == ["title-required"])
        var bad = PipelineState(items: [LocatedItem(.event(Event(id: "x", title: " ")), source: "in.json")])
        let error = try #require(throws: AlmanacError.self) { try Pipeline([ValidateStep(), HeadStep(count: 0)]).run(&bad) }
        #expect(error.status == .validationFailed)
        #expect(error.message == "validate: 1 error; nothing was written")
        #expect(error.diagnostics.map(\.code) == ["title-required"])
        #expect(bad.items.count == 1, "the steps after it did not run")
        var settings = ValidationSettings()
        settings.disabled = ["title-required"]
        try ValidateStep(Validator(settings: settings)).apply(to: &bad)
    }
}
