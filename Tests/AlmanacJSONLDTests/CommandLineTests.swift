@testable import AlmanacJSONLD
import AlmanacCore
import AlmanacTestSupport
import Foundation
import Testing

@Suite("JSON-LD through the almanac binary")
struct CommandLineTests {
    @Test("almanac convert page.html -t md: groups, sections, yields with units and durations", .enabled(if: TestPaths.hasAlmanacBinary))
    func pageToMarkdown() throws {
        let url = try Fixtures.temporaryFile("page.html", Fixtures.page)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let plain = try ProcessRunner.almanac(["convert", url.path, "-t", "md"])
        #expect(plain.status == 0, "\(plain.stderrText)")
        for line in ["# Cardamom buns", "**16 buns**", "## For the dough", "- *4 1/2 cups* flour", "- *1 1/4 cups* milk, warm", "## For the filling",
                     "- *1/3 cup* sugar", "## Make the dough", "## Fill and bake", "2. Bake at 200 °C for 25 minutes."] {
            #expect(plain.stdoutText.contains(line + "\n"), "\(line)")
        }
        // Only almanac's own warnings: libxml2 prints nothing about the page's stray markup.
        #expect(plain.stderrText.split(separator: "\n").allSatisfy { $0.hasPrefix("almanac: warning: recipe 'Cardamom buns'") }, "\(plain.stderrText)")
        let matter = try ProcessRunner.almanac(["convert", url.path, "-t", "md", "--front-matter"])
        #expect(matter.status == 0)
        for line in [#"prepTime: "PT1H30M""#, #"cookTime: "PT25M""#, #"totalTime: "PT115M""#, #"yields: ["16 buns"]"#] {
            #expect(matter.stdoutText.contains(line + "\n"), "\(line)")
        }
    }

    @Test("bad JSON-LD exits 65 with file:line:column", .enabled(if: TestPaths.hasAlmanacBinary))
    func badInput() throws {
        let cases = [
            ("[{\"@type\": \"Person\"}]", "<stdin>:1:1: error: no schema.org Recipe"),
            ("{\"@type\": \"Recipe\",\n  \"name\": [\"A\"]}", "<stdin>:2:11: error: Recipe 'name' must be text, found an array"),
            ("{\"@type\": \"Recipe\",\n  \"recipeYield\": {\"value\": 4}, \"name\": \"A\"}", "<stdin>:2:18: error: Recipe 'recipeYield' must be text, a number or a list of them, found an object"),
            ("{\"@type\": \"Recipe\", \"name\": \"A\",}", "<stdin>:1:33: error: not JSON: unexpected '}'; expected a key in double quotes"),
            ("{\"@type\": \"Recipe\"}", "<stdin>:1:1: error: the Recipe has no 'name'"),
        ]
        for (input, expected) in cases {
            let result = try ProcessRunner.almanac(["convert", "-f", "jsonld", "-t", "json"], stdin: Array(input.utf8))
            #expect(result.status == 65, "\(input)")
            #expect(result.stderrText.hasPrefix(expected), "\(result.stderrText)")
        }
        let url = try Fixtures.temporaryFile("empty.html", "<html><body>No recipe</body></html>")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let page = try ProcessRunner.almanac(["convert", url.path, "-t", "md"])
        #expect(page.status == 65)
        #expect(page.stderrText.hasPrefix("\(url.path):1:1: error: the page has no <script type=\"application/ld+json\"> block"), "\(page.stderrText)")
    }

    @Test("jsonld → json → jsonld keeps everything", .enabled(if: TestPaths.hasAlmanacBinary))
    func throughJSON() throws {
        let url = try Fixtures.temporaryFile("page.html", Fixtures.page)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let jsonld = try ProcessRunner.almanac(["convert", url.path, "-t", "jsonld"])
        #expect(jsonld.status == 0, "\(jsonld.stderrText)")
        let json = try ProcessRunner.almanac(["convert", "-f", "jsonld", "-t", "json"], stdin: jsonld.stdout)
        let back = try ProcessRunner.almanac(["convert", "-f", "json", "-t", "jsonld"], stdin: json.stdout)
        #expect(back.status == 0, "\(back.stderrText)")
        #expect(back.stdoutText == jsonld.stdoutText)
    }
}
