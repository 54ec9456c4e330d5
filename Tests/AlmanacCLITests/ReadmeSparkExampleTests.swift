import Foundation
import Testing
import AlmanacTestSupport

/// The README's "At scale" example is the heart of `Tests/Spark/almanac_job.py`, line for line
/// (the job itself runs in `SparkPeerTests`): a test fails when the two drift apart.
@Suite struct ReadmeSparkExampleTests {
    /// The lines of `text` without leading and trailing spaces and blank lines.
    private static func code(_ text: Substring) -> [String] {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    @Test func theReadmeShowsTheJobsPipeline() throws {
        let readme = try String(contentsOf: TestPaths.inPackage("README.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "## At scale\n"))
        let fence = try #require(readme[section.upperBound...].range(of: "```python\n"))
        let block = readme[fence.upperBound...]
        let end = try #require(block.range(of: "\n```"))
        let shown = Self.code(block[..<end.lowerBound])

        let job = try String(contentsOf: TestPaths.inPackage("Tests/Spark/almanac_job.py"), encoding: .utf8)
        let start = try #require(job.range(of: "# README example begins\n"))
        let stop = try #require(job.range(of: "# README example ends"))
        #expect(shown == Self.code(job[start.upperBound..<stop.lowerBound]))
        #expect(shown.contains { $0.contains(".pipe(") }, "the example pipes: \(shown)")
    }
}
