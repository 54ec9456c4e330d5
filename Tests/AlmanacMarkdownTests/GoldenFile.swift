import AlmanacTestSupport
import Foundation
import Testing

/// Compares output with `Tests/AlmanacMarkdownTests/Golden/NAME`; with
/// `ALMANAC_UPDATE_GOLDEN=1` it writes the file instead.
enum GoldenFile {
    static func check(_ text: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = TestPaths.inPackage("Tests/AlmanacMarkdownTests/Golden/\(name)")
        if ProcessInfo.processInfo.environment["ALMANAC_UPDATE_GOLDEN"] == "1" {
            try Data(text.utf8).write(to: url)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(text == expected, "\(name) differs; run with ALMANAC_UPDATE_GOLDEN=1 to update", sourceLocation: sourceLocation)
    }
}
