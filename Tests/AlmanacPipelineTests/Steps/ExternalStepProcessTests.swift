import Foundation
import Testing
import Almanac

/// ``ExternalStep``'s program as a child process: one that cannot be started, one that
/// does not read its input, one that a signal ends.
@Suite struct ExternalStepProcessTests {
    private func state(_ count: Int) -> PipelineState {
        PipelineState(items: (0..<count).map { LocatedItem(Fixture.event("e\($0)", String(repeating: "ü", count: 200))) })
    }

    @Test func aProgramThatCannotBeStartedStopsThePipeline() throws {
        let step = try #require(ExternalStep(name: "gone", program: "/no/such/almanac-gone"))
        var state = state(1)
        let error = try #require(throws: AlmanacError.self) { try step.apply(to: &state) }
        #expect(error.status == .externalVerbFailed)
        #expect(error.message == "cannot run the external verb /no/such/almanac-gone: No such file or directory")
    }

    /// Megabytes of items to a program that reads none of them: no SIGPIPE, no hang.
    @Test func aProgramThatReadsNothingGivesNoItems() throws {
        let step = try #require(ExternalStep(name: "true", program: "/bin/true"))
        var state = state(5_000)
        try step.apply(to: &state)
        #expect(state.items.isEmpty)
    }

    @Test func aSignalIsTheStatus() throws {
        let step = try #require(ExternalStep(name: "sh", program: "/bin/sh", arguments: ["-c", "echo dying >&2; kill -KILL $$"]))
        var state = state(1)
        let error = try #require(throws: AlmanacError.self) { try step.apply(to: &state) }
        #expect(error.message == "the external verb almanac-sh failed with status 9:\ndying")
    }
}
