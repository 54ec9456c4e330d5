import Foundation
import Testing
import Almanac
import AlmanacCore
import AlmanacFormats
import AlmanacTestSupport

/// The README's "Using the library" examples, compiled here line for line: the test build
/// fails when the library changes under them, and a test fails when the two drift apart.
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

    /// The pipeline example as the README shows it (`import Almanac`); returns its conversion.
    static func pipelineExample() throws -> Conversion {
        // README pipeline example begins
        let registry = BuiltinFormats.registry
        let conversion = Conversion(
            inputs: [try ConversionInput(path: "Samples/events.json", registry: registry)],
            to: registry.codec(named: "md")!,
            pipeline: Pipeline([
                FilterStep(.kind(.event), .incomplete),
                SortStep(by: .date),
                HeadStep(count: 3),
            ])
        )
        do {
            let agenda = try conversion.bytes()   // or .write(to: .file("agenda.md"))
            print(String(decoding: agenda, as: UTF8.self))
        } catch {
            print(error, "exit status", error.status.rawValue)   // an AlmanacError, typed
        }
        // README pipeline example ends
        return conversion
    }

    /// The `index`th ```swift block of the README's "Using the library" section.
    private static func readmeBlock(_ index: Int) throws -> [String] {
        let readme = try String(contentsOf: TestPaths.inPackage("README.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "## Using the library\n\n"))
        var rest = readme[section.upperBound...]
        if let next = rest.range(of: "\n## ") { rest = rest[..<next.lowerBound] }
        var blocks: [[String]] = []
        while let open = rest.range(of: "```swift\n") {
            let body = rest[open.upperBound...]
            let end = try #require(body.range(of: "\n```"))
            blocks.append(code(body[..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)))
            rest = body[end.upperBound...]
        }
        try #require(blocks.count > index, "the section has \(blocks.count) swift blocks")
        return blocks[index]
    }

    /// The lines between `// NAME begins` and `// NAME ends` in this file.
    private static func compiled(_ name: String) throws -> [String] {
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let start = try #require(source.range(of: "// \(name) begins\n"))
        let stop = try #require(source.range(of: "// \(name) ends"))
        return code(source[start.upperBound..<stop.lowerBound].split(separator: "\n"))
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

    @Test func theReadmeShowsThePipelineExample() throws {
        let shown = try Self.readmeBlock(1)
        #expect(shown == (try Self.compiled("README pipeline example")))
        #expect(shown.count >= 10, "the example has its lines: \(shown)")
        #expect(try Self.readmeBlock(0) == (try Self.compiled("README example")))
    }

    @Test func thePipelineExampleWritesTheThreeSoonestIncompleteEvents() throws {
        let folder = FileManager.default.currentDirectoryPath
        try #require(FileManager.default.fileExists(atPath: folder + "/Samples/events.json"), "run from the package folder, as `swift test` is")
        let agenda = String(decoding: try Self.pipelineExample().bytes(), as: UTF8.self)
        let shown = agenda.split(separator: "\n").filter { $0.hasPrefix("### ") }.map { String($0.dropFirst(4)) }
        // The oracle, from the model: incomplete events by their next start, the first three.
        let events = try BuiltinFormats.registry.codec(named: "json")!
            .decode(Array(try Data(contentsOf: URL(fileURLWithPath: "Samples/events.json"))), source: "events.json").document.events
        let today = PeriodReference().day
        let soonest = events.filter { !$0.isComplete }
            .sorted { ($0.placed(onOrAfter: today).start?.instant(localZone: .current) ?? .distantFuture) < ($1.placed(onOrAfter: today).start?.instant(localZone: .current) ?? .distantFuture) }
            .prefix(3).map(\.title)
        #expect(soonest.count == 3)
        #expect(Set(shown.map { $0.replacingOccurrences(of: "\\", with: "") }) == Set(soonest))
    }

    @Test func theExampleRunsFromThePackageFolder() throws {
        let folder = FileManager.default.currentDirectoryPath
        try #require(FileManager.default.fileExists(atPath: folder + "/Samples/events.json"), "run from the package folder, as `swift test` is")
        try Self.example()
    }
}
