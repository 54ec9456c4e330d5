import AlmanacTestSupport
import Foundation
import Testing

/// The `xml` format through the built `almanac` binary: the samples, exit statuses and
/// diagnostics, and that libxml2 itself prints nothing.
@Suite("XML through the command line")
struct XMLCommandLineTests {
    static let samples = ["events", "recipes"]

    private func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-xml-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("json → xml → json gives the sample back, and Samples/NAME.xml is up to date", arguments: samples)
    func samplesRoundTrip(name: String) throws {
        let json = try Data(contentsOf: TestPaths.sample("\(name).json"))
        let toXML = try ProcessRunner.almanac(["convert", "Samples/\(name).json", "-t", "xml"])
        #expect(toXML.status == 0, "\(toXML.stderrText)")
        #expect(toXML.stderr.isEmpty)
        let committed = try Data(contentsOf: TestPaths.sample("\(name).xml"))
        #expect(Array(committed) == toXML.stdout, "Samples/\(name).xml is stale: almanac convert Samples/\(name).json -o Samples/\(name).xml")
        let back = try ProcessRunner.almanac(["convert", "-f", "xml", "-t", "json"], stdin: toXML.stdout)
        #expect(back.status == 0, "\(back.stderrText)")
        #expect(back.stdout == Array(json))
        let again = try ProcessRunner.almanac(["convert", "Samples/\(name).xml", "-t", "xml"])
        #expect(again.stdout == toXML.stdout, "xml → xml is stable")
    }

    @Test(.enabled(if: XMLLint.shouldRun, "xmllint is missing: apt-get install libxml2-utils"), arguments: samples)
    func convertedSamplesMatchTheSchema(name: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("\(name).xml")
        let result = try ProcessRunner.almanac(["convert", "Samples/\(name).json", "-o", output.path])
        #expect(result.status == 0, "\(result.stderrText)")
        let xmllint = try #require(XMLLint.executable)
        let check = try ProcessRunner.run(xmllint, ["--noout", "--nonet", "--schema", XMLLint.schema, output.path])
        #expect(check.status == 0, "\(check.stderrText)")
    }

    @Test func malformedXMLExitsWith65AndAPosition() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("<almanac xmlns=\"https://almanac.invalid/xml/1\">\n  <recipe>\n    <title>Pie</titl>\n  </recipe>\n</almanac>\n".utf8)
            .write(to: folder.appendingPathComponent("bad.xml"))
        let result = try ProcessRunner.almanac(["convert", "bad.xml", "-t", "json"], directory: folder)
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        let lines = result.stderrText.split(separator: "\n")
        #expect(lines.first == "bad.xml:3:22: error: malformed XML: Opening and ending tag mismatch: title line 3 and titl")
        #expect(!result.stderrText.contains("parser error"), "libxml2 printed by itself:\n\(result.stderrText)")
    }

    @Test func libxml2PrintsNothingForAnEntityBomb() throws {
        let input = XMLSecurityTests.billionLaughs(reference: "<recipe><title>&lol9;</title></recipe>")
        let result = try ProcessRunner.almanac(["convert", "-f", "xml", "-t", "json"], stdin: Array(input.utf8))
        #expect(result.status == 65)
        #expect(result.stderrText.hasPrefix("<stdin>:14:69: error: malformed XML: Detected an entity reference loop"), "\(result.stderrText)")
        #expect(!result.stderrText.contains("parser error"))
    }

    @Test func aControlCharacterCannotBeWrittenAsXML() throws {
        let json = #"{"events": [{"id": "e", "title": "bell \u0007"}]}"#
        let result = try ProcessRunner.almanac(["convert", "-f", "json", "-t", "xml"], stdin: Array(json.utf8))
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrText.contains("events[0] <title> holds U+0007, which XML 1.0 cannot hold"), "\(result.stderrText)")
    }

    @Test func xmlIsListedAmongTheFormats() throws {
        let result = try ProcessRunner.almanac(["formats"])
        #expect(result.status == 0)
        #expect(result.stdoutText.contains("xml"))
    }
}
