import AlmanacTestSupport
import Foundation
import Testing

/// almanac as a streaming stage of Apache Spark: `Tests/Spark/almanac_job.py` reads an NDJSON
/// file with pyspark 4.3.0 (pinned in Tests/peers-requirements.txt; Java 17) in local mode and
/// pipes each partition through the built `almanac` with `RDD.pipe`
/// (`almanac convert -f ndjson -t ndjson --warn <every error rule>`).
/// pyspark needs a Java runtime (`java` on PATH) as well as the Python package.
@Suite("Peer: pyspark", .enabled(if: Peers.required || (Peers.pythonHas("pyspark") && Peers.program("java") != nil)), .serialized)
struct SparkPeerTests {
    static let job = TestPaths.inPackage("Tests/Spark/almanac_job.py")

    /// What one run of the job left: its status and messages, the items in `items/` and the
    /// findings in `findings.ndjson`.
    struct JobRun {
        var status: Int32
        var stderr: String
        var summary: [String: Any]?
        var items: [String]
        var findings: [[String: Any]]
        var succeeded: Bool
    }

    static func runJob(_ text: String, partitions: Int) throws -> JobRun {
        let python = try #require(Peers.python, "no python with the peers (.venv/bin/python)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-spark-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("items.ndjson"), output = folder.appendingPathComponent("out")
        try Data(text.utf8).write(to: input)
        let result = try ProcessRunner.run(
            python,
            [job.path, "--almanac", TestPaths.almanacBinary.path, "--input", input.path, "--output", output.path, "--partitions", "\(partitions)"],
            directory: folder, timeout: 900)
        let lastLine = result.stdout.split(separator: UInt8(ascii: "\n")).last.map { Data($0) }
        let summary = try lastLine.flatMap { try JSONSerialization.jsonObject(with: $0) as? [String: Any] }
        let itemsFolder = output.appendingPathComponent("items")
        let parts = ((try? FileManager.default.contentsOfDirectory(atPath: itemsFolder.path)) ?? []).filter { $0.hasPrefix("part-") }.sorted()
        var items: [String] = []
        for part in parts {
            let bytes = try Data(contentsOf: itemsFolder.appendingPathComponent(part))
            items += String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        }
        var findings: [[String: Any]] = []
        if let bytes = try? Data(contentsOf: output.appendingPathComponent("findings.ndjson")) {
            for row in bytes.split(separator: UInt8(ascii: "\n")) {
                findings.append(try #require(try JSONSerialization.jsonObject(with: Data(row)) as? [String: Any]))
            }
        }
        let succeeded = FileManager.default.fileExists(atPath: itemsFolder.appendingPathComponent("_SUCCESS").path)
        return JobRun(status: result.status, stderr: result.stderrText, summary: summary, items: items, findings: findings, succeeded: succeeded)
    }

    /// The findings of one severity, as id → rules.
    static func rules(_ findings: [[String: Any]], severity: String) -> [String: Set<String>] {
        var byID: [String: Set<String>] = [:]
        for finding in findings where finding["severity"] as? String == severity {
            byID[finding["id"] as? String ?? "?", default: []].insert(finding["rule"] as? String ?? "?")
        }
        return byID
    }

    static func id(of line: String) -> String? {
        (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["id"] as? String
    }

    @Test("200,000 items piped through almanac in 4 partitions: every item comes out unchanged, the invalid ones are reported by id and rule")
    func everyItemThroughInvalidReported() throws {
        let stream = GeneratedItemStream.make(seed: 20_261_201, count: 200_000)
        try #require(stream.invalid.count > 100 && !stream.warned.isEmpty)
        let run = try Self.runJob(stream.text, partitions: 4)
        try #require(run.status == 0, "the job failed: \(run.stderr.suffix(3_000))")
        #expect(run.succeeded)
        #expect(run.summary?["partitions"] as? Int == 4)

        #expect(run.items.count == stream.lines.count)
        let ids = run.items.compactMap(Self.id(of:))
        #expect(ids.count == stream.lines.count)
        #expect(Set(ids) == Set(stream.lines.compactMap(Self.id(of:))))
        #expect(run.items.sorted() == stream.lines.sorted(), "an item changed on its way through")

        let invalid = Self.rules(run.findings, severity: "error")
        #expect(invalid == stream.invalid, "reported invalid but not: \(Set(invalid.keys).subtracting(stream.invalid.keys).sorted().prefix(5)); not reported: \(Set(stream.invalid.keys).subtracting(invalid.keys).sorted().prefix(5))")
        #expect(Self.rules(run.findings, severity: "warning") == stream.warned)
        #expect(run.summary?["items"] as? Int == stream.lines.count)
        #expect(run.summary?["invalid"] as? Int == stream.invalid.count)
        // Each finding points at the line of its partition's input the item was on.
        #expect(run.findings.allSatisfy { ($0["line"] as? Int ?? 0) > 0 && ($0["partition"] as? Int).map { (0..<4).contains($0) } == true })
    }

    @Test("An item almanac cannot read (no title) stops the job with almanac's message and status 1, no output marked done")
    func unreadableItemStopsTheJob() throws {
        var stream = GeneratedItemStream.make(seed: 7, count: 2_000)
        stream.lines[1_234] = #"{"kind":"recipe","id":"rc-untitled","ingredients":[{"name":"salt"}]}"#
        let run = try Self.runJob(stream.text, partitions: 2)
        #expect(run.status == 1, "status \(run.status): \(run.stderr.suffix(3_000))")
        #expect(run.stderr.contains("almanac_job: error: partition "))
        #expect(run.stderr.contains("has no 'title'"))
        #expect(!run.succeeded)
        #expect(run.summary == nil)
    }
}
