import AlmanacTestSupport
import Testing

/// Where ``NDJSONCodec`` says each item starts: its line, in whole and streamed reads.
extension NDJSONCodecTests {
    static let itemsWithError = """
        {"kind":"recipe","id":"r","title":"Soup"}

        {"kind":"event","id":"b","title":"Second","start":"2026-12-24T10:00:00Z","end":"2026-12-24T09:00:00Z"}

        """

    static let expectedError = "<stdin>:3:1: error: event 'Second': it ends (2026-12-24T09:00:00Z) before it starts (2026-12-24T10:00:00Z) [end-after-start]"

    @Test("validate names the item's line")
    func wholeReadOrigins() throws {
        let run = try ValidationRun.errors(["validate", "-f", "ndjson"], input: Self.itemsWithError)
        #expect(run.status == 1)
        #expect(run.errors == [Self.expectedError])
    }

    @Test("a streamed conversion names the same line")
    func streamedOrigins() throws {
        let run = try ValidationRun.errors(["convert", "-f", "ndjson", "-t", "json"], input: Self.itemsWithError)
        #expect(run.status == 1)
        #expect(run.errors == [Self.expectedError])
    }
}
