import Testing
import AlmanacTestSupport

/// `--help`, `help`, `--version` and `formats` through the built binary.
@Suite struct HelpTests {
    @Test func topLevelHelpListsTheSubcommands() throws {
        let result = try CLI.run(["--help"])
        #expect(result.status == 0)
        #expect(result.stdoutText.hasPrefix("OVERVIEW: "))
        for name in ["convert", "formats", "help"] {
            #expect(result.stdoutText.contains("\n  \(name) "), "lists \(name)")
        }
    }

    @Test func helpConvertEqualsConvertHelp() throws {
        let viaHelp = try CLI.run(["help", "convert"])
        let viaFlag = try CLI.run(["convert", "--help"])
        #expect(viaHelp.status == 0 && viaFlag.status == 0)
        #expect(viaHelp.stdout == viaFlag.stdout)
        #expect(viaHelp.stdoutText.contains("USAGE: almanac convert"))
        #expect(viaHelp.stdoutText.contains("-o, --output <file>"))
        #expect(viaHelp.stdoutText.contains("EXIT STATUS"))
    }

    @Test func versionPrintsOneLine() throws {
        let result = try CLI.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdoutText.split(separator: "\n").count == 1)
        #expect(result.stdoutText.first?.isNumber == true)
    }

    @Test func noSubcommandIsAUsageError() throws {
        let result = try CLI.run([])
        #expect(result.status == 64)
        #expect(result.stderrText.hasSuffix("  See 'almanac --help' for more information.\n"))
    }

    @Test func unknownSubcommandIsAUsageError() throws {
        let result = try CLI.run(["convrt"])
        #expect(result.status == 64)
        #expect(result.stderrText.hasPrefix("almanac: error: unknown subcommand 'convrt'"))
    }

    @Test func helpForUnknownSubcommandIsAUsageError() throws {
        let result = try CLI.run(["help", "nope"])
        #expect(result.status == 64)
    }

    @Test func formatsListsEveryRegisteredCodec() throws {
        let result = try CLI.run(["formats"])
        #expect(result.status == 0)
        let rows = result.stdoutText.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        #expect(rows.first?.prefix(6) == ["NAME", "ALIASES", "EXTENSIONS", "READS", "WRITES", "KINDS"])
        let json = try #require(rows.first { $0.first == "json" })
        #expect(json[1...5] == ["-", ".json", "yes", "yes", "recipes,events"])
        let ndjson = try #require(rows.first { $0.first == "ndjson" })
        #expect(ndjson[1...5] == ["jsonl", ".ndjson,.jsonl", "yes", "yes", "recipes,events"])
    }
}
