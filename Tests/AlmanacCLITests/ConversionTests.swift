import Foundation
import Testing
import AlmanacTestSupport

/// ``Conversion``: a document read whole and written as ndjson to standard output goes out
/// item by item, with the same bytes as the whole-document writer gives a file.
@Suite struct ConversionTests {
    @Test("json → ndjson on standard output equals the file output, past the 64 KiB batches")
    func itemWiseStandardOutput() throws {
        let scratch = try ScratchFolder()
        let events = (0..<2_000).map { #"{"id":"e\#($0)","title":"Event \#($0) ünï","start":"2026-12-24T10:00:00Z","notes":"\#(String(repeating: "x", count: $0 % 90))"}"# }
        let input = try scratch.write("many.json", #"{"almanac":1,"recipes":[{"id":"r","title":"Soup"}],"events":["# + events.joined(separator: ",") + "]}")
        let file = scratch.path("many.ndjson")
        let written = try CLI.run(["convert", input, "-o", file])
        #expect(written.status == 0, "\(written.stderrText)")
        let printed = try CLI.run(["convert", input, "-t", "ndjson"])
        #expect(printed.status == 0, "\(printed.stderrText)")
        #expect(printed.stdout.count > 1 << 17)
        #expect(printed.stdout == (try CLI.fileBytes(file)))
        let lines = printed.stdoutText.split(separator: "\n")
        #expect(lines.count == 2_001)
        #expect(lines.first?.hasPrefix(#"{"kind":"recipe","id":"r""#) == true)
        #expect(lines.last?.hasPrefix(#"{"kind":"event","id":"e1999""#) == true)
    }
}
