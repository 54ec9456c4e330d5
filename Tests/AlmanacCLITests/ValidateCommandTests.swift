import Foundation
import Testing
import AlmanacTestSupport

/// `almanac validate`, `almanac rules` and validation inside `convert`, through the binary.
@Suite struct ValidateCommandTests {
    static let broken = """
        {"almanac": 1, "events": [
          {"id": "ok", "title": "Fine", "start": "2026-12-24T10:00:00Z"},
          {"id": "blank", "title": " ", "start": "2026-12-24T10:00:00Z"},
          {"id": "back", "title": "Backwards", "start": "2026-12-24T10:00:00Z", "end": "2026-12-24T09:00:00Z"}
        ]}

        """

    @Test func blankTitleAndEndBeforeStartAreReportedWithRuleIDs() throws {
        let scratch = try ScratchFolder()
        let path = try scratch.write("broken.json", Self.broken)
        let result = try CLI.run(["validate", path])
        #expect(result.status == 1)
        let lines = result.stderrText.split(separator: "\n").map(String.init)
        #expect(lines == [
            "\(path):3:3: error: event blank: the title is blank [title-required]",
            "\(path):4:3: error: event 'Backwards': it ends (2026-12-24T09:00:00Z) before it starts (2026-12-24T10:00:00Z) [end-after-start]",
        ])
    }

    @Test func convertOfTheSameDocumentWritesNothing() throws {
        let scratch = try ScratchFolder()
        let path = try scratch.write("broken.json", Self.broken)
        let output = try scratch.write("out.json", "keep\n")
        let result = try CLI.run(["convert", path, "-o", output])
        #expect(result.status == 1)
        #expect(try CLI.fileBytes(output) == Array("keep\n".utf8))
        let stdout = try CLI.run(["convert", path, "-t", "json"])
        #expect(stdout.status == 1)
        #expect(stdout.stdout.isEmpty)
        let anyway = try CLI.run(["convert", path, "-t", "json", "--no-validate"])
        #expect(anyway.status == 0)
        #expect(anyway.stderrText.isEmpty)
    }

    @Test func severityOptionsChangeTheExitStatus() throws {
        let scratch = try ScratchFolder()
        let path = try scratch.write("broken.json", Self.broken)
        let demoted = try CLI.run(["validate", path, "--warn", "title-required", "--disable", "end-after-start"])
        #expect(demoted.status == 0)
        #expect(demoted.stderrText.contains("warning: event blank: the title is blank [title-required]"))
        let unknown = try CLI.run(["validate", path, "--disable", "no-such-rule"])
        #expect(unknown.status == 64)
        #expect(unknown.stderrText.contains("the rules are title-required, date-range"))
    }

    @Test func withinNarrowsTheDateRange() throws {
        let sample = TestPaths.sample("events.json").path
        #expect(try CLI.run(["validate", sample]).status == 0)
        let narrow = try CLI.run(["validate", sample, "--within", "1y", "--today", "2030-01-01"])
        #expect(narrow.status == 1)
        #expect(narrow.stderrText.contains("[date-range]"))
        #expect(narrow.stderrText.contains("is outside 2029-01-01 to 2031-01-01"))
        #expect(try CLI.run(["validate", sample, "--within", "1y", "--today", "2026-12-01"]).status == 0)
        #expect(try CLI.run(["validate", sample, "--within", "soon"]).status == 64)
    }

    @Test func jsonDiagnosticsForMachines() throws {
        let scratch = try ScratchFolder()
        let path = try scratch.write("broken.json", Self.broken)
        let result = try CLI.run(["validate", path, "--diagnostics", "json"])
        #expect(result.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
        #expect(object["errors"] as? Int == 2)
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.map { $0["rule"] as? String } == ["title-required", "end-after-start"])
        #expect(diagnostics.map { $0["line"] as? Int } == [3, 4])
        #expect((diagnostics[1]["item"] as? [String: Any])?["title"] as? String == "Backwards")
    }

    @Test func rulesListsEveryRule() throws {
        let result = try CLI.run(["rules"])
        #expect(result.status == 0)
        let ids = result.stdoutText.split(separator: "\n").map { String($0.prefix { $0 != " " }) }
        #expect(ids == ["title-required", "date-range", "end-after-start", "rating-range", "durations-non-negative", "unique-ids", "modified-after-added", "color-range"])
    }

    @Test func validateVerbStopsThePipeline() throws {
        let scratch = try ScratchFolder()
        let path = try scratch.write("broken.json", Self.broken)
        let stopped = try CLI.run(["convert", path, "-t", "json", "--no-validate", "then", "validate"])
        #expect(stopped.status == 1)
        #expect(stopped.stdout.isEmpty)
        let filtered = try CLI.run(["convert", path, "-t", "json", "--no-validate", "then", "filter", "--id", "ok", "then", "validate"])
        #expect(filtered.status == 0)
    }
}
