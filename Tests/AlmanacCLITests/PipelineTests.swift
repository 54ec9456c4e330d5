import Foundation
import Testing
import AlmanacTestSupport
@testable import AlmanacCLI

/// `convert … then VERB …` through the binary.
@Suite struct PipelineTests {
    /// The titles of the events an NDJSON output holds, in order.
    private func titles(_ result: ProcessRunner.Result) -> [String] {
        result.stdoutText.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: "\"title\":\"") else { return nil }
            return String(line[range.upperBound...].prefix { $0 != "\"" })
        }
    }

    @Test func aChainOfFourVerbsGivesTheExpectedItemsInOrder() throws {
        let chain = ["then", "filter", "--kind", "event", "then", "remove-completed", "then", "sort", "--by", "title", "--reverse", "then", "head", "-n", "3"]
        let viaNDJSON = try CLI.run(["convert", "Samples/events.json", "Samples/recipes.json", "-t", "ndjson"] + chain)
        #expect(viaNDJSON.status == 0, "\(viaNDJSON.stderrText)")
        let expected = try CLI.run(["convert", "Samples/events.json", "-t", "ndjson", "then", "sort", "--by", "title"]).stdoutText
            .split(separator: "\n").reversed().prefix(3).map { line -> String in
                let range = line.range(of: "\"title\":\"")!
                return String(line[range.upperBound...].prefix { $0 != "\"" })
            }
        #expect(titles(viaNDJSON) == expected)
        #expect(!viaNDJSON.stdoutText.contains("\"isCompleted\":true"))
        // Whichever output format: the same items in the same order.
        let viaJSON = try CLI.run(["convert", "Samples/events.json", "Samples/recipes.json", "-t", "json"] + chain)
        #expect(viaJSON.status == 0)
        let back = try ProcessRunner.almanac(["convert", "-f", "json", "-t", "ndjson"], stdin: viaJSON.stdout)
        #expect(back.stdout == viaNDJSON.stdout)
    }

    @Test(arguments: ["xml", "ics", "jcal", "xcal"])
    func theChainGivesTheSameItemsInTheSameOrderInOtherFormats(format: String) throws {
        let chain = ["then", "filter", "--kind", "event", "then", "remove-completed", "then", "sort", "--by", "title", "--reverse", "then", "head", "-n", "3"]
        let expected = try CLI.run(["convert", "Samples/events.json", "Samples/recipes.json", "-t", "ndjson"] + chain)
        let written = try CLI.run(["convert", "Samples/events.json", "Samples/recipes.json", "-t", format] + chain)
        #expect(written.status == 0, "\(written.stderrText)")
        let back = try ProcessRunner.almanac(["convert", "-f", format, "-t", "ndjson"], stdin: written.stdout)
        #expect(back.status == 0, "\(back.stderrText)")
        #expect(titles(back) == titles(expected))
        #expect(titles(back).count == 3)
    }

    @Test func filterByPeriodThenHead() throws {
        let result = try CLI.run(["convert", "Samples/events.json", "-t", "ndjson", "then", "filter", "--period", "future", "--today", "2020-01-01", "then", "sort", "--by", "date", "then", "head", "-n", "1"])
        #expect(result.status == 0)
        let all = try CLI.run(["convert", "Samples/events.json", "-t", "ndjson", "then", "sort", "--by", "date"])
        #expect(titles(result) == Array(titles(all).prefix(1)))
    }

    @Test func unknownVerbIsAUsageErrorListingTheVerbs() throws {
        let result = try #require(try CLI.runWithSilentStdin(["convert", "-f", "json", "-t", "json", "then", "shuffle"]))
        #expect(result.status == 64)
        #expect(result.stderrText.contains("almanac: error: unknown verb 'shuffle'; the verbs are sort, filter, head"))
    }

    @Test func badVerbArgumentsAreCheckedBeforeStandardInputIsRead() throws {
        let result = try #require(try CLI.runWithSilentStdin(["convert", "-f", "json", "-t", "json", "then", "head", "-n", "many"]))
        #expect(result.status == 64)
        #expect(result.stderrText.hasPrefix("almanac: error: head: -n must be a whole number"))
    }

    @Test func convertsOwnOptionAfterThenIsAnErrorWithAHint() throws {
        let result = try CLI.run(["convert", "Samples/events.json", "then", "head", "-n", "1", "-t", "md"])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrText == """
            almanac: error: unknown option '-t' for verb 'head'
            hint: convert's own options go before the first 'then'
            Usage: \(ConvertCommand().usage)
              See 'almanac convert --help' for more information.

            """)
        let rule = try CLI.run(["convert", "Samples/events.json", "-t", "md", "then", "sort", "--by", "date", "--disable", "date-range"])
        #expect(rule.stderrText.hasPrefix("almanac: error: unknown option '--disable' for verb 'sort'\nhint: convert's own options go before the first 'then'\n"))
        let nobodys = try CLI.run(["convert", "Samples/events.json", "-t", "md", "then", "head", "--shuffle"])
        #expect(nobodys.stderrText.hasPrefix("almanac: error: unknown option '--shuffle' for verb 'head'\nUsage: "), "no hint for an option of no one's")
    }

    @Test func anInputAfterThenIsAnErrorWithAHint() throws {
        let result = try CLI.run(["convert", "-t", "md", "then", "head", "-n", "1", "Samples/events.json"])
        #expect(result.status == 64)
        #expect(result.stderrText.hasPrefix("almanac: error: head: unexpected argument 'Samples/events.json'\nhint: inputs and convert's own options go before the first 'then'\nUsage: "))
    }

    @Test func verbHelpAndHelpVerbAgree() throws {
        let viaFlag = try CLI.run(["convert", "then", "sort", "--help"])
        let viaHelp = try CLI.run(["help", "sort"])
        #expect(viaFlag.status == 0 && viaHelp.status == 0)
        #expect(viaFlag.stdout == viaHelp.stdout)
        #expect(viaHelp.stdoutText.contains("--by <key>"))
        let verbs = try CLI.run(["verbs"])
        for name in ["sort", "filter", "head", "tail", "dedupe", "remove-completed", "favorite", "collect", "validate", "group"] {
            #expect(verbs.stdoutText.contains("  \(name) "), "lists \(name)")
        }
    }

    @Test func externalVerbsRunFromPath() throws {
        let scratch = try ScratchFolder()
        let reverse = try scratch.write("almanac-reverse", "#!/bin/sh\ntac\n")
        let failing = try scratch.write("almanac-explode", "#!/bin/sh\necho 'boom: no fuse' >&2\nexit 3\n")
        for path in [reverse, failing] { try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path) }
        let path = "\(scratch.url.path):\(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")"
        let environment = ["PATH": path]
        let forward = try ProcessRunner.run(TestPaths.almanacBinary, ["convert", "Samples/events.json", "-t", "ndjson"], directory: TestPaths.packageRoot, environment: environment)
        let reversed = try ProcessRunner.run(TestPaths.almanacBinary, ["convert", "Samples/events.json", "-t", "ndjson", "then", "reverse"], directory: TestPaths.packageRoot, environment: environment)
        #expect(reversed.status == 0, "\(reversed.stderrText)")
        #expect(titles(reversed) == titles(forward).reversed())
        let output = scratch.path("out.json")
        let exploded = try ProcessRunner.run(TestPaths.almanacBinary, ["convert", "Samples/events.json", "-o", output, "then", "explode"], directory: TestPaths.packageRoot, environment: environment)
        #expect(exploded.status == 70)
        #expect(exploded.stderrText.contains("almanac-explode failed with status 3"))
        #expect(exploded.stderrText.contains("boom: no fuse"))
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func unixPipesKeepWorking() throws {
        let script = "'\(TestPaths.almanacBinary.path)' convert Samples/events.json -t ndjson | grep -v Camping | '\(TestPaths.almanacBinary.path)' convert -f ndjson -t json"
        let result = try ProcessRunner.run(URL(fileURLWithPath: "/bin/sh"), ["-c", script], directory: TestPaths.packageRoot)
        #expect(result.status == 0)
        #expect(result.stdoutText.hasPrefix("{\n  \"almanac\": 1,"))
        #expect(!result.stdoutText.contains("Camping"))
        #expect(result.stdoutText.contains("Maya's Birthday"))
    }
}
