import AlmanacTestSupport
import Foundation
import Testing

/// `xmllint` (Debian package `libxml2-utils`), which the schema tests run. Without it
/// they are skipped, unless `ALMANAC_REQUIRE_PEERS=1`.
enum XMLLint {
    static let executable: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return (path.split(separator: ":").map(String.init) + ["/usr/bin"])
            .map { URL(fileURLWithPath: $0).appendingPathComponent("xmllint") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    static var shouldRun: Bool { executable != nil || Peers.required }

    static let schema = TestPaths.inPackage("Formats/XML/almanac.xsd").path

    /// `xmllint --noout --schema Formats/XML/almanac.xsd -` on `bytes`; status 0 when valid.
    static func validate(_ bytes: [UInt8]) throws -> ProcessRunner.Result {
        let xmllint = try #require(executable, "xmllint is missing: apt-get install libxml2-utils")
        return try ProcessRunner.run(xmllint, ["--noout", "--nonet", "--schema", schema, "-"], stdin: bytes)
    }

    /// `xmllint --noout -` on `bytes`: well-formedness only.
    static func wellFormed(_ bytes: [UInt8]) throws -> ProcessRunner.Result {
        let xmllint = try #require(executable, "xmllint is missing: apt-get install libxml2-utils")
        return try ProcessRunner.run(xmllint, ["--noout", "--nonet", "-"], stdin: bytes)
    }
}
