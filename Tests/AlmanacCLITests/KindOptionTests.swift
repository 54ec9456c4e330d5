import Foundation
import Testing
import AlmanacTestSupport

/// Pipes on real data: items as `jq` prints them, without `kind` (`jq -c '.events[]'` as
/// NDJSON, `jq '.recipes'` as a bare JSON array), and `--kind` for the items whose fields do
/// not tell. The inputs are made here by re-encoding the samples with Foundation, as jq would
/// print them (keys sorted, to show that their order does not matter).
@Suite struct KindOptionTests {
    /// The sample's `key` array, each element re-encoded on its own.
    private func elements(_ sample: String, _ key: String) throws -> [[UInt8]] {
        let data = try Data(contentsOf: TestPaths.sample(sample))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let items = try #require(document[key] as? [Any])
        return try items.map { Array(try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys, .withoutEscapingSlashes])) }
    }

    /// `jq -c '.KEY[]' SAMPLE`: one item a line, no `kind`.
    private func lines(_ sample: String, _ key: String) throws -> [UInt8] {
        try elements(sample, key).flatMap { $0 + [UInt8(ascii: "\n")] }
    }

    /// `jq '.KEY' SAMPLE`: a bare array of the items.
    private func array(_ sample: String, _ key: String) throws -> [UInt8] {
        let items = try elements(sample, key)
        return Array("[\n".utf8) + items.joined(separator: Array(",\n".utf8)) + Array("\n]\n".utf8)
    }

    @Test func eventLinesWithoutKindConvertToTheSameCalendar() throws {
        let input = try lines("events.json", "events")
        #expect(!String(decoding: input, as: UTF8.self).contains("\"kind\""))
        let stamp = ["--dtstamp", "2026-01-01T00:00:00Z"]
        let piped = try ProcessRunner.almanac(["convert", "-f", "ndjson", "-t", "ics"] + stamp, stdin: input)
        #expect(piped.status == 0, "\(piped.stderrText)")
        let direct = try CLI.run(["convert", "Samples/events.json", "-t", "ics"] + stamp)
        #expect(piped.stdoutText == direct.stdoutText)
        #expect(piped.stdoutText.components(separatedBy: "BEGIN:VEVENT").count - 1 == 6)
        #expect(piped.stdoutText.components(separatedBy: "BEGIN:VTODO").count - 1 == 14)
        let asJSON = try ProcessRunner.almanac(["convert", "-f", "ndjson", "-t", "json"], stdin: input)
        #expect(asJSON.stdout == (try CLI.fileBytes(TestPaths.sample("events.json").path)), "the same events and tasks as the sample")
    }

    @Test func aRecipeArrayConvertsToTheSameMarkdown() throws {
        let input = try array("recipes.json", "recipes")
        let piped = try ProcessRunner.almanac(["convert", "-f", "json", "-t", "md"], stdin: input)
        #expect(piped.status == 0, "\(piped.stderrText)")
        let direct = try CLI.run(["convert", "Samples/recipes.json", "-t", "md"])
        #expect(piped.stdoutText == direct.stdoutText)
        #expect(piped.stdoutText.components(separatedBy: "\n# ").count == 6, "six recipes")
        let asJSON = try ProcessRunner.almanac(["convert", "-f", "json", "-t", "json"], stdin: input)
        #expect(asJSON.stdout == (try CLI.fileBytes(TestPaths.sample("recipes.json").path)))
    }

    @Test func anEventArrayAndMixedLinesKeepTheirKinds() throws {
        let events = try ProcessRunner.almanac(["convert", "-f", "json", "-t", "json"], stdin: try array("events.json", "events"))
        #expect(events.stdout == (try CLI.fileBytes(TestPaths.sample("events.json").path)))
        let mixed = try lines("events.json", "events") + lines("recipes.json", "recipes")
        let both = try ProcessRunner.almanac(["convert", "-f", "ndjson", "-t", "json"], stdin: mixed)
        let direct = try CLI.run(["convert", "Samples/recipes.json", "Samples/events.json", "-t", "json"])
        #expect(both.status == 0, "\(both.stderrText)")
        #expect(both.stdoutText == direct.stdoutText)
    }

    @Test func anUndecidedLineIsMalformedInputNamingTheOption() throws {
        let input = "{\"title\": \"Party\", \"start\": \"2026-12-24\"}\n{\"title\": \"Call Mom\"}\n"
        let scratch = try ScratchFolder()
        let output = scratch.path("out.json")
        for arguments in [["convert", "-f", "ndjson", "-t", "json"], ["convert", "-f", "ndjson", "-t", "ndjson"], ["convert", "-f", "ndjson", "-o", output]] {
            let result = try CLI.run(arguments, stdin: input)
            #expect(result.status == 65, "\(arguments)")
            #expect(result.stderrText.hasPrefix("<stdin>:2:1: error: cannot tell whether the item on line 2 is a recipe or an event: it has no 'kind' and none of the fields that tell ("), "\(result.stderrText)")
            #expect(result.stderrText.contains(#"; add "kind", or give --kind event|recipe"#), "\(result.stderrText)")
        }
        #expect(!FileManager.default.fileExists(atPath: output))
        let path = try scratch.write("items.json", "[{\"title\": \"Call Mom\"}]")
        let whole = try CLI.run(["validate", path])
        #expect(whole.status == 65)
        #expect(whole.stderrText.hasPrefix("\(path):1:2: error: cannot tell whether item [0] is a recipe or an event"), "\(whole.stderrText)")
    }

    @Test func kindSettlesTheRestOnConvertAndValidate() throws {
        let input = "{\"title\": \"Party\", \"start\": \"2026-12-24\"}\n{\"title\": \"Call Mom\"}\n{\"kind\": \"recipe\", \"title\": \"Soup\"}\n"
        let asEvents = try CLI.run(["convert", "-f", "ndjson", "-t", "ndjson", "--kind", "event"], stdin: input)
        #expect(asEvents.status == 0, "\(asEvents.stderrText)")
        let kinds = asEvents.stdoutText.split(separator: "\n").map { $0.hasPrefix("{\"kind\":\"event\"") ? "event" : "recipe" }
        #expect(kinds == ["event", "event", "recipe"], "the second line takes --kind, the others say or tell")
        let asRecipes = try CLI.run(["convert", "-f", "ndjson", "-t", "json", "--kind", "recipe", "--compact"], stdin: input)
        #expect(asRecipes.stdoutText.contains(#""recipes":[{"id":"#) && asRecipes.stdoutText.contains(#""title":"Call Mom"}"#))
        #expect(asRecipes.stdoutText.contains(#""events":[{"id":"#), "Party's start makes it an event, whatever --kind says")
        let validated = try CLI.run(["validate", "-f", "ndjson", "--kind", "event"], stdin: input)
        #expect(validated.status == 0, "\(validated.stderrText)")
        let array = try CLI.run(["convert", "-f", "json", "-t", "ndjson", "--kind=recipe"], stdin: "[{\"title\": \"Call Mom\"}]")
        #expect(array.stdoutText.hasPrefix("{\"kind\":\"recipe\""), "\(array.stderrText)")
    }

    @Test func aBadKindIsAUsageError() throws {
        let result = try CLI.run(["convert", "-f", "ndjson", "-t", "json", "--kind", "note"])
        #expect(result.status == 64)
        #expect(result.stderrText.hasPrefix("almanac: error: the value of --kind must be event or recipe, not 'note'\nUsage: almanac convert"))
    }

    @Test func theDocsSayIt() throws {
        let readme = try String(contentsOf: TestPaths.inPackage("README.md"), encoding: .utf8)
        #expect(readme.contains("--kind event|recipe"))
        let formatReadme = try String(contentsOf: TestPaths.inPackage("Formats/JSON/README.md"), encoding: .utf8)
        #expect(formatReadme.contains("--kind"))
        let schema = try Data(contentsOf: TestPaths.inPackage("Formats/JSON/almanac.schema.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: schema) as? [String: Any])
        let item = try #require((object["$defs"] as? [String: Any])?["ndjsonItem"] as? [String: Any])
        let description = try #require(item["description"] as? String)
        #expect(description.contains("--kind"), "\(description)")
    }
}
