import Foundation
import Testing
import AlmanacCore
import AlmanacFormats
import AlmanacTestSupport

/// The README's "Using the library" example, compiled here line for line: the test build
/// fails when the library changes under it, and a test fails when the two drift apart.
@Suite struct ReadmeLibraryExampleTests {
    /// The example as the README shows it (from its first line after the imports).
    static func example() throws {
        // README example begins
        let bytes = try Data(contentsOf: URL(fileURLWithPath: "Samples/events.json"))
        let registry = BuiltinFormats.registry
        let json = registry.codec(named: "json")!
        let result = try json.decode(Array(bytes), source: "events.json")   // limits: .formatDefaults
        for event in result.document.events where event.period(relativeTo: .now) == .nextSevenDays {
            print(event.title, event.remainingTaskCount)
        }
        // README example ends
    }

    /// The lines of a fenced block or marked region, without leading spaces, imports and blank lines.
    private static func code(_ lines: some Sequence<Substring>) -> [String] {
        lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("import ") }
    }

    @Test func theReadmeShowsThisExample() throws {
        let readme = try String(contentsOf: TestPaths.inPackage("README.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "## Using the library\n\n```swift\n"))
        let block = readme[section.upperBound...]
        let end = try #require(block.range(of: "\n```"))
        let shown = Self.code(block[..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false))

        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let start = try #require(source.range(of: "// README example begins\n"))
        let stop = try #require(source.range(of: "// README example ends"))
        let compiled = Self.code(source[start.upperBound..<stop.lowerBound].split(separator: "\n"))
        #expect(shown == compiled)
        #expect(shown.count >= 5, "the example has its lines: \(shown)")
    }

    @Test func theExampleRunsFromThePackageFolder() throws {
        let folder = FileManager.default.currentDirectoryPath
        try #require(FileManager.default.fileExists(atPath: folder + "/Samples/events.json"), "run from the package folder, as `swift test` is")
        try Self.example()
    }
}
