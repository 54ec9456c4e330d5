import Foundation
import Testing
@testable import AlmanacCLI
import AlmanacTestSupport

/// `almanac convert … -d FOLDER`: one file per item, all or none, never outside the folder.
@Suite struct SplitOutputTests {
    @Test func writesOnePagePerRecipeAndAnIndexIntoANewFolder() throws {
        let scratch = try ScratchFolder()
        let folder = scratch.path("site/recipes")
        let result = try CLI.run(["convert", "Samples/recipes.json", "-d", folder, "--front-matter"])
        #expect(result.status == 0, "\(result.stderrText)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(files.contains("index.md"))
        let recipeCount = try JSONSerialization.jsonObject(with: Data(contentsOf: TestPaths.sample("recipes.json"))) as? [String: Any]
        #expect(files.count == ((recipeCount?["recipes"] as? [Any])?.count ?? -1) + 1)
        #expect(!files.contains { $0.hasPrefix(".") }, "no temporary files left")
    }

    @Test func aFailedRunWritesNoFile() throws {
        let scratch = try ScratchFolder()
        let input = try scratch.write("bad.json", "{\"recipes\": [{\"title\": \"A\"}, {\"title\": \"\"}]}")
        let folder = scratch.path("out")
        let result = try CLI.run(["convert", input, "-d", folder])
        #expect(result.status == 1, "the blank title fails validation")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func aSiteKeepsTheLayoutTheUserEditedAndRewritesThePages() throws {
        let scratch = try ScratchFolder()
        let site = scratch.path("site")
        #expect(try CLI.run(["convert", "Samples/recipes.json", "-d", site, "--site", "jekyll"]).status == 0)
        let layout = site + "/_layouts/almanac.html", page = site + "/recipes/apple-galette.md"
        #expect(String(decoding: try CLI.fileBytes(layout), as: UTF8.self).contains("application/ld+json"))
        try Data("my layout\n".utf8).write(to: URL(fileURLWithPath: layout))
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: page))
        let again = try CLI.run(["convert", "Samples/recipes.json", "-d", site, "--site", "jekyll"])
        #expect(again.status == 0, "\(again.stderrText)")
        #expect(try CLI.fileBytes(layout) == Array("my layout\n".utf8))
        #expect(String(decoding: try CLI.fileBytes(page), as: UTF8.self).contains("# Apple Galette"))
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: site + "/_layouts")).contains { $0.hasPrefix(".") })
    }

    @Test func aSiteWithoutAFolderIsAnError() throws {
        let result = try CLI.run(["convert", "Samples/recipes.json", "-t", "md", "--site", "hugo"])
        #expect(result.status == 65)
        #expect(result.stderrText.contains("--site writes a folder"))
        #expect(result.stdout.isEmpty)
    }

    @Test func folderAndFileTogetherIsAUsageError() throws {
        let result = try CLI.run(["convert", "Samples/recipes.json", "-d", "/tmp/x", "-o", "/tmp/x.md"])
        #expect(result.status == 64)
    }

    @Test func aFormatThatCannotSplitIsAUsageError() throws {
        let result = try CLI.run(["convert", "Samples/recipes.json", "-d", "/tmp/x", "-t", "json"])
        #expect(result.status == 64)
        #expect(result.stderrText.contains("cannot write a folder of files"))
    }

    @Test(arguments: ["../x.md", "/etc/passwd", "a/../../b.md", "", "./a.md", "a//b.md"])
    func unsafePathsAreRefused(path: String) {
        #expect(!SplitOutput.isSafe(path))
    }

    @Test(arguments: ["a.md", "recipes/a.md", "index.md"])
    func plainRelativePathsAreSafe(path: String) {
        #expect(SplitOutput.isSafe(path))
    }
}
