import Foundation
import Testing
import AlmanacCore
import AlmanacFormats
import AlmanacTestSupport

/// Replays every input a fuzzer found a bug with (`Tests/FuzzRegressions/FORMAT/*`)
/// through that format's reader, writer and reader again, as `almanac-fuzz` does.
@Suite struct FuzzRegressionTests {
    static let cases: [String] = {
        let root = TestPaths.inPackage("Tests/FuzzRegressions")
        let formats = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return formats.sorted().flatMap { format in
            ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(format).path)) ?? []).sorted().map { "\(format)/\($0)" }
        }
    }()

    @Test func thereAreRegressionInputs() {
        #expect(!Self.cases.isEmpty)
    }

    @Test(arguments: cases)
    func replays(path: String) throws {
        let format = String(path.prefix { $0 != "/" })
        let codec = try #require(BuiltinFormats.registry.codec(named: format))
        let bytes = try FileIO.readAll(TestPaths.inPackage("Tests/FuzzRegressions/\(path)").path)
        guard let decoded = try? codec.decode(bytes, source: path) else { return }
        let encoded = try codec.encode(decoded.document, options: EncodingOptions())
        _ = try codec.decode(encoded.bytes, source: "\(path) written again")
    }
}
