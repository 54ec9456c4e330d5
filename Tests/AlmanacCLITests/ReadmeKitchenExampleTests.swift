import Foundation
import Testing
import AlmanacTestSupport

/// The README's "A week's cooking, end to end" commands, run as written by `/bin/sh` in the
/// package folder with the built `almanac` first on `PATH`; what each writes is checked.
@Suite struct ReadmeKitchenExampleTests {
    /// The shell lines of the section's `sh` block.
    static func commands() throws -> [String] {
        let readme = try String(contentsOf: TestPaths.inPackage("README.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "### A week's cooking, end to end\n"))
        let fence = try #require(readme[section.upperBound...].range(of: "```sh\n"))
        let block = readme[fence.upperBound...]
        let end = try #require(block.range(of: "\n```"))
        return block[..<end.lowerBound].split(separator: "\n").map(String.init)
    }

    /// Runs `line` in a scratch copy of the samples; returns the result and the folder.
    static func run(_ line: String, in scratch: ScratchFolder) throws -> ProcessRunner.Result {
        let samples = scratch.path("Samples")
        if !FileManager.default.fileExists(atPath: samples) {
            try FileManager.default.copyItem(at: TestPaths.inPackage("Samples"), to: URL(fileURLWithPath: samples))
        }
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = TestPaths.almanacBinary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        return try ProcessRunner.run(URL(fileURLWithPath: "/bin/sh"), ["-c", line], directory: scratch.url, environment: environment)
    }

    @Test func theReadmeShowsThreeCommands() throws {
        let lines = try Self.commands()
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { $0.hasPrefix("almanac convert ") })
    }

    @Test func theAgendaHoldsTheMealAndItsChecklist() throws {
        let scratch = try ScratchFolder()
        let result = try Self.run(try Self.commands()[0], in: scratch)
        #expect(result.status == 0, "\(result.stderrText)")
        let text = result.stdoutText
        #expect(text.contains("### Camp Chili"))
        #expect(text.contains("**When:** Mon 2026-12-07 18:30 – 19:45"))
        #expect(text.contains("- [ ] 1 lb ground beef (Camp Chili)"))
        #expect(text.contains("- [ ] 1 1/2 tsp ground cumin (Camp Chili)"))
        #expect(!text.contains("Apple Galette"), "only the meal's recipe is shopped for")
    }

    @Test func theCalendarHoldsTheAlarmAndTheScaledList() throws {
        let scratch = try ScratchFolder()
        let result = try Self.run(try Self.commands()[1], in: scratch)
        #expect(result.status == 0, "\(result.stderrText)")
        let calendar = try String(contentsOfFile: scratch.path("week.ics"), encoding: .utf8)
        let lines = calendar.components(separatedBy: "\r\n")
        #expect(lines.filter { $0 == "BEGIN:VEVENT" }.count == 2)
        #expect(lines.contains("TRIGGER;RELATED=START:-PT1H15M"))
        #expect(lines.contains("SUMMARY:1 1/3 lb ground beef (Camp Chili)"), "6 servings scaled to 8")
        let todos = lines.filter { $0 == "BEGIN:VTODO" }.count
        #expect(todos == 7)
        #expect(lines.filter { $0.hasPrefix("RELATED-TO;RELTYPE=PARENT:") }.count == todos)
    }

    @Test func theSampleWeekHasAnAlarmForEveryTimedMeal() throws {
        let scratch = try ScratchFolder()
        let result = try Self.run(try Self.commands()[2], in: scratch)
        #expect(result.status == 0, "\(result.stderrText)")
        let calendar = try String(contentsOfFile: scratch.path("meal-plan.ics"), encoding: .utf8)
        #expect(calendar.components(separatedBy: "BEGIN:VALARM").count - 1 == 5)
        #expect(calendar.contains("DESCRIPTION:Start cooking: "))
    }
}
